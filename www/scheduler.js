// The one scheduling rule of the page: a run starts once its inputs have been still for a moment,
// one run at a time; inputs that change while a run is out ask for one more run when it is back.

/**
 * A scheduler of `run(stale)`: `schedule()` (re)starts the wait, `now()` runs at once. `run` gets
 * `stale()`, true once the inputs changed since it started (its reply is then not drawn: the
 * scheduler runs again). `pending()` is called whenever a run is awaited.
 */
export function scheduler(run, { delay = 120, pending = () => {} } = {}) {
  let timer = null;
  let busy = false;
  let dirty = false;
  async function now() {
    clearTimeout(timer);
    if (busy) {
      dirty = true;
      return;
    }
    busy = true;
    dirty = false;
    pending();
    try {
      await run(() => dirty);
    } finally {
      busy = false;
    }
    if (dirty) now();
  }
  function schedule() {
    clearTimeout(timer);
    pending();
    timer = setTimeout(now, delay);
  }
  return { schedule, now };
}
