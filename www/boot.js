// Starts the library's worker before anything else loads, so that the wasm downloads and compiles
// while the page's own modules do; the app takes over the worker and the messages it sent meanwhile.
(() => {
  try {
    const theme = localStorage.getItem('values-migrate-theme');
    if (theme === 'light' || theme === 'dark') document.documentElement.dataset.theme = theme;
  } catch {
    // Storage may be off: the system's theme, then.
  }
  // Opened without a shared state, the page shows the bosun example: the worker computes it as soon
  // as the library is ready, and answers the page's first request with that result.
  const first = location.hash.startsWith('#s=') ? '' : 'bosun-0.20.0-to-0.25.1';
  const worker = new Worker('worker.js', { type: 'module', name: first });
  const early = [];
  worker.onmessage = (event) => early.push(event.data);
  window.valuesMigrateBoot = { worker, early, start: performance.now() };
})();
