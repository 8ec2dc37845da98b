// Untrusted text stays text: an HTML payload pasted into every input, or carried by a link's
// fragment, is shown as characters and never runs; nothing is requested from another host.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { start, open, statusIs, fragmentFor } from './harness.mjs';

let env;
before(async () => {
  env = await start();
});
after(() => env?.stop());

const PAYLOAD = '<img src=x onerror=alert(1)>';
const noImages = (page) => page.evaluate(() => {
  const all = [document, ...[...document.querySelectorAll('*')].map((e) => e.shadowRoot).filter(Boolean)];
  // The page's one inline script is the boot script in <head>, which its CSP allows by hash.
  return all.reduce((n, r) => n + r.querySelectorAll('img, script:not([src]):not(head > #boot)').length, 0);
});

test('an HTML payload pasted into every input never runs and shows as text', async () => {
  const session = await open(env.browser, env.base);
  const { page, dialogs, foreign } = session;
  await statusIs(page, 'planned');
  const fill = async (tab, selector, text = PAYLOAD) => {
    if (tab) await page.click(tab);
    await page.fill(selector, text);
  };
  await fill('#tab-values-0', '#name-values-0');
  await fill(null, '[data-testid="values"]', `${PAYLOAD}: ${PAYLOAD}\nkey: "${PAYLOAD}"\n`);
  await fill('#tab-base', '[data-testid="base-schema"]');
  await fill('#tab-target', '[data-testid="target-schema"]');
  await fill('#tab-proposal', '[data-testid="proposal"]');
  await fill('#tab-defaults', '[data-testid="defaults"]');
  await fill(null, '[data-testid="answers"]', `${PAYLOAD}=${PAYLOAD}`);
  await fill(null, '#prefix');
  await statusIs(page, 'invalid');
  // The file name is shown as characters, on its tab.
  assert.equal(await page.locator('#tab-values-0 .tab-label').textContent(), PAYLOAD);
  await page.click('#tab-decode');
  await fill(null, '#decode-input', `- ${PAYLOAD}\n`);
  await page.waitForFunction((p) => document.querySelector('#decode-output').textContent.includes(p.replace(/"/g, '\\"')), PAYLOAD);
  await page.click('#tab-replay');
  await fill(null, '[data-testid="replay-migration"]', `{"format": "${PAYLOAD}"}`);
  await fill(null, '#name-replay-values');
  await fill(null, '[data-testid="replay-values"]', `${PAYLOAD}: ${PAYLOAD}\n`);
  await fill(null, '#replay-prefix');
  await page.waitForFunction(() => document.querySelector('[data-testid="replay-status"]').dataset.status === 'invalid');
  assert.equal(await page.isVisible('#replay-errors-section'), true);
  await page.click('#tab-mode-manifest');
  for (const field of ['apiVersion', 'kind', 'namespace', 'name', 'container', 'field', 'from', 'to']) await fill(null, `#m-${field}`);
  await fill(null, '[data-testid="manifest"]', `kind: "${PAYLOAD}"\n`);
  await page.fill('#name-manifest', PAYLOAD);
  await page.waitForFunction(() => !document.body.dataset.pending && document.querySelector('[data-testid="status"]').dataset.status !== 'patched');
  await page.click('#tab-share');
  await page.click('#copy-link-2');
  await page.waitForFunction(() => document.querySelector('[data-testid="share"]').value.includes('#s='));
  await page.waitForTimeout(300);
  assert.equal(await noImages(page), 0);
  assert.deepEqual(dialogs, []);
  assert.deepEqual(foreign, []);

  // The same payloads, opened from the link the page made.
  const link = await page.inputValue('[data-testid="share"]');
  await session.context.close();
  const again = await open(env.browser, link);
  await again.page.waitForTimeout(300);
  assert.equal(await again.page.inputValue('#m-kind'), PAYLOAD);
  assert.equal(await noImages(again.page), 0);
  assert.deepEqual(again.dialogs, []);
  await again.context.close();
});

test('an HTML payload in the fragment never runs and shows as text', async () => {
  const state = {
    mode: 'values',
    values: [{ path: PAYLOAD, text: `${PAYLOAD}: 1\n` }],
    baseSchema: PAYLOAD, targetSchema: PAYLOAD, proposal: PAYLOAD, defaults: PAYLOAD,
    prefix: PAYLOAD, answers: `a=${PAYLOAD}`, typing: PAYLOAD, example: PAYLOAD,
    manifest: { file: { path: PAYLOAD, text: PAYLOAD }, apiVersion: PAYLOAD, kind: { html: PAYLOAD } },
  };
  for (const fragment of [fragmentFor(state), `#${PAYLOAD}`, `#s=${PAYLOAD}`, `#s=${encodeURIComponent(PAYLOAD)}`]) {
    const session = await open(env.browser, `${env.base}${fragment}`);
    const { page } = session;
    await page.waitForFunction(() => !document.body.dataset.pending);
    assert.equal(await noImages(page), 0, fragment);
    assert.deepEqual(session.dialogs, [], fragment);
    assert.deepEqual(session.foreign, [], fragment);
    if (fragment.startsWith('#s=') && fragment.length > 100) {
      assert.equal(await page.locator('#tab-values-0 .tab-label').textContent(), PAYLOAD);
      assert.equal(await page.inputValue('[data-testid="proposal"]'), PAYLOAD);
      assert.equal(await page.inputValue('#typing'), 'helm');
      assert.equal(await page.inputValue('#m-kind'), '');
    } else if (fragment.startsWith('#s=')) {
      assert.match(await page.textContent('#notice'), /could not be read/);
    }
    await session.context.close();
  }
});

test('the CSP runs the boot script by its hash and nothing else inline', async () => {
  const session = await open(env.browser, env.base);
  const { page } = session;
  await statusIs(page, 'planned');
  // The boot script ran: it started the worker that computed the first result.
  assert.equal(await page.evaluate(() => typeof window.valuesMigrateBoot?.worker?.postMessage), 'function');
  assert.equal(await page.locator('script:not([src])').count(), 1);
  // An inline script added later, even one with the boot script's own text, is refused.
  const ran = await page.evaluate(() => {
    window.injected = false;
    const script = document.createElement('script');
    script.textContent = 'window.injected = true;';
    document.body.append(script);
    return window.injected;
  });
  assert.equal(ran, false);
  assert.ok(session.problems.length > 0 && session.problems.every((p) => /Content Security Policy/.test(p)), session.problems.join('\n'));
  await session.context.close();
});
