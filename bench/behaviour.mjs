// The bump's behaviour (issue 43, docs/behaviour.md) on kube-prometheus-stack 51.10.0 → 52.0.0,
// its charts given as the archives the playground is dropped (packed from tests/charts/real), in
//   Node     pkg/node (opt-level 3: `render`, `migrate`, `behaviour`),
//   browser  the browser's modules bound for Node: pkg/web (the first module: `migrate`) and
//            pkg/web-render (the render module: `render`, `behaviour`), both opt-level z.
// Rows: each of the three renders alone (the JS `render`, without provenance: A = base chart +
// values.yaml, B = target chart + the migrated values `migrate` writes, C = target chart +
// values.yaml); `migrate` alone; `behaviour` (the same `migrate`, then the three renders with
// provenance, the verdicts and the manifest diff). Its cost over `migrate` is the behaviour's.
// Node and browser take turns, one batch each (the shared rule's batch: bench/measure.mjs), the
// order rotated every turn; the table gives the medians and the browser/Node ratio within a turn
// [10th–90th percentile].
//
// run: `node bench/behaviour.mjs [--quick]` (scripts/bench --render runs it). Writes
// $BENCH_OUT/behaviour.json (default target/bench).
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { plan } from './measure.mjs';
import { packChart } from '../tests/e2e/chart-archive.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const quick = process.argv.includes('--quick');
const minSamples = quick ? 5 : 21;
const minTime = quick ? 1.5 : 8;
const outDir = process.env.BENCH_OUT ?? join(root, 'target/bench');
const pkg = process.env.BENCH_PKG ?? join(root, 'pkg');

const node = await import(join(pkg, 'node/values_migrate.js'));
/** A browser module (`--target web`) bound for Node from its wasm bytes. */
async function browserModule(glue, wasm) {
  const module = await import(join(pkg, glue));
  module.initSync({ module: readFileSync(join(pkg, wasm)) });
  return module;
}
const web = await browserModule('web/values_migrate.js', 'web/values_migrate_bg.wasm');
const webRender = await browserModule('web-render/values_migrate_render.js', 'web-render/values_migrate_render_bg.wasm');

const bump = join(root, 'tests/charts/real/kube-prometheus-stack-51.10.0-to-52.0.0');
const archive = (side) => packChart(join(bump, `${side}-chart`), 'kube-prometheus-stack');
const base = archive('base');
const target = archive('target');
const values = readFileSync(join(bump, 'values.yaml'), 'utf8');
const proposal = readFileSync(join(bump, 'proposal.yaml'), 'utf8');
const b = node.readChart('kube-prometheus-stack-51.10.0.tgz', base);
const t = node.readChart('kube-prometheus-stack-52.0.0.tgz', target);
const input = {
  files: [{ path: 'values.yaml', text: values }], proposal,
  baseSchema: b.schema, targetSchema: t.schema, defaults: t.defaults, baseDefaults: b.defaults,
  baseTemplates: b.templates, targetTemplates: t.templates, baseCharts: b.charts, targetCharts: t.charts,
};
const render = { base: { name: 'kube-prometheus-stack-51.10.0.tgz', archive: base }, target: { name: 'kube-prometheus-stack-52.0.0.tgz', archive: target } };
const planned = node.migrate(input);
if (planned.status !== 'planned') throw new Error(`bench/behaviour.mjs: migrate is ${planned.status}, not planned`);
const migrated = planned.files.find((f) => f.path === 'values.yaml').after;
const renderInput = (chart, text) => ({ chart, values: [{ path: 'values.yaml', text }] });

// The check: each build gives the same behaviour, every render renders.
const judged = node.behaviour({ ...input, render });
const judgedWeb = webRender.behaviour({ ...input, render });
if (JSON.stringify(judged.behaviour) !== JSON.stringify(judgedWeb.behaviour)) throw new Error('bench/behaviour.mjs: the builds judge the bump differently');
if (judged.behaviour.unrendered) throw new Error(`bench/behaviour.mjs: ${judged.behaviour.unrendered}`);

