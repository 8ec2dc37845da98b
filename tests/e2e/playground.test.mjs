// The served playground in headless Chromium: type YAML, read the decoded JSON, no console errors, no foreign requests.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createServer } from 'node:net';
import { chromium } from 'playwright-core';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
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

before(async () => {
  const port = await freePort();
  base = `http://127.0.0.1:${port}/`;
  server = spawn('python3', [join(root, 'scripts/serve.py'), join(root, 'target/site'), String(port), '--quiet'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise((resolve, reject) => {
    server.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
    server.stdout.once('data', resolve);
  });
  browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    // playwright gives every launch a fresh, empty profile of its own.
    args: [
      '--headless', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync',
    ],
  });
});

after(async () => {
  await browser?.close();
  server?.kill();
});

test('the playground opens with a real example and decodes typed YAML live', async () => {
  const page = await browser.newPage();
  const problems = [];
  const foreign = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') problems.push(`console: ${msg.text()}`);
  });
  page.on('pageerror', (err) => problems.push(`page: ${err.message}`));
  page.on('request', (req) => {
    const url = new URL(req.url());
    if (url.protocol !== 'data:' && url.hostname !== '127.0.0.1') foreign.push(req.url());
  });

  await page.goto(base);
  await page.waitForSelector('body[data-ready="true"]', { timeout: 20000 });

  // A real example is loaded at start: the bosun chart-of-charts file.
  const initial = JSON.parse(await page.textContent('#json'));
  assert.equal(initial[0].bosun.valuesObject.gate.argocd.port, 8083);

  await page.fill('#yaml', 'replicas: 3\nname: "é 你好"\n---\n- a\n');
  await page.waitForFunction(() => document.querySelector('#status').textContent.startsWith('2 document'));
  assert.deepEqual(JSON.parse(await page.textContent('#json')), [{ replicas: 3, name: 'é 你好' }, ['a']]);

  await page.fill('#yaml', 'a: [1\n');
  await page.waitForFunction(() => document.querySelector('#status').classList.contains('error'));
  assert.match(await page.textContent('#status'), /^addons\.yaml:2:\d+: /);

  // Back to the example, then a screenshot for a person to look at.
  await page.selectOption('#example', '1');
  await page.selectOption('#example', '0');
  await page.waitForFunction(() => document.querySelector('#status').classList.contains('ok'));
  mkdirSync(join(root, 'target/e2e'), { recursive: true });
  await page.screenshot({ path: join(root, 'target/e2e/playground.png'), fullPage: true });

  assert.deepEqual(problems, []);
  assert.deepEqual(foreign, []);
});
