// The bump's behaviour in the playground (issue 43): two chart archives dropped, the worker's render
// module renders both three times and the Result panel shows, beside the values diff, the verdict
// of each moved or dropped value and the manifest diff collapsed by object (its diff drawn when a
// row is opened) — a lost value named; argo-cd's 1.2 MB of CRDs drawn without a long task.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { start, open, statusIs, read, root, shots } from './harness.mjs';
import { packChart } from './chart-archive.mjs';

let env;
before(async () => {
  env = await start();
});
after(() => env?.stop());

/** Drops the bump's two charts (packed from its directories) and types its values and proposal. */
async function dropBump(page, bump, chart, [from, to]) {
  for (const [side, version] of [['base', from], ['target', to]]) {
    await page.click(`#tab-${side}`);
    await page.locator(`#panel-${side} input[type="file"]`).setInputFiles({
      name: `${chart}-${version}.tgz`, mimeType: 'application/gzip', buffer: packChart(join(root, bump, `${side}-chart`), chart),
    });
    await page.waitForFunction((v) => document.querySelector('#notice').textContent.includes(` ${v} from `), version);
  }
  await page.click('#tab-values-0');
  await page.fill('[data-testid="values"]', read(`${bump}/values.yaml`));
  await page.fill('#prefix', '');
  await page.click('#tab-proposal');
  await page.fill('[data-testid="proposal"]', read(`${bump}/proposal.yaml`));
  await statusIs(page, 'planned');
  await page.waitForFunction(() => document.querySelector('[data-testid="behaviour-status"]')?.dataset.status === 'rendered', null, { timeout: 120000 });
}

/** The verdict table's rows: [value, verdict]. */
const verdicts = (page) => page.locator('[data-testid="behaviour-verdicts"] tr').evaluateAll(
  (rows) => rows.map((r) => [r.dataset.path, r.dataset.verdict]),
);

test('two archives dropped: the verdicts beside the diff, a lost value named, the manifest diff by object', async () => {
  const session = await open(env.browser, env.base);
  const { page } = session;
  await statusIs(page, 'planned');
  await dropBump(page, 'tests/charts/real/prometheus-18.4.0-to-19.0.0', 'prometheus', ['18.4.0', '19.0.0']);
  assert.deepEqual(await verdicts(page), [['server.enabled', 'lost'], ['server.extraObjects', 'preserved'], ['kubeStateMetrics', 'preserved']]);
  const lost = page.locator('[data-testid="behaviour-verdicts"] tr[data-verdict="lost"]');
  assert.match(await lost.textContent(), /^server\.enabled \(removed\)lostClusterRole\.rbac\.authorization\.k8s\.io\/release-name-prometheus-server \(decides whether it renders\).*and \d+ more objectsnowhere$/);
  assert.match(await page.textContent('#behaviour-churn'), /^chart: prometheus-18\.4\.0 → prometheus-19\.0\.0 on 7 objects$/);
  // One collapsed row an object; its diff drawn only once opened.
  const rows = page.locator('[data-testid="manifest-diff"] details.manifest-object');
  assert.equal(await rows.count(), 1);
  assert.equal(await rows.first().getAttribute('data-object'), 'Deployment.apps/default/release-name-prometheus-server');
  assert.match(await page.textContent('[data-testid="behaviour-status"]'), /^3 values judged, 1 object changed, 10 the same in \d+ ms\.$/);
  assert.equal(await page.locator('[data-testid="manifest-diff"] pre').count(), 0, 'nothing drawn before a row is opened');
  const row = rows.first();
  await row.locator('summary').click();
  const diff = await row.locator('pre.diff').textContent();
  assert.match(diff, /^-\s+image: "quay\.io\/prometheus\/prometheus:v2\.39\.1"$/m);
  assert.match(diff, /^\+\s+image: "quay\.io\/prometheus\/prometheus:v2\.40\.5"$/m);
  assert.ok(await row.locator('pre.diff .line.add, pre.diff .line.del').count() > 0, 'the opened row shows changed lines');
  await page.screenshot({ path: join(shots, 'behaviour-prometheus.png'), fullPage: true });
  assert.deepEqual(session.problems, []);
  assert.deepEqual(session.foreign, []);
  await session.context.close();
});

test('argo-cd 5 → 6 with its 1.2 MB of CRDs: a relocated value, the diff drawn without a long task', async () => {
  const session = await open(env.browser, env.base);
  const { page } = session;
  await statusIs(page, 'planned');
  await page.evaluate(() => {
    window.longTasks = [];
    new PerformanceObserver((list) => window.longTasks.push(...list.getEntries().map((e) => e.duration))).observe({ type: 'longtask' });
  });
  await dropBump(page, 'tests/charts/real/argo-cd-5.55.0-to-6.0.0', 'argo-cd', ['5.55.0', '6.0.0']);
  const judged = await verdicts(page);
  assert.deepEqual(judged.find(([path]) => path === 'controller.logLevel'), ['controller.logLevel', 'relocated']);
  // The CRDs render the same on both sides but for the chart label: folded into the churn line.
  assert.match(await page.textContent('#behaviour-churn'), /on 49 objects/);
  assert.equal(await page.locator('[data-testid="manifest-diff"] details[data-object^="CustomResourceDefinition"]').count(), 0);
  assert.match(await page.textContent('[data-testid="behaviour-status"]'), /7 objects changed, 45 the same/);
  const longest = Math.max(0, ...await page.evaluate(() => window.longTasks));
  assert.ok(longest < 1000, `the page's main thread was blocked for ${longest} ms`);
  assert.deepEqual(session.problems, []);
  await session.context.close();
});
