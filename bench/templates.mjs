// Template analysis of the largest chart in the repository (kube-prometheus-stack 52.0.0 with its
// subcharts, tests/charts/real/): a Session given the tree's templates as base and target (every
// template parsed and analysed twice, and what the target reads that the base did not), timed in
// the Node build (pkg/node) and natively (bench/native, kind `templates`) by the shared rule.
// run: `node bench/templates.mjs [--quick]` (scripts/bench runs it with BENCH_NATIVE_O3 set).
import { readdirSync, readFileSync, statSync, writeFileSync, mkdtempSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { dirname, join, relative } from 'node:path';
import { tmpdir } from 'node:os';
import { fileURLToPath } from 'node:url';
import { plan, measure, summarize } from './measure.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const quick = process.argv.includes('--quick');
const chart = join(root, 'tests/charts/real/kube-prometheus-stack-51.10.0-to-52.0.0/target-chart');
const lib = await import(join(root, 'pkg/node/values_migrate.js'));

const walk = (at) => readdirSync(at).sort().flatMap((n) => (statSync(join(at, n)).isDirectory() ? walk(join(at, n)) : [join(at, n)]));
const files = walk(chart);
const read = lib.readChartFiles('kube-prometheus-stack', files.map((f) => relative(chart, f)), files.map((f) => readFileSync(f)));
const bytes = read.templates.files.reduce((n, f) => n + Buffer.byteLength(f.text), 0);
const options = { baseSchema: read.schema, targetSchema: read.schema, baseTemplates: read.templates, targetTemplates: read.templates };
const p = plan(quick);

const node = summarize(measure(p, () => {
  const session = new lib.Session(options);
  const ok = session.errors.length === 0;
  session.free();
  if (!ok) throw new Error('the session refused the chart');
  return ok;
}).samples);

let native = null;
if (process.env.BENCH_NATIVE_O3) {
  const dir = mkdtempSync(join(tmpdir(), 'vm-templates-'));
  writeFileSync(join(dir, 'plan.json'), JSON.stringify({ ...p, jobs: [{ id: 'templates', kind: 'templates', file: chart }] }));
  execFileSync(process.env.BENCH_NATIVE_O3, [join(dir, 'plan.json'), join(dir, 'out.json')]);
  const out = JSON.parse(readFileSync(join(dir, 'out.json'), 'utf8'));
  native = summarize(out[0]?.samples ?? out.jobs?.[0]?.samples ?? out.results?.[0]?.samples);
}

console.log(`template analysis: kube-prometheus-stack 52.0.0, ${read.charts.length} charts, ${read.templates.files.length} template files, ${(bytes / 1024).toFixed(0)} KiB of templates, as base and target`);
console.log(`| build | median | p90 | samples |`);
console.log(`|---|---:|---:|---:|`);
const row = (name, s) => console.log(`| ${name} | ${s.median_ms.toFixed(1)} ms | ${s.p90_ms.toFixed(1)} ms | ${s.n} |`);
row('Node (pkg/node, opt-level 3)', node);
if (native) row('native (bench/native, opt-level 3)', native);
