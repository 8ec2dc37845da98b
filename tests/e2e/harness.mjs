// What every browser test shares: the built site served by scripts/serve.py on a free loopback
// port, Debian's Chromium through playwright-core, and pages that record what must never happen
// (console errors, page errors, dialogs, requests to any host but 127.0.0.1).
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createServer } from 'node:net';
import { deflateRawSync } from 'node:zlib';
import { chromium } from 'playwright-core';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const shots = join(root, 'target/e2e');
export const read = (path) => readFileSync(join(root, path), 'utf8');

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

/** Starts the server and the browser; returns `{ base, browser, stop }`. */
export async function start() {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}/`;
  const server = spawn('python3', [join(root, 'scripts/serve.py'), join(root, 'target/site'), String(port), '--quiet'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise((resolve, reject) => {
    server.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
    server.stdout.once('data', resolve);
  });
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    // playwright gives every launch a fresh, empty profile of its own.
    args: [
      '--headless', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync',
    ],
  });
  mkdirSync(shots, { recursive: true });
  return {
    base,
    browser,
    stop: async () => {
      await browser.close();
      server.kill();
    },
  };
}

/** A fresh context and page that record problems, dialogs, foreign requests and the path of every request. */
export async function open(browser, url, { viewport = { width: 1280, height: 800 }, colorScheme = 'light', wait = true } = {}) {
  const context = await browser.newContext({ viewport, colorScheme, acceptDownloads: true });
  const page = await context.newPage();
  const problems = [];
  const foreign = [];
  const dialogs = [];
  // Every request of the page and its workers, as the paths asked of our server.
  const requests = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') problems.push(`console: ${msg.text()}`);
  });
  page.on('pageerror', (err) => problems.push(`page: ${err.message}`));
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    dialog.dismiss().catch(() => {});
  });
  context.on('request', (req) => {
    const u = new URL(req.url());
    if (u.protocol === 'data:') return;
    // A blob: URL (a download) carries the page's own origin.
    const host = u.protocol === 'blob:' ? new URL(u.pathname).hostname : u.hostname;
    if (host !== '127.0.0.1') foreign.push(req.url());
    else if (u.protocol === 'http:') requests.push(u.pathname);
  });
  await page.goto(url);
  if (wait) await ready(page);
  return { page, context, problems, foreign, dialogs, requests };
}

/** Waits for the playground's first result. */
export const ready = (page) => page.waitForSelector('body[data-ready="true"]', { timeout: 30000 });

/** Waits until no run is pending and the status is `status`. */
export const statusIs = (page, status) => page.waitForFunction(
  (s) => document.querySelector('[data-testid="status"]').dataset.status === s && !document.body.dataset.pending,
  status, { timeout: 30000 },
);

/** The fragment the playground would make for `state` (JSON, deflate-raw, base64url). */
export const fragmentFor = (state) => `#s=${deflateRawSync(Buffer.from(JSON.stringify({ v: 1, ...state }))).toString('base64url')}`;
