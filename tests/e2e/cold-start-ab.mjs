// Cold start, two builds side by side: each build is served by its own serve.py, and fresh browser
// contexts alternate between them (A, B, B, A, …), so that a shared machine's load weighs on both
// alike. Not a test (nothing is asserted); docs/BENCHMARKS.md quotes what it prints.
//
//   node tests/e2e/cold-start-ab.mjs RUNS NAME=SITE_DIR[:SERVE_PY] NAME=SITE_DIR[:SERVE_PY] [--out FILE]
//
// e.g. before=/tmp/main-site:/tmp/main-serve.py after=target/site (SERVE_PY defaults to scripts/serve.py).
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { root } from './harness.mjs';

const args = process.argv.slice(2);
const runs = Number(args[0]);
const out = args.includes('--out') ? args[args.indexOf('--out') + 1] : null;
const builds = args.slice(1).filter((a) => /^\w+=/.test(a)).map((a) => {
  const [name, spec] = a.split(/=(.*)/s);
  const [site, serve = join(root, 'scripts/serve.py')] = spec.split(':');
  return { name, site, serve, results: [] };
});
if (!(runs > 0) || builds.length < 2) {
  console.error('usage: node tests/e2e/cold-start-ab.mjs RUNS NAME=SITE[:SERVE_PY] NAME=SITE[:SERVE_PY] [--out FILE]');
  process.exit(2);
}

const freePort = () => new Promise((resolve) => {
  const probe = createServer();
  probe.listen(0, '127.0.0.1', () => {
    const { port } = probe.address();
    probe.close(() => resolve(port));
  });
});

for (const b of builds) {
  b.port = await freePort();
  b.server = spawn('python3', [b.serve, b.site, String(b.port), '--quiet'], { stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise((resolve) => b.server.stdout.once('data', resolve));
}
process.on('exit', () => builds.forEach((b) => b.server.kill()));
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-quic', '--no-first-run',
    '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});

const loads = [];
for (let i = 0; i < runs; i++) {
  for (const b of i % 2 ? [...builds].reverse() : builds) {
    loads.push(loadavg()[0]);
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.goto(`http://127.0.0.1:${b.port}/`);
    await page.waitForSelector('body[data-ready="true"]', { timeout: 30000 });
    // A build from before the paint was recorded has only the time the result reached the DOM.
    await page.waitForSelector('body[data-first-paint-ms]', { state: 'attached', timeout: 2000 }).catch(() => {});
    b.results.push(await page.evaluate(() => ({
      result: Number(document.body.dataset.firstResultMs),
      painted: Number(document.body.dataset.firstPaintMs ?? NaN),
      timeline: JSON.parse(document.body.dataset.timeline),
    })));
    await context.close();
  }
}
await browser.close();

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const spread = (xs) => ({ median: median(xs), min: Math.min(...xs), max: Math.max(...xs) });
const report = { runs, loadAverage: spread(loads.map((l) => Math.round(l * 100) / 100)), builds: {} };
for (const b of builds) {
  const keys = [...new Set(b.results.flatMap((r) => Object.keys(r.timeline)))];
  report.builds[b.name] = {
    firstResultMs: { ...spread(b.results.map((r) => r.result)), all: b.results.map((r) => r.result) },
    firstPaintMs: b.results.some((r) => r.painted > 0) ? spread(b.results.map((r) => r.painted)) : null,
    medianTimelineMs: Object.fromEntries(keys.map((k) => [k, median(b.results.map((r) => r.timeline[k] ?? NaN))])),
  };
  const { firstResultMs: r, firstPaintMs: p } = report.builds[b.name];
  console.log(`${b.name}: first result median ${r.median} ms (min ${r.min}, max ${r.max})${p ? `, on screen ${p.median} (min ${p.min}, max ${p.max})` : ''}`);
}
console.log(`load average ${report.loadAverage.min}–${report.loadAverage.max} (median ${report.loadAverage.median}), ${runs} fresh contexts per build`);
if (out) writeFileSync(out, `${JSON.stringify(report, null, 2)}\n`);
// The servers' pipes would keep this process alive.
builds.forEach((b) => b.server.kill());
