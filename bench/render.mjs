// Helm's render (issue 42), against Helm itself: kube-prometheus-stack with its subcharts (the
// base chart with its pair's values.yaml, the target chart with proposal.yaml) and three charts of
// tests/charts/render (redis with bitnami's common, ingress-nginx, traefik, each with its
// user-values.yaml), rendered by
//   native  bench/native's kind `render` (values_migrate::render in-process, opt-level 3: the
//           chart read from disk, coalesced, rendered; no process start, no stream printed),
//   Node    the JS `render` of pkg/node (the chart's files read once, handed over as bytes),
//   Helm    Helm 4.2.3 through helm-python-sdk in-process (bench/render_helm.py:
//           `Chart.load(dir)` + `render(values)` a call).
// Each call returns every template's text (as Helm's engine does); the outputs are checked equal
// file by file (spans of random or clock functions aside: a file the renderer masks is compared
// by name only). Each tool times every case by the shared rule (bench/measure.mjs) in a process
// of its own (Node: this one), the three in turn, the order rotated every round; a ratio is
// taken within a round and the table gives the median over the rounds (range in brackets).
//
// run: `node bench/render.mjs [--quick] [--rounds N]` (scripts/bench --render runs it with
// BENCH_NATIVE_O3 and BENCH_PYTHON set). Writes $BENCH_OUT/render.json (default target/bench).
import { readdirSync, readFileSync, statSync, writeFileSync, mkdirSync, mkdtempSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { basename, dirname, join, relative } from 'node:path';
import { tmpdir, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { plan, measure, summarize } from './measure.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const quick = args.includes('--quick');
const roundsAt = args.indexOf('--rounds');
const rounds = roundsAt >= 0 ? Number(args[roundsAt + 1]) : quick ? 3 : 5;
const outDir = process.env.BENCH_OUT ?? join(root, 'target/bench');
const native = process.env.BENCH_NATIVE_O3;
const python = process.env.BENCH_PYTHON ?? 'python3';
const pkgNode = process.env.BENCH_PKG_NODE ?? join(root, 'pkg/node');
if (!native) throw new Error('bench/render.mjs: set BENCH_NATIVE_O3 to bench/native at opt-level 3');

const kps = join(root, 'tests/charts/real/kube-prometheus-stack-51.10.0-to-52.0.0');
const rendered = join(root, 'tests/charts/render');
const cases = [
  { id: 'kps-base', name: 'kube-prometheus-stack 51.10.0, values.yaml', chart: join(kps, 'base-chart'), values: [join(kps, 'values.yaml')] },
  { id: 'kps-target', name: 'kube-prometheus-stack 52.0.0, proposal.yaml', chart: join(kps, 'target-chart'), values: [join(kps, 'proposal.yaml')] },
  { id: 'redis', name: 'redis 23.1.1 (+ common), user-values.yaml', chart: join(rendered, 'redis/23.1.1'), values: [join(rendered, 'redis/user-values.yaml')] },
  { id: 'ingress-nginx', name: 'ingress-nginx 4.15.1, user-values.yaml', chart: join(rendered, 'ingress-nginx/4.15.1'), values: [join(rendered, 'ingress-nginx/user-values.yaml')] },
  { id: 'traefik', name: 'traefik 41.3.0, user-values.yaml', chart: join(rendered, 'traefik/41.3.0'), values: [join(rendered, 'traefik/user-values.yaml')] },
];

const walk = (at) => readdirSync(at).sort().flatMap((n) => (statSync(join(at, n)).isDirectory() ? walk(join(at, n)) : [join(at, n)]));
for (const c of cases) {
  const files = walk(c.chart);
  c.files = files.length;
  c.bytes = files.reduce((n, f) => n + statSync(f).size, 0);
  c.templates = files.filter((f) => /(^|\/)templates\//.test(relative(c.chart, f))).length;
}

// The Node build: the JS `render` (missing before the render API landed: the row is left out).
const lib = await import(join(pkgNode, 'values_migrate.js'));
const nodeInputs = typeof lib.render === 'function'
  ? cases.map((c) => ({
    chart: { name: basename(c.chart), files: Object.fromEntries(walk(c.chart).map((f) => [relative(c.chart, f), new Uint8Array(readFileSync(f))])) },
    values: c.values.map((path) => ({ path, text: readFileSync(path, 'utf8') })),
  }))
  : null;
if (!nodeInputs) console.error('bench/render.mjs: pkg/node has no `render`: the Node rows are left out');

const p = plan(quick);
const work = mkdtempSync(join(tmpdir(), 'vm-render-'));
const load = () => loadavg().map((l) => l.toFixed(2)).join(' ');

function runNative(dump) {
  const jobs = cases.map((c) => ({ id: c.id, kind: 'render', file: c.chart, values: c.values, ...(dump ? { dump: join(work, `native-${c.id}.json`) } : {}) }));
  writeFileSync(join(work, 'native-plan.json'), JSON.stringify({ ...p, jobs }));
  execFileSync(native, [join(work, 'native-plan.json'), join(work, 'native-out.json')], { stdio: ['ignore', 'ignore', 'inherit'] });
  const out = JSON.parse(readFileSync(join(work, 'native-out.json'), 'utf8'));
  return Object.fromEntries(out.map((r) => [r.id, summarize(r.samples)]));
}

function runHelm(dump) {
  const jobs = cases.map((c) => ({ id: c.id, chart: c.chart, values: c.values, ...(dump ? { dump: join(work, `helm-${c.id}.json`) } : {}) }));
  writeFileSync(join(work, 'helm-plan.json'), JSON.stringify({ ...p, jobs }));
  execFileSync(python, [join(root, 'bench/render_helm.py'), join(work, 'helm-plan.json'), join(work, 'helm-out.json')], { stdio: ['ignore', 'ignore', 'inherit'] });
  const out = JSON.parse(readFileSync(join(work, 'helm-out.json'), 'utf8'));
  return Object.fromEntries(out.map((r) => [r.id, summarize(r.samples)]));
}

function runNode(dump) {
  const out = {};
  cases.forEach((c, i) => {
    const input = nodeInputs[i];
    const call = () => {
      const r = lib.render(input);
      if (r.error || r.refused.length) throw new Error(`${c.id}: ${JSON.stringify(r.error ?? r.refused)}`);
      return r;
    };
    out[c.id] = summarize(measure(p, call).samples);
    if (dump) writeFileSync(join(work, `node-${c.id}.json`), JSON.stringify(call()));
  });
  return out;
}

// Every tool's files against Helm's, by name and text (a file ours masks: by name only).
function check() {
  const problems = [];
  for (const c of cases) {
    const helm = JSON.parse(readFileSync(join(work, `helm-${c.id}.json`), 'utf8')).files;
    const ours = JSON.parse(readFileSync(join(work, `native-${c.id}.json`), 'utf8'));
    if (ours.error || ours.refused?.length) problems.push(`${c.id}: native: ${ours.error ?? ours.refused.join('; ')}`);
    const masked = new Set(ours.masked ?? []);
    const tools = [['native', ours.files]];
    if (nodeInputs) {
      const node = JSON.parse(readFileSync(join(work, `node-${c.id}.json`), 'utf8'));
      masked.forEach((m) => node.masked.some((s) => s.file === m) || problems.push(`${c.id}: Node does not mask ${m}`));
      tools.push(['Node', node.files]);
    }
    for (const [tool, files] of tools) {
      const names = [...new Set([...Object.keys(helm), ...Object.keys(files ?? {})])].sort();
      for (const n of names) {
        if (!(n in helm) || !(n in files)) problems.push(`${c.id}: ${tool}: ${n} ${n in helm ? 'missing' : 'not rendered by Helm'}`);
        else if (!masked.has(n) && helm[n] !== files[n]) problems.push(`${c.id}: ${tool}: ${n} differs from Helm's`);
      }
    }
    c.rendered = Object.keys(helm).length;
    c.masked = masked.size;
  }
  return problems;
}

const tools = { native: runNative, Helm: runHelm, ...(nodeInputs ? { Node: runNode } : {}) };
const names = Object.keys(tools);
const results = []; // per round: { tool: { case: summary } }
const loads = [load()];
const started = Date.now();
for (let r = 0; r < rounds; r++) {
  const order = names.map((_, i) => names[(i + r) % names.length]);
  const round = {};
  for (const t of order) round[t] = tools[t](r === 0);
  results.push(round);
  loads.push(load());
  if (r === 0) {
    const problems = check();
    if (problems.length) {
      console.error(problems.join('\n'));
      throw new Error(`bench/render.mjs: ${problems.length} outputs differ from Helm's`);
    }
  }
  console.error(`render round ${r + 1}/${rounds} (${order.join(', ')}): ${((Date.now() - started) / 1e3).toFixed(0)} s, load ${loads.at(-1)}`);
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const ratio = (id, a, b) => {
  const rs = results.map((round) => round[a][id].median_ms / round[b][id].median_ms);
  return { median: median(rs), min: Math.min(...rs), max: Math.max(...rs) };
};
const ms = (x) => (x >= 100 ? x.toFixed(0) : x >= 10 ? x.toFixed(1) : x.toFixed(2));
const rows = cases.map((c) => {
  const row = { id: c.id, name: c.name, chart_files: c.files, chart_bytes: c.bytes, templates: c.templates, rendered: c.rendered, masked: c.masked };
  for (const t of names) row[t] = median(results.map((round) => round[t][c.id].median_ms));
  row.helm_over_native = ratio(c.id, 'Helm', 'native');
  if (nodeInputs) {
    row.helm_over_node = ratio(c.id, 'Helm', 'Node');
    row.node_over_native = ratio(c.id, 'Node', 'native');
  }
  return row;
});

const fmt = (r) => `${r.median.toFixed(1)}× [${r.min.toFixed(1)}–${r.max.toFixed(1)}]`;
console.log(`render: ${rounds} rounds (${quick ? 'quick' : 'full'}), ${((Date.now() - started) / 1e3).toFixed(0)} s, load ${loads[0]} → ${loads.at(-1)}; medians of the rounds' medians, ratios within a round`);
console.log(`| chart, values | files (templates) → rendered | native | ${nodeInputs ? 'Node | ' : ''}Helm | Helm / native | ${nodeInputs ? 'Helm / Node | Node / native |' : ''}`);
console.log(`|---|---:|---:|${nodeInputs ? '---:|' : ''}---:|---:|${nodeInputs ? '---:|---:|' : ''}`);
for (const r of rows) {
  console.log(`| ${r.name} | ${r.chart_files} (${r.templates}) → ${r.rendered} | ${ms(r.native)} ms | ${nodeInputs ? `${ms(r.Node)} ms | ` : ''}${ms(r.Helm)} ms | ${fmt(r.helm_over_native)} | ${nodeInputs ? `${fmt(r.helm_over_node)} | ${fmt(r.node_over_native)} |` : ''}`);
}
mkdirSync(outDir, { recursive: true });
writeFileSync(join(outDir, 'render.json'), JSON.stringify({ rounds, quick, loads, rows, results }, null, 1));
