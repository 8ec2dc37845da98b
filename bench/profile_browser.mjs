// Times and profiles the browser build in headless Chromium, through the DevTools protocol:
//
//   node bench/profile_browser.mjs PKG_WEB_DIR FAMILY BYTES [CALLS] [OUT.cpuprofile]
//
// PKG_WEB_DIR is a wasm-bindgen --target web output (pkg/web, or the raw cargo output bound
// with --keep-debug so that the profile names Rust functions). The page loads it from a
// routed origin (no server, no network), migrates the bosun example inside FAMILY's file
// (bench/families.mjs) CALLS times, and prints the median per call; with OUT, V8's CPU
// profile of those calls, which `node bench/profile.mjs --top OUT` summarizes.

import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { familyText } from './families.mjs';

const [pkg, family, bytes, calls = '20', out] = process.argv.slice(2);
if (!pkg || !family || !bytes) throw new Error('usage: node bench/profile_browser.mjs PKG_WEB_DIR FAMILY BYTES [CALLS] [OUT]');
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bosun = path.join(root, 'examples/bosun-0.20.0-to-0.25.1');
const read = (p) => readFileSync(path.join(bosun, p), 'utf8');
const request = {
  files: [{ path: 'addons.yaml', text: familyText(family, Number(bytes)) }],
  baseSchema: read('base.values.schema.json'), targetSchema: read('target.values.schema.json'), proposal: read('proposal.yaml'),
};
const origin = 'http://bench.invalid/';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
try {
  const page = await browser.newPage();
  await page.route(`${origin}**`, (route) => {
    const name = new URL(route.request().url()).pathname.slice(1);
    if (name === '' || name === 'index.html') return route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>bench</title>' });
    return route.fulfill({ path: path.join(pkg, name), contentType: name.endsWith('.wasm') ? 'application/wasm' : 'text/javascript' });
  });
  await page.goto(origin);
  await page.evaluate(async () => {
    const vm = await import('/values_migrate.js');
    await vm.default();
    globalThis.vm = vm;
  });
  const run = (n) => page.evaluate(({ request, n }) => {
    const times = [];
    for (let i = 0; i < n; i++) {
      const t = performance.now();
      const r = globalThis.vm.migrate(request);
      times.push(performance.now() - t);
      if (r.status !== 'planned') throw new Error(`not planned: ${r.status}`);
    }
    return times;
  }, { request, n });
  await run(2);
  let cdp;
  if (out) {
    cdp = await page.context().newCDPSession(page);
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
  }
  const times = (await run(Number(calls))).sort((a, b) => a - b);
  if (out) writeFileSync(out, JSON.stringify((await cdp.send('Profiler.stop')).profile));
  console.log(JSON.stringify({ family, bytes: Buffer.byteLength(request.files[0].text), calls: times.length, median_ms: times[times.length >> 1], min_ms: times[0] }));
} finally {
  await browser.close();
}
