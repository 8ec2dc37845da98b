// Helm's render (issue 42), against Helm itself: kube-prometheus-stack with its subcharts (the
// base chart with its pair's values.yaml, the target chart with proposal.yaml) and three charts of
// tests/charts/render (redis with bitnami's common, ingress-nginx, traefik, each with its
// user-values.yaml; redis also with bench/render-redis-tls.yaml, TLS from a secret instead of
// certificates generated at render time), rendered by
//   native  bench/native's kind `render` (values_migrate::render in-process, opt-level 3: the
//           chart read from disk, coalesced, rendered; no process start, no stream printed),
//   Node    the JS `render` of pkg/node (the chart's files read once, handed over as bytes),
//   Helm    Helm 4.2.3 through helm-python-sdk in-process (bench/render_helm.py:
//           `Chart.load(dir)` + `render(values)` a call).
// Each call returns every template's text (as Helm's engine does). First every tool renders
// every case once and the outputs are checked equal file by file (a file the renderer masks, by
// name only: spans of random or clock functions). Then the timing: native and Helm each serve
// calls from a process of their own (`--serve`), Node calls in this one, and for each case the
// three take turns, one batch each (the shared rule's batch: bench/measure.mjs), the order
// rotated every turn, so that the machine's load falls on the three alike; a ratio is read
// within a turn, and the table gives the medians (times and ratios) with the ratios' 10th–90th
// percentiles in brackets.
//
// run: `node bench/render.mjs [--quick] [--samples N]` (scripts/bench --render runs it with
// BENCH_NATIVE_O3 and BENCH_PYTHON set). Writes $BENCH_OUT/render.json (default target/bench).
import { readdirSync, readFileSync, statSync, writeFileSync, mkdirSync, mkdtempSync } from 'node:fs';
import { execFileSync, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { basename, dirname, join, relative } from 'node:path';
import { tmpdir, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { plan } from './measure.mjs';
import { performance } from 'node:perf_hooks';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const quick = args.includes('--quick');
const samplesAt = args.indexOf('--samples');
// Per case: at least this many turns, and at least `minTime` seconds of them.
const minSamples = samplesAt >= 0 ? Number(args[samplesAt + 1]) : quick ? 7 : 31;
const minTime = quick ? 1.5 : 8;
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
  // The same without certificates generated at render time (Helm makes RSA keys for them).
  { id: 'redis-tls', name: 'redis 23.1.1 (+ common), user-values.yaml + TLS from a secret', chart: join(rendered, 'redis/23.1.1'), values: [join(rendered, 'redis/user-values.yaml'), join(root, 'bench/render-redis-tls.yaml')] },
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
const once = { warm_s: 0, warm_calls: 1, sample_s: 0, min_time_s: 0, min_samples: 1, max_samples: 1 };

// The check: every tool renders every case once (the batch mode, each result dumped).
const nativeJobs = (dump) => cases.map((c) => ({ id: c.id, kind: 'render', file: c.chart, values: c.values, ...(dump ? { dump: join(work, `native-${c.id}.json`) } : {}) }));
const helmJobs = (dump) => cases.map((c) => ({ id: c.id, chart: c.chart, values: c.values, ...(dump ? { dump: join(work, `helm-${c.id}.json`) } : {}) }));
writeFileSync(join(work, 'native-check.json'), JSON.stringify({ ...once, jobs: nativeJobs(true) }));
execFileSync(native, [join(work, 'native-check.json'), join(work, 'native-out.json')], { stdio: ['ignore', 'ignore', 'inherit'] });
writeFileSync(join(work, 'helm-check.json'), JSON.stringify({ ...once, jobs: helmJobs(true) }));
execFileSync(python, [join(root, 'bench/render_helm.py'), join(work, 'helm-check.json'), join(work, 'helm-out.json')], { stdio: ['ignore', 'ignore', 'inherit'] });
const nodeCall = (i) => {
  const r = lib.render(nodeInputs[i]);
  if (r.error || r.refused.length) throw new Error(`${cases[i].id}: ${JSON.stringify(r.error ?? r.refused)}`);
  return r;
};
if (nodeInputs) cases.forEach((c, i) => writeFileSync(join(work, `node-${c.id}.json`), JSON.stringify(nodeCall(i))));

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
const problems = check();
if (problems.length) {
  console.error(problems.join('\n'));
  throw new Error(`bench/render.mjs: ${problems.length} outputs differ from Helm's`);
}

// A process that times calls on request: `INDEX CALLS` in, the milliseconds per call out.
function server(command, argv) {
  const child = spawn(command, argv, { stdio: ['pipe', 'pipe', 'inherit'] });
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  return {
    async call(index, calls) {
      child.stdin.write(`${index} ${calls}\n`);
      const { value, done } = await lines.next();
      if (done) throw new Error(`${command}: ended`);
      return Number(value);
    },
    end: () => child.stdin.end(),
  };
}
writeFileSync(join(work, 'native-serve.json'), JSON.stringify({ ...once, jobs: nativeJobs(false) }));
writeFileSync(join(work, 'helm-serve.json'), JSON.stringify({ ...once, jobs: helmJobs(false) }));
const nativeServer = server(native, ['--serve', join(work, 'native-serve.json')]);
const helmServer = server(python, [join(root, 'bench/render_helm.py'), '--serve', join(work, 'helm-serve.json')]);
const tools = {
  native: (i, n) => nativeServer.call(i, n),
  Helm: (i, n) => helmServer.call(i, n),
  ...(nodeInputs
    ? {
      Node: async (i, n) => {
        const t = performance.now();
        for (let k = 0; k < n; k++) nodeCall(i);
        return (performance.now() - t) / n;
      },
    }
    : {}),
};
const names = Object.keys(tools);

const loads = [load()];
const started = Date.now();
const results = {}; // case id → { tool: [ms per call, one per turn] }
for (const [i, c] of cases.entries()) {
  // Warm-up and each tool's batch by the shared rule.
  const batch = {};
  for (const t of names) {
    let calls = 0;
    let spent = 0;
    while (calls < Math.max(1, p.warm_calls) || spent < p.warm_s * 1e3) {
      spent += await tools[t](i, 1);
      calls++;
    }
    batch[t] = Math.max(1, Math.ceil((p.sample_s * 1e3) / (spent / calls)));
  }
  const samples = Object.fromEntries(names.map((t) => [t, []]));
  const begin = Date.now();
  for (let k = 0; k < p.max_samples && (k < minSamples || Date.now() - begin < minTime * 1e3); k++) {
    for (let j = 0; j < names.length; j++) {
      const t = names[(j + k) % names.length];
      samples[t].push(await tools[t](i, batch[t]));
    }
  }
  results[c.id] = samples;
  loads.push(load());
  console.error(`render ${c.id}: ${samples.native.length} turns, ${((Date.now() - started) / 1e3).toFixed(0)} s, load ${loads.at(-1)}`);
}
nativeServer.end();
helmServer.end();

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const quantile = (xs, q) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.round(q * (s.length - 1))))];
};
const ratio = (id, a, b) => {
  const rs = results[id][a].map((x, k) => x / results[id][b][k]);
  return { median: median(rs), p10: quantile(rs, 0.1), p90: quantile(rs, 0.9) };
};
const ms = (x) => (x >= 100 ? x.toFixed(0) : x >= 10 ? x.toFixed(1) : x.toFixed(2));
const rows = cases.map((c) => {
  const row = { id: c.id, name: c.name, chart_files: c.files, chart_bytes: c.bytes, templates: c.templates, rendered: c.rendered, masked: c.masked };
  for (const t of names) row[t] = median(results[c.id][t]);
  row.turns = results[c.id].native.length;
  row.helm_over_native = ratio(c.id, 'Helm', 'native');
  if (nodeInputs) {
    row.helm_over_node = ratio(c.id, 'Helm', 'Node');
    row.node_over_native = ratio(c.id, 'Node', 'native');
  }
  return row;
});

