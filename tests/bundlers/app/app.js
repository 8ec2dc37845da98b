// The tiny app both bundlers build: start the wasm, migrate the bosun example once, show the result.
import { migrate } from 'values-migrate';
import { input } from './example.js';

/** Runs `start` (the bundler-specific init), then the first `migrate`, and records both on the page. */
export async function run(start) {
  const begin = performance.now();
  try {
    await start();
    const result = migrate(input);
    const end = performance.now();
    const out = document.querySelector('#result');
    out.textContent = JSON.stringify({
      status: result.status,
      after: result.files[0].after,
      initAndFirstResultMs: end - begin,
      sinceNavigationMs: end,
    });
    document.body.dataset.status = result.status;
  } catch (e) {
    document.body.dataset.status = `error: ${e}`;
  }
}