const rendering = (lib, i) => () => {
  const r = lib.render(i);
  if (r.error || r.refused.length) throw new Error(JSON.stringify(r.error ?? r.refused));
  return r;
};
const cases = [
  { id: 'render-a', name: 'render A: base chart + values.yaml', Node: rendering(node, renderInput(render.base, values)), browser: rendering(webRender, renderInput(render.base, values)) },
  { id: 'render-b', name: 'render B: target chart + migrated values', Node: rendering(node, renderInput(render.target, migrated)), browser: rendering(webRender, renderInput(render.target, migrated)) },
  { id: 'render-c', name: 'render C: target chart + values.yaml', Node: rendering(node, renderInput(render.target, values)), browser: rendering(webRender, renderInput(render.target, values)) },
  { id: 'migrate', name: '`migrate` alone', Node: () => node.migrate(input), browser: () => web.migrate(input) },
  { id: 'behaviour', name: '`behaviour`: migrate + three renders with provenance + verdicts + manifest diff', Node: () => node.behaviour({ ...input, render }), browser: () => webRender.behaviour({ ...input, render }) },
];
const names = ['Node', 'browser'];

const p = plan(quick);
const load = () => loadavg().map((l) => l.toFixed(2)).join(' ');
const loads = [load()];
const started = Date.now();
const time = (f, n) => {
  const t0 = performance.now();
  for (let k = 0; k < n; k++) f();
  return (performance.now() - t0) / n;
};
const results = {};
for (const c of cases) {
  const batch = {};
  for (const tool of names) {
    let calls = 0;
    let spent = 0;
    while (calls < Math.max(1, p.warm_calls) || spent < p.warm_s * 1e3) {
      spent += time(c[tool], 1);
      calls++;
    }
    batch[tool] = Math.max(1, Math.ceil((p.sample_s * 1e3) / (spent / calls)));
  }
  const samples = Object.fromEntries(names.map((tool) => [tool, []]));
  const begin = Date.now();
  for (let k = 0; k < p.max_samples && (k < minSamples || Date.now() - begin < minTime * 1e3); k++) {
    for (let j = 0; j < names.length; j++) {
      const tool = names[(j + k) % names.length];
      samples[tool].push(time(c[tool], batch[tool]));
    }
  }
  results[c.id] = samples;
  loads.push(load());
  console.error(`behaviour ${c.id}: ${samples.Node.length} turns, ${((Date.now() - started) / 1e3).toFixed(0)} s, load ${loads.at(-1)}`);
}

const sorted = (xs) => [...xs].sort((x, y) => x - y);
const median = (xs) => {
  const s = sorted(xs);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const quantile = (xs, q) => sorted(xs)[Math.min(xs.length - 1, Math.max(0, Math.round(q * (xs.length - 1))))];
const ms = (x) => (x >= 100 ? x.toFixed(0) : x >= 10 ? x.toFixed(1) : x.toFixed(2));
const rows = cases.map((c) => {
  const rs = results[c.id].browser.map((x, k) => x / results[c.id].Node[k]);
  return { id: c.id, name: c.name, Node: median(results[c.id].Node), browser: median(results[c.id].browser), turns: results[c.id].Node.length,
    browser_over_node: { median: median(rs), p10: quantile(rs, 0.1), p90: quantile(rs, 0.9) } };
});
const row = Object.fromEntries(rows.map((r) => [r.id, r]));
const m = judged.behaviour.manifests;
console.log(`behaviour: ${quick ? 'quick' : 'full'} run, kube-prometheus-stack 51.10.0 → 52.0.0 (${base.length} + ${target.length} B of archives; `
  + `${judged.behaviour.values.length} values judged, ${m.objects.length} objects changed, ${m.unchanged} the same), `
  + `${rows.map((r) => r.turns).join('/')} turns, ${((Date.now() - started) / 1e3).toFixed(0)} s, load ${loads[0]} → ${loads.at(-1)}; medians per call, browser/Node within a turn [10th–90th percentile]`);
console.log('| call | Node | browser | browser / Node |');
console.log('|---|---:|---:|---:|');
for (const r of rows) {
  const f = r.browser_over_node;
  console.log(`| ${r.name} | ${ms(r.Node)} ms | ${ms(r.browser)} ms | ${f.median.toFixed(2)}× [${f.p10.toFixed(2)}–${f.p90.toFixed(2)}] |`);
}
console.log(`| the behaviour's cost (\`behaviour\` − \`migrate\`) | ${ms(row.behaviour.Node - row.migrate.Node)} ms | ${ms(row.behaviour.browser - row.migrate.browser)} ms | |`);
mkdirSync(outDir, { recursive: true });
writeFileSync(join(outDir, 'behaviour.json'), JSON.stringify({ quick, loads, rows, results }, null, 1));
