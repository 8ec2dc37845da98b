// The Rendered tab (issue 42): the renderer is in the second wasm module (pkg/web-render, which holds
// every function), which the first page load never fetches; the worker loads it when a chart
// arrives (chart archives are read there), renders the chart as `helm template` does, and the tab
// shows each file collapsed, random output marked.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { start, open, statusIs, root } from './harness.mjs';
import { packChart } from './chart-archive.mjs';

const RENDER_WASM = '/pkg/web-render/values_migrate_render_bg.wasm';
const grafana = 'tests/charts/real/grafana-6.61.2-to-7.0.0';

let env;
before(async () => {
  env = await start();
});
after(() => env?.stop());

/** Whether any request so far was for the second module (its glue or its wasm). */
const renderFetched = (session) => session.requests.some((path) => path.includes('/web-render/'));

test('a dropped chart is rendered in the Rendered tab; the first load does not fetch the renderer', async () => {
  const session = await open(env.browser, env.base);
  const { page } = session;
  await statusIs(page, 'planned');
  assert.ok(!renderFetched(session), `the first load fetched the render module: ${session.requests.join(' ')}`);
  // A chart without templates (the bosun example's) gives nothing to render; the archive is read by
  // the second module, which the worker loads now and keeps (its first use reported apart).
  await page.click('#tab-target');
  await page.locator('#panel-target input[type="file"]').setInputFiles({
    name: 'bosun-0.25.1.tgz', mimeType: 'application/gzip', buffer: readFileSync(join(root, 'examples/bosun-0.20.0-to-0.25.1/charts/bosun-0.25.1.tgz')),
  });
  await page.waitForFunction(() => document.querySelector('#notice').textContent.includes('bosun 0.25.1'));
  await statusIs(page, 'planned');
  assert.ok(session.requests.includes(RENDER_WASM), 'a chart loads the second module, which reads archives');
  const firstUse = Number(await page.getAttribute('body', 'data-second-module-ms'));
  assert.ok(firstUse > 0, 'the second module\'s first use is reported');
  console.log(`# second module's first use (import, fetch, compile, instantiate): ${firstUse} ms`);
  await page.click('#tab-rendered');
  assert.equal(await page.getAttribute('[data-testid="render-status"]', 'data-status'), 'empty');

  // A real chart with templates, dropped on the base schema: rendered by the module already loaded.
  await page.click('#tab-base');
  await page.locator('#panel-base input[type="file"]').setInputFiles({
    name: 'grafana-6.61.2.tgz', mimeType: 'application/gzip', buffer: packChart(join(root, grafana, 'base-chart'), 'grafana'),
  });
  await page.waitForFunction(() => document.querySelector('#notice').textContent.includes('grafana 6.61.2'));
  assert.match(await page.textContent('#notice'), /the Rendered tab shows them rendered/);
  await page.click('#tab-rendered');
  await page.waitForFunction(() => document.querySelector('[data-testid="render-status"]').dataset.status === 'rendered', null, { timeout: 30000 });
  assert.match(await page.textContent('#render-summary'), /^grafana 6\.61\.2 \(base\): \d+ files.*as helm template prints them; 2 spans of random or clock output marked/);
  assert.equal(await page.inputValue('#render-side'), 'base');

  // Collapsed per file; opened, a file shows its text, the random password marked.
  const deployment = page.locator('details.rendered-file[data-file="grafana/templates/deployment.yaml"]');
  assert.equal(await deployment.getAttribute('open'), null, 'collapsed');
  await deployment.locator('summary').click();
  const text = await deployment.locator('pre').textContent();
  assert.match(text, /^apiVersion: apps\/v1\nkind: Deployment\n/m);
  assert.match(text, /\n {6}serviceAccountName: release-name-grafana\n/);
  const secret = page.locator('details.rendered-file[data-file="grafana/templates/secret.yaml"]');
  assert.equal(await secret.locator('mark.masked').count(), 1);
  assert.match(await secret.locator('mark.masked').getAttribute('title'), /^randAlphaNum: /);
  assert.match(await secret.locator('mark.masked').textContent(), /^"?[A-Za-z0-9+/=]{56}"?$/);

  // Values typed in the tab are merged over the chart's values.yaml, and rendered again.
  await page.fill('[data-testid="render-values"]', 'replicas: 3\n');
  await page.waitForFunction(() => document.querySelector('details.rendered-file[data-file="grafana/templates/deployment.yaml"] pre')?.textContent.includes('replicas: 3\n'), null, { timeout: 30000 });
  // A values file Helm refuses: the error, in its words.
  await page.fill('[data-testid="render-values"]', 'replicas: [3\n');
  await page.waitForFunction(() => document.querySelector('[data-testid="render-status"]').dataset.status === 'failed', null, { timeout: 30000 });
  assert.match(await page.textContent('#render-summary'), /values\.yaml/);
  assert.equal(session.requests.filter((path) => path === RENDER_WASM).length, 1, 'the second module is fetched once');
  assert.deepEqual(session.problems, []);
  assert.deepEqual(session.foreign, []);
  await session.context.close();
});
