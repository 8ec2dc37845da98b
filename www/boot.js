// Starts the library's worker before anything else loads, so that the wasm downloads and compiles
// while the page's own modules do; the app takes over the worker and the messages it sent meanwhile.
(() => {
  try {
    const theme = localStorage.getItem('values-migrate-theme');
    if (theme === 'light' || theme === 'dark') document.documentElement.dataset.theme = theme;
  } catch {
    // Storage may be off: the system's theme, then.
  }
  const worker = new Worker('worker.js', { type: 'module' });
  const early = [];
  worker.onmessage = (event) => early.push(event.data);
  window.valuesMigrateBoot = { worker, early, start: performance.now() };
})();
