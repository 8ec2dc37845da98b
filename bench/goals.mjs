// The goals of docs/BENCHMARKS.md, per input family (bench/families.mjs), side by side in one
// run: `node bench/goals.mjs [--quick]` (scripts/bench runs it with the BENCH_* variables set).
//
// For each family and size, in one Node process, batches interleaved (A B C A B C …) so that
// the machine's load falls on all alike: the wasm Node loads (pkg/node, opt-level 3), the wasm
// browsers load (the release build, opt-level z, the same bytes as pkg/web, bound for Node) and
// eemeli/yaml CST + ajv (bench/peers.mjs). Then natively (bench/native at opt-level 3): the
// same migrate and the floor (saphyr-parser's events alone) in rounds of a process each, their
// order swapped every round, the goal read on the median of the rounds' ratios;
// peak memory of one call in a fresh process; and the op-count rows (1 … 1000 ops on one 1 MiB
// file built from the family's addons). Every output is checked: all three builds give the
// same result, and the CST peer's output decodes to the same data as ours.
// Prints the goals table and writes target/bench/goals.json.

import { createRequire } from 'node:module';
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { familyNames, familyText, familyOps } from './families.mjs';
import { measureInterleaved, summarize } from './measure.mjs';
import { cst } from './peers.mjs';

const require = createRequire(import.meta.url);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(root);
const quick = process.argv.includes('--quick');
const only = process.argv.find((a) => a.startsWith('--family='))?.slice(9).split(',') ?? familyNames;
const out = process.env.BENCH_OUT ?? path.join(root, 'target/bench');
const dir = path.join(out, 'families');
mkdirSync(dir, { recursive: true });
const started = performance.now();
const load = [os.loadavg()[0]];
const progress = (msg) => process.stderr.write(`    [${((performance.now() - started) / 1e3).toFixed(0)} s] goals: ${msg}\n`);
const MiB = 1024 * 1024;
/** The lowest and highest of `num`'s samples over `den`'s, batch by batch (the ratio's range). */
const pairedRange = (num, den) => {
  const n = Math.min(num.samples.length, den.samples.length);
  const r = Array.from({ length: n }, (_, i) => num.samples[i] / den.samples[i]);
  return [Math.min(...r), Math.max(...r)];
};
const KiB = 1024;

const pkgNode = process.env.BENCH_PKG_NODE ?? path.join(root, 'pkg/node');
const pkgWeb = process.env.BENCH_PKG_WEB_NODE ?? path.join(out, 'pkg-web-node');
const native = process.env.BENCH_NATIVE_O3 ?? path.join(root, 'target/bench-native-3/release/values-migrate-bench');
const builds = {
  node: require(path.join(pkgNode, 'values_migrate.js')),
  web: require(path.join(pkgWeb, 'values_migrate.js')),
};
const YAML = require('yaml');
/** The file's values as Helm reads them (the op-count proposals are built from them). */
const decodeHelm = (t) => {
  const r = builds.node.decode(t, {});
  must(r.errors.length === 0, `decode: ${JSON.stringify(r.errors).slice(0, 300)}`);
  return r.documents[0];
};
const bosun = path.join(root, 'examples/bosun-0.20.0-to-0.25.1');
const read = (p) => readFileSync(p, 'utf8');
const schemas = { base: read(path.join(bosun, 'base.values.schema.json')), target: read(path.join(bosun, 'target.values.schema.json')) };
const proposal = read(path.join(bosun, 'proposal.yaml'));
const edits = {
  prefix: ['bosun', 'valuesObject'],
  remove: [['gate', 'mode'], ['gate', 'wait'], ['gate', 'inventorySource']],
  rename: [{ at: ['gate', 'argocd'], from: 'port', to: 'podPort' }],
};

// Sizes: 100 KiB and 1 MiB are the goals'; 4 MiB shows linearity (full run only).
const sizes = [{ id: '100 KiB', bytes: 100 * KiB }, { id: '1 MiB', bytes: MiB }, ...(quick ? [] : [{ id: '4 MiB', bytes: 4 * MiB }])];
const plan = (bytes) => (bytes < MiB
  ? (quick ? { warm_s: 0.05, warm_calls: 1, sample_s: 0.001, min_time_s: 0.4, min_samples: 5, max_samples: 40 }
    : { warm_s: 0.5, warm_calls: 2, sample_s: 0.001, min_time_s: 3, min_samples: 11, max_samples: 200 })
  : (quick ? { warm_s: 0, warm_calls: 1, sample_s: 0, min_time_s: 0, min_samples: 1, max_samples: 1 }
    : { warm_s: 0, warm_calls: 1, sample_s: 0, min_time_s: 0, min_samples: bytes > MiB ? 3 : 7, max_samples: 7 }));

