// The embed: www/embed.html shows two <values-migrate-example> elements side by side, each computed
// live in the page from its child script blocks, with an "open in playground" link carrying the state.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { start, open, statusIs, read, shots } from './harness.mjs';

let env;
before(async () => {
  env = await start();
});
after(() => env?.stop());

const embedsDone = (page) => page.waitForFunction(() => {
  const all = [...document.querySelectorAll('values-migrate-example')];
  return all.length === 2 && all.every((e) => e.dataset.status);
}, null, { timeout: 30000 });

test('the embed page renders both embeds with their diffs, light and dark, wide and narrow', async () => {
  for (const [width, height] of [[1280, 900], [390, 844]]) {
    for (const colorScheme of ['light', 'dark']) {
      const session = await open(env.browser, `${env.base}embed.html`, { viewport: { width, height }, colorScheme, wait: false });
      const { page } = session;
      await embedsDone(page);
      const embeds = page.locator('[data-testid="embed"]');
      assert.equal(await embeds.count(), 2);
      assert.deepEqual(await embeds.evaluateAll((els) => els.map((e) => e.dataset.status)), ['planned', 'planned']);
      // Playwright's CSS locators reach into the open shadow roots.
      const first = embeds.nth(0);
      assert.equal(await first.locator('[data-testid="diff"]').textContent(), read('examples/bosun-0.20.0-to-0.25.1/expected.diff'));
      assert.equal(await first.locator('[data-line="del"]').count(), 4);
      assert.equal(await first.locator('[data-testid="plan"] li').count(), 4);
      const second = embeds.nth(1);
      assert.match(await second.locator('[data-testid="plan"]').textContent(), /set metrics\.serviceMonitor\.namespace = "monitoring"/);
      assert.ok(await second.locator('[data-line="add"]').count() > 0);
      if (width === 1280) {
        // Side by side: the two boxes share a row.
        const [a, b] = await embeds.evaluateAll((els) => els.map((e) => e.getBoundingClientRect().top));
        assert.equal(a, b);
      }
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      assert.equal(overflow, 0);
      await page.screenshot({ path: join(shots, `embed-${width}-${colorScheme}.png`), fullPage: true });
      assert.deepEqual(session.problems, []);
      assert.deepEqual(session.foreign, []);
      await session.context.close();
    }
  }
});

test('"open in playground" carries the embed state into the playground', async () => {
  const session = await open(env.browser, `${env.base}embed.html`, { wait: false });
  await embedsDone(session.page);
  const href = await session.page.locator('[data-testid="embed"]').nth(1).locator('[data-testid="open-in-playground"]').getAttribute('href');
  assert.ok(href.startsWith(`${env.base}#s=`), href);
  await session.context.close();
  const playground = await open(env.browser, href);
  await statusIs(playground.page, 'planned');
  assert.equal(await playground.page.inputValue('[data-testid="answers"]'), 'metrics.serviceMonitor.namespace=monitoring');
  assert.equal(await playground.page.inputValue('[data-testid="values"]'), read('examples/bosun-servicemonitor-escalation/values.yaml'));
  assert.deepEqual(playground.problems, []);
  await playground.context.close();
});

test('an embed follows its inputs live, and the playground\'s embed snippet reproduces it', async () => {
  const session = await open(env.browser, env.base);
  const { page } = session;
  await statusIs(page, 'planned');
  await page.click('#tab-share');
  await page.waitForFunction(() => document.querySelector('[data-testid="embed"]').value.includes('values-migrate-example'));
  const snippet = await page.inputValue('[data-testid="embed"]');
  assert.match(snippet, /^<script type="module" src="http:\/\/127\.0\.0\.1:\d+\/embed\.js"><\/script>\n<values-migrate-example /);
  await session.context.close();

  // The snippet, pasted into a page of its own on the same site, shows the same diff.
  const docs = await open(env.browser, `${env.base}embed.html`, { wait: false });
  await embedsDone(docs.page);
  await docs.page.evaluate((html) => {
    document.querySelector('main').insertAdjacentHTML('beforeend', html.replace(/^<script[^>]*><\/script>\n/, ''));
  }, snippet);
  const third = docs.page.locator('values-migrate-example').nth(2);
  await docs.page.waitForFunction(() => document.querySelectorAll('values-migrate-example')[2]?.dataset.status === 'planned');
  assert.equal(await third.locator('[data-testid="diff"]').textContent(), read('examples/bosun-0.20.0-to-0.25.1/expected.diff'));
  // Live: a changed proposal block is recomputed.
  await docs.page.evaluate(() => {
    const block = document.querySelectorAll('values-migrate-example')[2].querySelector('script[data-role="proposal"]');
    block.textContent = block.textContent.replace('replicas: 2', 'replicas: 3');
  });
  await docs.page.waitForFunction(() => document.querySelectorAll('values-migrate-example')[2]?.dataset.status === 'refused');
  assert.match(await third.locator('.problem').textContent(), /survival/);
  assert.deepEqual(docs.foreign, []);
  await docs.context.close();
});