const fmt = (r) => `${r.median.toFixed(2)}× [${r.p10.toFixed(2)}–${r.p90.toFixed(2)}]`;
console.log(`render: ${quick ? 'quick' : 'full'} run, ${rows.map((r) => r.turns).join('/')} turns, ${((Date.now() - started) / 1e3).toFixed(0)} s, load ${loads[0]} → ${loads.at(-1)}; medians per call, ratios within a turn [10th–90th percentile]`);
console.log(`| chart, values | files (templates) → rendered | native | ${nodeInputs ? 'Node | ' : ''}Helm | Helm / native | ${nodeInputs ? 'Helm / Node | Node / native |' : ''}`);
console.log(`|---|---:|---:|${nodeInputs ? '---:|' : ''}---:|---:|${nodeInputs ? '---:|---:|' : ''}`);
for (const r of rows) {
  console.log(`| ${r.name} | ${r.chart_files} (${r.templates}) → ${r.rendered} | ${ms(r.native)} ms | ${nodeInputs ? `${ms(r.Node)} ms | ` : ''}${ms(r.Helm)} ms | ${fmt(r.helm_over_native)} | ${nodeInputs ? `${fmt(r.helm_over_node)} | ${fmt(r.node_over_native)} |` : ''}`);
}
mkdirSync(outDir, { recursive: true });
writeFileSync(join(outDir, 'render.json'), JSON.stringify({ quick, loads, rows, results }, null, 1));