function must(cond, what) {
  if (!cond) throw new Error(`bench/goals.mjs: ${what}`);
}
function run(cmd, args, env = {}) {
  const r = spawnSync(cmd, args, { encoding: 'utf8', maxBuffer: 1 << 30, env: { ...process.env, ...env } });
  if (r.error || r.status !== 0) throw new Error(`${cmd} ${args.join(' ')}: ${r.error?.message ?? r.stderr}`);
  return r.stdout;
}
const nativeRun = (jobs, p) => {
  const jobsFile = path.join(dir, 'native-jobs.json');
  const outFile = path.join(dir, 'native-out.json');
  writeFileSync(jobsFile, JSON.stringify({ ...p, sample_s: p.sample_s || 0.001, jobs }));
  run(native, [jobsFile, outFile]);
  return JSON.parse(read(outFile));
};

const results = { when: new Date().toISOString(), quick, families: {} };
for (const family of only) {
  const fam = { sizes: [], ops: [] };
  results.families[family] = fam;
  for (const s of sizes) {
    const text = familyText(family, s.bytes);
    const file = path.join(dir, `${family}-${s.id.replace(' ', '')}.yaml`);
    writeFileSync(file, text);
    const bytes = Buffer.byteLength(text);
    const request = { files: [{ path: 'addons.yaml', text }], baseSchema: schemas.base, targetSchema: schemas.target, proposal };
    const ours = builds.node.migrate(request);
    must(ours.status === 'planned' && ours.ops.length === 4, `${family} ${s.id}: bosun migrate planned with 4 ops (got ${ours.status}: ${JSON.stringify(ours.refusals ?? ours.errors)?.slice(0, 400)})`);
    must(JSON.stringify(builds.web.migrate(request)) === JSON.stringify(ours), `${family} ${s.id}: the browser build's result = the Node build's`);
    const after = ours.files[0].after;
    const peerOut = cst(text, schemas, edits);
    must(JSON.stringify(YAML.parseAllDocuments(peerOut).map((d) => d.toJS())) === JSON.stringify(YAML.parseAllDocuments(after).map((d) => d.toJS())),
      `${family} ${s.id}: CST + ajv's output decodes as ours`);
    const withPeer = s.bytes <= MiB;
    progress(`${family} ${s.id}: wasm (node), wasm (browser build), ${withPeer ? 'CST + ajv, ' : ''}interleaved`);
    const fs = [() => builds.node.migrate(request), () => builds.web.migrate(request), ...(withPeer ? [() => cst(text, schemas, edits)] : [])];
    // The goal rows take at least 3 interleaved samples even in a quick run (one is ±30%).
    const rowPlan = { ...plan(s.bytes), min_samples: Math.max(3, plan(s.bytes).min_samples), max_samples: Math.max(3, plan(s.bytes).max_samples) };
    const measured = measureInterleaved(rowPlan, fs);
    const [node, web, peer] = measured.map((m) => summarize(m.samples));
    progress(`${family} ${s.id}: native migrate and floor`);
    const job = { id: 'm', kind: 'migrate', values: [file], base: path.join(bosun, 'base.values.schema.json'), target: path.join(bosun, 'target.values.schema.json'), proposal: path.join(bosun, 'proposal.yaml') };
    const p = plan(s.bytes);
    // The migrate and the floor in rounds, a process each, their order swapped every round; the
    // goal is read on the median of the rounds' own ratios (the floor alone moved by a fifth
    // between runs minutes apart on this machine, and a ratio of rows taken apart with it).
    const byRound = [];
    // (At 100 KiB, where no goal is read on it, one round.)
    for (let r = 0; r < (s.bytes < MiB ? 1 : quick ? 3 : 5); r++) {
      const pair = [job, { id: 'f', kind: 'floor', file }];
      const out = nativeRun(r % 2 ? pair.reverse() : pair, { ...p, min_samples: Math.max(p.min_samples, 3), max_samples: Math.max(p.max_samples, 3) });
      byRound.push(Object.fromEntries(out.map((x) => [x.id, x.samples])));
    }
    const nat = summarize(byRound.flatMap((x) => x.m));
    const floor = summarize(byRound.flatMap((x) => x.f));
    const roundRatios = byRound.map((x) => summarize(x.m).median_ms / summarize(x.f).median_ms);
    const ratio = summarize(roundRatios).median_ms;
    const row = { id: s.id, bytes, node_ms: node.median_ms, web_ms: web.median_ms, cst_ms: peer?.median_ms ?? null, native_ms: nat.median_ms, floor_ms: floor.median_ms, native_floor_ratio: ratio, samples: { node: node.n, web: web.n, cst: peer?.n ?? 0, native: nat.n, floor: floor.n },
      ranges: { node: peer ? pairedRange(measured[2], measured[0]) : null, web: peer ? pairedRange(measured[2], measured[1]) : null, native_floor: [Math.min(...roundRatios), Math.max(...roundRatios)] } };
    if (s.bytes === MiB) {
      progress(`${family} ${s.id}: peak memory (fresh processes)`);
      const m = nativeRun([{ ...job, peak: true }], p)[0].memory;
      row.native_peak = m.peak_rss - m.rss_before;
      const w = JSON.parse(run(process.execPath, ['bench/peak.mjs', 'wasm', file], { BENCH_PKG_NODE: path.join(pkgNode, 'values_migrate.js') }));
      row.wasm_memory = w.wasm_memory_bytes;
    }
    fam.sizes.push(row);
  }
  // Op counts: 1 … 1000 ops on one 1 MiB file of the family's addons (the values root given),
  // the counts measured interleaved (a ratio of rows measured apart moved by a third between runs).
  const counts = quick ? [1, 1000] : [1, 10, 100, 1000];
  const requests = counts.map((ops) => {
    const o = familyOps(family, ops, MiB, decodeHelm);
    const request = { files: [{ path: 'values.yaml', text: o.text }], baseSchema: o.base, targetSchema: o.target, proposal: o.proposal, prefix: '' };
    const r = builds.node.migrate(request);
    must(r.status === 'planned' && r.ops.length === ops, `${family} ${ops} ops: planned with as many ops (got ${r.status}, ${r.ops?.length}: ${JSON.stringify(r.refusals ?? r.errors)?.slice(0, 300)})`);
    const files = Object.fromEntries(['values.yaml', 'base.json', 'target.json', 'proposal.json'].map((n) => [n, path.join(dir, `${family}-ops${ops}-${n}`)]));
    writeFileSync(files['values.yaml'], o.text);
    writeFileSync(files['base.json'], o.base);
    writeFileSync(files['target.json'], o.target);
    writeFileSync(files['proposal.json'], o.proposal);
    return { request, job: { id: `o${ops}`, kind: 'migrate', values: [files['values.yaml']], base: files['base.json'], target: files['target.json'], proposal: files['proposal.json'], prefix: '' } };
  });
  progress(`${family} ${counts.join(', ')} ops: wasm (node) and native, interleaved`);
  const opsPlan = { ...plan(MiB), min_samples: quick ? 5 : 7, max_samples: quick ? 5 : 7 };
  const node = measureInterleaved(opsPlan, requests.map(({ request }) => () => builds.node.migrate(request))).map((x) => summarize(x.samples));
  const nat = nativeRun(requests.map(({ job }) => job), { ...plan(MiB), min_samples: 3, max_samples: 3 }).map((x) => summarize(x.samples));
  counts.forEach((ops, i) => fam.ops.push({ ops, node_ms: node[i].median_ms, native_ms: nat[i].median_ms }));
}
load.push(os.loadavg()[0]);
results.load = load;
results.measuring_s = (performance.now() - started) / 1e3;

