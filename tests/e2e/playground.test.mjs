// The served workbench in headless Chromium: the bosun example migrated on open, a refusal that points at its
// line, an escalation answered, the Decode tab, no console errors and no request beyond 127.0.0.1.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createServer } from 'node:net';
import { chromium } from 'playwright-core';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const example = (path) => readFileSync(join(root, 'examples', path), 'utf8');
const shots = join(root, 'target/e2e');
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
  mkdirSync(shots, { recursive: true });
});

after(async () => {
  await browser?.close();
  server?.kill();
});

/** A page at 1280×800 that records console errors, page errors and requests to any host but 127.0.0.1. */
async function open(viewport = { width: 1280, height: 800 }) {
  const context = await browser.newContext({ viewport, acceptDownloads: true });
  const page = await context.newPage();
  const problems = [];
  const foreign = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') problems.push(`console: ${msg.text()}`);
  });
  page.on('pageerror', (err) => problems.push(`page: ${err.message}`));
  page.on('request', (req) => {
    const url = new URL(req.url());
    if (url.protocol === 'data:') return;
    // A blob: URL (the download) carries the page's own origin.
    const host = url.protocol === 'blob:' ? new URL(url.pathname).hostname : url.hostname;
    if (host !== '127.0.0.1') foreign.push(req.url());
  });
  await page.goto(base);
  await page.waitForSelector('body[data-ready="true"]', { timeout: 20000 });
  return { page, context, problems, foreign };
}

const statusIs = (page, status) =>
  page.waitForFunction((s) => document.querySelector('#status').dataset.status === s && !document.body.dataset.pending, status);

test('the workbench migrates the bosun example, locates a refusal, takes an answer and decodes', async () => {
  const { page, context, problems, foreign } = await open();

  // (1) Opened with the bosun example, already migrated: the diff is expected.diff byte for byte.
  await statusIs(page, 'planned');
  assert.equal(await page.textContent('#badge'), 'planned');
  assert.equal(await page.textContent('#diff'), example('bosun-0.20.0-to-0.25.1/expected.diff'));
  assert.match(await page.textContent('#prefix-shown'), /bosun\.valuesObject in addons\.yaml \(discovered\)/);
  const notCarried = await page.locator('#not-carried li').allTextContents();
  assert.deepEqual(notCarried, ['gate.mode = "sync"', 'gate.wait = "30s"', 'gate.inventorySource = "configmap"']);
  assert.equal(await page.locator('#ops li').count(), 4);
  assert.match(await page.textContent('#comment'), /\*\*Not carried across\*\*/);
  await page.screenshot({ path: join(shots, 'workbench.png') });

  // The download is the migrated file itself, made in the page.
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#download')]);
  assert.equal(download.suggestedFilename(), 'addons.yaml');
  assert.equal(readFileSync(await download.path(), 'utf8'), example('bosun-0.20.0-to-0.25.1/expected.addons.yaml'));

  // The Diagnose view: the brief, the displaced values and the schema changelog.
  await page.click('#tab-diagnose');
  assert.equal(await page.textContent('#diagnose-badge'), 'needs-proposal');
  assert.match(await page.textContent('#brief'), /gate\.argocd\.port = 8083/);
  assert.equal(await page.locator('#displaced li').count(), 4);
  assert.ok((await page.locator('#changelog li').allTextContents()).includes('newly-required metrics.serviceMonitor.namespace'));
  await page.click('#tab-result');

  // (2) A proposal that changes a value the target accepts is refused, located in the values file.
  await page.click('#tab-proposal');
  const proposal = await page.inputValue('#proposal');
  await page.fill('#proposal', proposal.replace('replicas: 2', 'replicas: 3'));
  await statusIs(page, 'refused');
  const refusal = page.locator('#refusals li', { hasText: 'survival' });
  assert.equal(await refusal.count(), 1);
  assert.match(await refusal.textContent(), /replicas/);
  assert.equal(await refusal.locator('button.loc').textContent(), 'addons.yaml:21:5');
  assert.equal(await page.isDisabled('#download'), true);
  await refusal.locator('button.loc').click();
  const selection = await page.evaluate(() => {
    const area = document.activeElement;
    const before = area.value.slice(0, area.selectionStart);
    return {
      id: area.id,
      line: before.split('\n').length,
      column: before.length - before.lastIndexOf('\n'),
      text: area.value.slice(area.selectionStart, area.selectionEnd),
    };
  });
  assert.deepEqual(selection, { id: 'values-0', line: 21, column: 5, text: 'replicas: 2' });
  assert.equal(await page.isVisible('#values-0'), true);

  // (3) The escalation example: escalated until a person answers, then planned with the answer set.
  await page.selectOption('#example', 'bosun-servicemonitor-escalation');
  await statusIs(page, 'escalated');
  assert.match(await page.textContent('#escalations'), /metrics\.serviceMonitor\.namespace/);
  await page.screenshot({ path: join(shots, 'escalation.png') });
  await page.fill('#answers', 'metrics.serviceMonitor.namespace=monitoring');
  await statusIs(page, 'planned');
  const ops = await page.locator('#ops li').allTextContents();
  assert.ok(ops.some((op) => /set metrics\.serviceMonitor\.namespace = "monitoring"\s*source: answer/.test(op)), ops.join('\n'));

  // (4) The Decode tab decodes typed YAML live and locates a syntax error.
  await page.click('#tab-decode');
  await page.fill('#decode-input', 'a: yes\n');
  await page.waitForFunction(() => document.querySelector('#decode-status').textContent === '1 document');
  assert.deepEqual(JSON.parse(await page.textContent('#decode-output')), [{ a: true }]);
  await page.selectOption('#typing', 'yaml-1.2');
  await page.waitForFunction(() => document.querySelector('#decode-output').textContent.includes('"yes"'));
  assert.deepEqual(JSON.parse(await page.textContent('#decode-output')), [{ a: 'yes' }]);
  await page.fill('#decode-input', 'a: [1\n');
  await page.waitForFunction(() => document.querySelector('#decode-status').classList.contains('error'));
  assert.match(await page.textContent('#decode-status'), /^input\.yaml:2:\d+: /);

  // (5) Nothing went wrong and nothing left the machine.
  assert.deepEqual(problems, []);
  assert.deepEqual(foreign, []);
  await context.close();
});

test('the workbench fits a narrow screen', async () => {
  const { page, context, problems, foreign } = await open({ width: 420, height: 900 });
  await statusIs(page, 'planned');
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  assert.equal(overflow, 0);
  await page.screenshot({ path: join(shots, 'narrow.png'), fullPage: true });
  assert.deepEqual(problems, []);
  assert.deepEqual(foreign, []);
  await context.close();
});
