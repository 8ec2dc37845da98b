// The timing rule every harness of scripts/bench follows (bench/native/src/main.rs and
// bench/pymeasure.py implement the same one): warm up for `warm_s` and at least
// `warm_calls` calls, pick a batch of calls lasting about `sample_s`, then take batches until
// `min_time_s` has passed and `min_samples` were taken (at most `max_samples`). A sample is a
// batch's time divided by its calls.

import { performance } from 'node:perf_hooks';

export function plan(quick) {
  return quick
    ? { warm_s: 0.05, warm_calls: 1, sample_s: 0.002, min_time_s: 0.2, min_samples: 3, max_samples: 1000 }
    : { warm_s: 0.5, warm_calls: 2, sample_s: 0.002, min_time_s: 1.0, min_samples: 5, max_samples: 5000 };
}

let sink = 0;

export function measure(p, f) {
  let calls = 0;
  const start = performance.now();
  while (calls < p.warm_calls || performance.now() - start < p.warm_s * 1e3) {
    sink ^= f() === undefined ? 1 : 0;
    calls++;
  }
  const perCall = (performance.now() - start) / calls;
  const batch = Math.max(1, Math.ceil((p.sample_s * 1e3) / perCall));
  const samples = [];
  const begin = performance.now();
  while (samples.length < p.max_samples
    && (samples.length < p.min_samples || performance.now() - begin < p.min_time_s * 1e3)) {
    const t = performance.now();
    for (let i = 0; i < batch; i++) sink ^= f() === undefined ? 1 : 0;
    samples.push((performance.now() - t) / batch);
    calls += batch;
  }
  return { samples, batch, calls };
}

export function summarize(samples) {
  if (!samples.length) throw new Error('no samples');
  const s = [...samples].sort((a, b) => a - b);
  const mid = s.length >> 1;
  const median = s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
  const p90 = s[Math.min(s.length - 1, Math.ceil(0.9 * s.length) - 1)];
  const mean = s.reduce((a, b) => a + b, 0) / s.length;
  return { median_ms: median, p90_ms: p90, mean_ms: mean, min_ms: s[0], n: s.length };
}

/** The same rule for several functions at once, their batches taken in turn (A B A B …), so
 * that drift on the machine (other work, heap growth) falls on all of them alike. */
export function measureInterleaved(p, fs) {
  const states = fs.map((f) => {
    let calls = 0;
    const start = performance.now();
    while (calls < p.warm_calls || performance.now() - start < p.warm_s * 1e3) {
      sink ^= f() === undefined ? 1 : 0;
      calls++;
    }
    const perCall = (performance.now() - start) / calls;
    return { f, calls, batch: Math.max(1, Math.ceil((p.sample_s * 1e3) / perCall)), samples: [], spent: 0 };
  });
  const done = (s) => s.samples.length >= p.max_samples
    || (s.samples.length >= p.min_samples && s.spent >= p.min_time_s * 1e3);
  while (!states.every(done)) {
    for (const s of states) {
      if (done(s)) continue;
      const t = performance.now();
      for (let i = 0; i < s.batch; i++) sink ^= s.f() === undefined ? 1 : 0;
      const dt = performance.now() - t;
      s.samples.push(dt / s.batch);
      s.spent += dt;
      s.calls += s.batch;
    }
  }
  return states.map(({ samples, batch, calls }) => ({ samples, batch, calls }));
}
