// The package as most browser users meet it: a tiny app bundled by esbuild and by Vite, served on
// 127.0.0.1 and run in headless Chromium; and Node, where `import 'values-migrate'` needs no wasm URL.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createServer } from 'node:net';
import { build as esbuild } from 'esbuild';
import { build as vite } from 'vite';
import { chromium } from 'playwright-core';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..');
const work = join(root, 'target/bundlers');
const example = (file) => readFileSync(join(root, 'examples/bosun-0.20.0-to-0.25.1', file), 'utf8');
const input = {
  files: [{ path: 'addons.yaml', text: example('addons.yaml') }],
  baseSchema: example('base.values.schema.json'),
  targetSchema: example('target.values.schema.json'),
  proposal: example('proposal.yaml'),
};
const timings = {};
let server;
let browser;
let base;

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/** index.html in `dir`, loading `entry`. */
function writePage(dir, entry) {
  const html = readFileSync(join(here, 'app/index.html'), 'utf8').replace('./ENTRY', `./${entry}`);
  writeFileSync(join(dir, 'index.html'), html);
}

/** The app's sources, with the example as a module and index.html pointing at `entry`. */
function writeSources(dir, entry) {
  cpSync(join(here, 'app'), dir, { recursive: true });
  writeFileSync(join(dir, 'example.js'), `export const input = ${JSON.stringify(input)};\n`);
  writePage(dir, entry);
}

before(async () => {
  rmSync(work, { recursive: true, force: true });
  writeSources(join(work, 'src-esbuild'), 'esbuild-entry.js');
  await esbuild({
    entryPoints: [join(work, 'src-esbuild/esbuild-entry.js')],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    outdir: join(work, 'esbuild'),
    loader: { '.wasm': 'file' },
    logLevel: 'warning',
  });
  writePage(join(work, 'esbuild'), 'esbuild-entry.js');

  writeSources(join(work, 'src-vite'), 'vite-entry.js');
  await vite({
    root: join(work, 'src-vite'),
    base: './',
    configFile: false,
    logLevel: 'warn',
    build: { outDir: join(work, 'vite'), emptyOutDir: true },
  });

  const port = await freePort();
  base = `http://127.0.0.1:${port}/`;
  server = spawn('python3', [join(root, 'scripts/serve.py'), work, String(port), '--quiet'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise((resolve, reject) => {
    server.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
    server.stdout.once('data', resolve);
  });
  browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--headless', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync',
    ],
  });
});

after(async () => {
  await browser?.close();
  server?.kill();
  mkdirSync(work, { recursive: true });
  writeFileSync(join(work, 'timings.json'), `${JSON.stringify(timings, null, 2)}\n`);
});

/** Opens one bundle's page and returns what the app recorded, the requests and the problems seen. */
async function runBundle(name) {
  const page = await browser.newPage();
  const problems = [];
  const requests = [];
  page.on('console', (msg) => msg.type() === 'error' && problems.push(msg.text()));
  page.on('pageerror', (err) => problems.push(err.message));
  page.on('request', (req) => requests.push(req.url()));
  await page.goto(`${base}${name}/index.html`);
  await page.waitForFunction(() => document.body.dataset.status, null, { timeout: 30000 });
  const status = await page.evaluate(() => document.body.dataset.status);
  const recorded = status === 'planned' ? JSON.parse(await page.textContent('#result')) : null;
  await page.close();
  return { status, recorded, problems, requests };
}

for (const name of ['esbuild', 'vite']) {
  test(`${name} bundle runs migrate() in Chromium`, async () => {
    const wasmFiles = readdirSync(join(work, name), { recursive: true }).filter((f) => String(f).endsWith('.wasm'));
    assert.equal(wasmFiles.length, 1, `${name} emits the wasm as one asset: ${wasmFiles}`);
    const { status, recorded, problems, requests } = await runBundle(name);
    assert.equal(status, 'planned');
    assert.equal(recorded.after, example('expected.addons.yaml'));
    assert.deepEqual(problems, []);
    assert.ok(requests.every((url) => url.startsWith(base)), `only 127.0.0.1: ${requests}`);
    assert.ok(requests.some((url) => url.endsWith('.wasm')), 'the wasm came from the bundle');
    timings[`chromium-${name}`] = recorded;
  });
}

test('Node imports the package by name with no wasm URL and no init()', () => {
  const script = `
    const begin = performance.now();
    const { migrate } = await import('values-migrate');
    const input = JSON.parse(process.argv[1]);
    const result = migrate(input);
    console.log(JSON.stringify({ status: result.status, after: result.files[0].after, ms: performance.now() - begin }));
  `;
  const out = JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', script, JSON.stringify(input)], {
    cwd: root,
    encoding: 'utf8',
  }));
  assert.equal(out.status, 'planned');
  assert.equal(out.after, example('expected.addons.yaml'));
  timings.node = { importAndFirstResultMs: out.ms };
});
