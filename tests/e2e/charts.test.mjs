// Chart archives in the playground: two `helm pull` archives, one picked and one dropped, take the
// place of the pasted schemas (read in the page's worker: nothing fetched), and plan as the schema
// files do; a file that is gzip but not a chart is refused, naming the archive.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { start, open, statusIs, read, root, shots } from './harness.mjs';

let env;
before(async () => {
  env = await start();
});
after(() => env?.stop());

const example = 'examples/bosun-0.20.0-to-0.25.1';

test('two chart archives, picked and dropped, plan as the two schema files do', async () => {
  const session = await open(env.browser, env.base);
  const { page } = session;
  await statusIs(page, 'planned');
  // Empty the schemas first, so that what follows can only come from the archives.
  for (const id of ['base-schema', 'target-schema']) {
    await page.click(`#tab-${id === 'base-schema' ? 'base' : 'target'}`);
    await page.fill(`[data-testid="${id}"]`, '');
  }
  await page.click('#tab-base');
  await page.locator('#panel-base input[type="file"]').setInputFiles({
    name: 'bosun-0.20.0.tgz', mimeType: 'application/gzip', buffer: readFileSync(join(root, example, 'charts/bosun-0.20.0.tgz')),
  });
  await page.waitForFunction(() => document.querySelector('[data-testid="base-schema"]').value !== '');
  assert.match(await page.textContent('#notice'), /Read the chart bosun 0\.20\.0 from bosun-0\.20\.0\.tgz/);
  await page.click('#tab-target');
  const bytes = [...readFileSync(join(root, example, 'charts/bosun-0.25.1.tgz'))];
  await page.locator('[data-testid="target-schema"]').evaluate((area, data) => {
    const transfer = new DataTransfer();
    transfer.items.add(new File([new Uint8Array(data)], 'bosun-0.25.1.tgz', { type: 'application/gzip' }));
    area.dispatchEvent(new DragEvent('dragover', { dataTransfer: transfer, bubbles: true, cancelable: true }));
    area.dispatchEvent(new DragEvent('drop', { dataTransfer: transfer, bubbles: true, cancelable: true }));
  }, bytes);
  await page.waitForFunction(() => document.querySelector('[data-testid="target-schema"]').value !== '');
  assert.equal(await page.inputValue('[data-testid="base-schema"]'), read(`${example}/base.values.schema.json`));
  assert.equal(await page.inputValue('[data-testid="target-schema"]'), read(`${example}/target.values.schema.json`));
  await statusIs(page, 'planned');
  assert.equal(await page.locator('[data-testid="diff"]').textContent(), read(`${example}/expected.diff`));
  assert.deepEqual(session.problems, []);
  assert.deepEqual(session.foreign, []);
  await session.context.close();
});

test('a gzip file that is not a chart archive is refused, naming it', async () => {
  const session = await open(env.browser, env.base);
  const { page } = session;
  await statusIs(page, 'planned');
  const before = await page.inputValue('[data-testid="target-schema"]');
  await page.click('#tab-target');
  await page.locator('#panel-target input[type="file"]').setInputFiles({
    name: 'evil.tgz', mimeType: 'application/gzip', buffer: gzipSync(Buffer.from('not a tar stream at all')),
  });
  await page.waitForFunction(() => document.querySelector('#notice').textContent.startsWith('Not read'));
  assert.match(await page.textContent('#notice'), /^Not read: evil\.tgz: /);
  assert.equal(await page.inputValue('[data-testid="target-schema"]'), before);
  assert.deepEqual(session.problems, []);
  await session.context.close();
});

test('two archives of a chart without a schema: the values the new chart ignores are shown and moved', async () => {
  const { packChart } = await import('./chart-archive.mjs');
  const bump = 'tests/charts/real/argo-cd-5.55.0-to-6.0.0';
  const session = await open(env.browser, env.base);
  const { page } = session;
  await statusIs(page, 'planned');
  for (const [side, version] of [['base', '5.55.0'], ['target', '6.0.0']]) {
    await page.click(`#tab-${side}`);
    await page.locator(`#panel-${side} input[type="file"]`).setInputFiles({
      name: `argo-cd-${version}.tgz`, mimeType: 'application/gzip', buffer: packChart(join(root, bump, `${side}-chart`), 'argo-cd'),
    });
    await page.waitForFunction((v) => document.querySelector('#notice').textContent.includes(`argo-cd ${v}`), version);
    assert.match(await page.textContent('#notice'), /templates\): its schema is the .* its templates say which values it reads/);
  }
  await page.click('#tab-values-0');
  await page.fill('[data-testid="values"]', read(`${bump}/values.yaml`));
  await page.fill('#prefix', '');
  await page.click('#tab-proposal');
  await page.fill('[data-testid="proposal"]', read(`${bump}/proposal.yaml`));
  await statusIs(page, 'planned');
  const diff = await page.locator('[data-testid="diff"]').textContent();
  const expected = read('tests/fixtures/migrate/real-argo-cd-5.55.0-to-6.0.0-server-config-becomes-configs-cm/expected.diff');
  assert.equal(diff.split('\n').slice(2).join('\n'), expected.split('\n').slice(2).join('\n'));
  const ignored = await page.locator('[data-testid="displaced-by-templates"]').count();
  assert.equal(ignored, 4);
  assert.match(await page.textContent('#displaced'), /ignored by argo-cd 6\.0\.0: read before at argo-cd\/templates\/_helpers\.tpl:178/);
  // The worker passes each chart's tree with its schema: findings are named by chart, and a
  // subchart's values that are no mapping are refused as Helm's coalescing refuses them.
  assert.match(await page.textContent('#comment'), /\*\*Charts\*\*/);
  await page.click('#tab-proposal');
  await page.fill('[data-testid="proposal"]', read(`${bump}/proposal.yaml`).replace('redis-ha:\n  enabled: false\n', 'redis-ha: oops\n'));
  await page.waitForFunction(() => document.body.textContent.includes('type mismatch on redis-ha'));
  assert.deepEqual(session.problems, []);
  assert.deepEqual(session.foreign, []);
  await page.screenshot({ path: join(shots, 'charts-ignored-by-the-new-chart.png'), fullPage: true });
  await session.context.close();
});