// ------------------------------------------------------------------ the goals table
const f = (x, d = 1) => (x == null ? '—' : x.toFixed(d));
const ms = (x) => (x == null ? '—' : x >= 1000 ? `${(x / 1000).toFixed(2)} s` : `${x.toPrecision(3)} ms`);
const goals = [];
const goal = (name, family, measured, met) => goals.push({ goal: name, family, measured, met });
/** A ratio's range over the samples (or rounds), as `[low–high]`. */
const rng = (r) => (r ? `[${f(r[0])}–${f(r[1])}]` : '');
for (const [family, fam] of Object.entries(results.families)) {
  const at = (id) => fam.sizes.find((s) => s.id === id);
  const k100 = at('100 KiB');
  const m1 = at('1 MiB');
  goal('Node build ≥ 5× CST + ajv, 100 KiB', family, `${ms(k100.node_ms)} vs ${ms(k100.cst_ms)}: ${f(k100.cst_ms / k100.node_ms)}× ${rng(k100.ranges.node)}`, k100.cst_ms / k100.node_ms >= 5);
  goal('Node build ≥ 10× CST + ajv, 1 MiB', family, `${ms(m1.node_ms)} vs ${ms(m1.cst_ms)}: ${f(m1.cst_ms / m1.node_ms)}× ${rng(m1.ranges.node)}`, m1.cst_ms / m1.node_ms >= 10);
  goal('browser build ≥ 3× CST + ajv, 100 KiB', family, `${ms(k100.web_ms)} vs ${ms(k100.cst_ms)}: ${f(k100.cst_ms / k100.web_ms)}× ${rng(k100.ranges.web)}`, k100.cst_ms / k100.web_ms >= 3);
  goal('native ≤ 3× the floor, 1 MiB', family, `${ms(m1.native_ms)} vs ${ms(m1.floor_ms)}: ${f(m1.native_floor_ratio)}× ${rng(m1.ranges.native_floor)} (the rounds' median; 100 KiB: ${f(k100.native_floor_ratio)}×)`, m1.native_floor_ratio <= 3);
  goal('peak memory ≤ 10× the file, 1 MiB', family, `native ${f(m1.native_peak / m1.bytes)}×, wasm linear memory ${f(m1.wasm_memory / m1.bytes)}×`, m1.native_peak / m1.bytes <= 10 && m1.wasm_memory / m1.bytes <= 10);
  const perMiB = (s, k) => s[k] / (s.bytes / MiB);
  const lin = (k) => fam.sizes.map((s) => f(perMiB(s, k), 0)).join(' → ');
  const spread = (k) => Math.max(...fam.sizes.map((s) => perMiB(s, k))) / Math.min(...fam.sizes.map((s) => perMiB(s, k)));
  goal('linear in size (ms per MiB, 100 KiB → 1 MiB' + (quick ? ')' : ' → 4 MiB)'), family, `Node ${lin('node_ms')}; native ${lin('native_ms')}`, spread('node_ms') <= 1.5 && spread('native_ms') <= 1.5);
  const o1 = fam.ops[0];
  const oN = fam.ops.at(-1);
  goal(`linear in ops (${fam.ops.map((o) => o.ops).join(' / ')} ops, 1 MiB)`, family, `Node ${fam.ops.map((o) => f(o.node_ms, 0)).join(' / ')} ms (${f(oN.node_ms / o1.node_ms, 2)}×); native ${fam.ops.map((o) => f(o.native_ms, 0)).join(' / ')} (${f(oN.native_ms / o1.native_ms, 2)}×)`,
    oN.node_ms / o1.node_ms <= 1.5 && oN.native_ms / o1.native_ms <= 1.5);
}
results.goals = goals;
writeFileSync(path.join(out, 'goals.json'), JSON.stringify(results, null, 2) + '\n');
const lines = ['', `goals per family (${quick ? 'quick' : 'full'} run, ${f(results.measuring_s, 0)} s of measuring, load ${load.map((x) => x.toFixed(2)).join(' → ')})`, ''];
lines.push('| goal | family | measured | status |', '| --- | --- | --- | --- |');
for (const g of goals) lines.push(`| ${g.goal} | ${g.family} | ${g.measured} | ${g.met ? 'met' : '**not met**'} |`);
lines.push('', '| family | size | bytes | Node build | browser build | CST + ajv | native | floor |', '| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |');
for (const [family, fam] of Object.entries(results.families)) {
  for (const s of fam.sizes) lines.push(`| ${family} | ${s.id} | ${s.bytes} | ${ms(s.node_ms)} | ${ms(s.web_ms)} | ${ms(s.cst_ms)} | ${ms(s.native_ms)} | ${ms(s.floor_ms)} |`);
}
console.log(lines.join('\n'));
