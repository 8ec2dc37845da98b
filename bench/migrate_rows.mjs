// The end-to-end migrate rows of scripts/bench (issue 12), called by bench/run.mjs with its
// helpers so that every row lands in the same table, the same results.json and the same ratios:
//
//   migrate e2e    the bosun migration inside chart-of-charts files of 10 KiB … 8 MiB
//                  (bench/migrate_inputs.mjs): values-migrate (wasm in Node, native library at
//                  opt-level 3, the CLI built with `--profile native`) against the peers
//                  (bench/peers.mjs, bench/ruamel_migrate.py), each peer's output checked
//   migrate ops    1, 10, 100, 1000 operations on one 1 MiB file: no op may multiply the file cost
//   floor          saphyr-parser's events alone on the same files (native), in MB/s
//   memory         peak memory of one call, each in a fresh process
// and the plot of time against size, written to docs/ as SVG.

import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { bosunDir, bosunEdits, writeInputs } from './migrate_inputs.mjs';
import { peers, changedLines } from './peers.mjs';
import { plotSvg } from './plot.mjs';

const MiB = 1024 * 1024;

/** The timing plan for one call of about `bytes` of input: fewer calls where each takes seconds. */
export function planFor(P, quick, bytes) {
  if (bytes < MiB) return P;
  if (quick) return { ...P, warm_s: 0, warm_calls: 1, min_time_s: 0, min_samples: 1 };
  return { ...P, warm_s: 0, warm_calls: 1, min_time_s: 0, min_samples: bytes > 2 * MiB ? 2 : 3 };
}

/**
 * Above 2 MiB only the peer the goals are stated against (CST + ajv) runs: one call of the
 * others takes minutes on 2 shared cores, and their trend shows from 10 KiB to 1 MiB.
 */
const LARGEST_PEERS = ['cst'];

export function migrateRows(ctx) {
  const { P, quick, vm, YAML, must, agree, row, measure, progress, run, read, tmp, out, py, nativeO3, hyperfine, cliNative } = ctx;
  // (sessionRows reads P, vm, YAML, must, agree, read and ajvFor from ctx too.)
  const inputs = writeInputs(path.join(out, 'migrate'), (t) => YAML.parse(t), { withLargest: !quick });
  const schemas = {
    base: read(path.join(bosunDir, 'base.values.schema.json')),
    target: read(path.join(bosunDir, 'target.values.schema.json')),
  };
  const proposal = read(path.join(bosunDir, 'proposal.yaml'));
  const extra = { changed: [], memory: [], floor: [], ops: [] };
  const timed = (group, input, tool, impl, plan, f, more = {}) => {
    progress(`${group} / ${input} / ${tool}`);
    const m = measure(plan, f);
    row(group, input, tool, impl, m.samples, { ...more, batch: m.batch, calls: m.calls });
  };
  const parsed = (text) => YAML.parseAllDocuments(text).map((d) => d.toJS());

  // ------------------------------------------------ sizes: ours (wasm) and the JS peers
  for (const s of inputs.sizes) {
    const text = read(s.file);
    const bytes = Buffer.byteLength(text);
    s.bytes = bytes;
    const plan = planFor(P, quick, bytes);
    const request = { files: [{ path: 'addons.yaml', text }], baseSchema: schemas.base, targetSchema: schemas.target, proposal };
    const ours = vm.migrate(request);
    must(ours.status === 'planned' && ours.ops.length === 4, `bosun migrate at ${s.id} is planned with 4 ops (got ${ours.status}, ${ours.ops?.length})`);
    s.after = ours.files[0].after;
    const want = parsed(s.after);
    extra.changed.push({ input: s.id, tool: 'values-migrate', ...changedLines(text, s.after), same: true });
    timed('migrate e2e', s.id, 'values-migrate wasm', 'migrate(): parse, schemas, plan, splice, verify, diff', plan, () => vm.migrate(request), { base: true });
    // A quick run times the JavaScript peers up to 100 KiB: at 1 MiB they take seconds a call,
    // and the goals section of the same run times CST + ajv there against the Node build.
    const peersHere = quick && bytes > 200 * 1024 ? [] : peers;
    for (const p of peersHere.filter((x) => bytes <= 2 * MiB || LARGEST_PEERS.includes(x.id))) {
      const output = p.f(text, schemas, bosunEdits);
      const diffs = agree(`migrate e2e ${s.id}: ${p.tool} output decodes as values-migrate's`, parsed(output), want);
      extra.changed.push({ input: s.id, tool: p.tool, ...changedLines(text, output), same: diffs });
      timed('migrate e2e', s.id, p.tool, p.impl, plan, () => p.f(text, schemas, bosunEdits));
    }
  }

  // ------------------------------------------------ sizes: ruamel.yaml + jsonschema (Python)
  // ruamel.yaml's round-trip loader takes tens of seconds per MiB: up to 1 MiB (one sample
  // there), up to 100 KiB in a quick run.
  const ruamelSizes = inputs.sizes.filter((s) => s.bytes <= (quick ? 200 * 1024 : 2 * MiB));
  if (ruamelSizes.length) {
    progress('migrate e2e / ruamel.yaml + jsonschema (python child)');
    const jobs = ruamelSizes.map((s) => ({
      id: s.id, file: s.file, out: path.join(tmp, `ruamel-migrate-${s.id.replace(' ', '')}.yaml`),
      base: path.join(bosunDir, 'base.values.schema.json'), target: path.join(bosunDir, 'target.values.schema.json'),
      edits: bosunEdits, plan: s.bytes >= MiB ? { ...planFor(P, quick, s.bytes), min_samples: 1 } : planFor(P, quick, s.bytes),
    }));
    writeFileSync(path.join(tmp, 'ruamel-migrate-jobs.json'), JSON.stringify({ ...P, jobs }));
    run(py, ['bench/ruamel_migrate.py', path.join(tmp, 'ruamel-migrate-jobs.json'), path.join(tmp, 'ruamel-migrate-out.json')]);
    const res = JSON.parse(read(path.join(tmp, 'ruamel-migrate-out.json')));
    extra.ruamelVersions = res.versions;
    for (const r of res.results) {
      const s = inputs.sizes.find((x) => x.id === r.id);
      const output = read(jobs.find((j) => j.id === r.id).out);
      const tool = 'ruamel.yaml (rt) + jsonschema';
      const diffs = agree(`migrate e2e ${s.id}: ${tool} output decodes as values-migrate's`, parsed(output), parsed(s.after));
      extra.changed.push({ input: s.id, tool, ...changedLines(read(s.file), output), same: diffs });
      row('migrate e2e', s.id, tool, 'round-trip load (quotes kept), del + insert, dump; jsonschema; safe re-load', r.samples, { batch: r.batch, calls: r.calls });
    }
  }

  // ------------------------------------------------ op counts: ours (wasm)
  // The values root is given (the file's root): discovering it from a proposal as large as the
  // file costs the file's size squared today (every candidate re-lists the proposal's leaves),
  // which is locate's cost, not the ops'. docs/BENCHMARKS.md has the profile.
  for (const o of inputs.ops) {
    const request = {
      files: [{ path: 'values.yaml', text: read(o.values) }], baseSchema: read(o.base), targetSchema: read(o.target),
      proposal: read(o.proposal), prefix: '',
    };
    const r = vm.migrate(request);
    must(r.status === 'planned' && r.ops.length === o.ops, `op-count input with ${o.ops} ops is planned with as many ops (got ${r.status}, ${r.ops?.length}: ${JSON.stringify(r.refusals?.slice(0, 2))})`);
    o.after = r.files[0].after;
    timed('migrate ops', `${o.ops} ops`, 'values-migrate wasm', 'migrate() on a 1 MiB values file', planFor(P, quick, MiB), () => vm.migrate(request), { base: true });
  }

  // ------------------------------------------------ native: the library at opt-level 3, and the floor
  progress('migrate e2e / ops / floor: values-migrate native (bench/native, opt-level 3)');
  const dump = (name) => path.join(tmp, `native-e2e-${name}.json`);
  const migrateJob = (id, values, base, target, prop, more = {}) => ({
    id, kind: 'migrate', values: [values], base, target, proposal: prop, ...more,
  });
  const bosunJob = (s, more) => migrateJob(`size/${s.id}`, s.file, path.join(bosunDir, 'base.values.schema.json'),
    path.join(bosunDir, 'target.values.schema.json'), path.join(bosunDir, 'proposal.yaml'), more);
  const jobs = [
    ...inputs.sizes.map((s) => ({ ...bosunJob(s, { dump: dump(s.id.replace(' ', '')) }), plan: planFor(P, quick, s.bytes) })),
    ...inputs.sizes.map((s) => ({ id: `floor/${s.id}`, kind: 'floor', file: s.file })),
    ...inputs.ops.map((o) => ({ ...migrateJob(`ops/${o.ops}`, o.values, o.base, o.target, o.proposal, { prefix: '' }), plan: planFor(P, quick, MiB) })),
  ];
  // The native harness takes one plan; big jobs run in their own invocations with theirs.
  const nativeRun = (list, plan) => {
    writeFileSync(path.join(tmp, 'native-e2e-jobs.json'), JSON.stringify({ ...plan, jobs: list }));
    run(nativeO3, [path.join(tmp, 'native-e2e-jobs.json'), path.join(tmp, 'native-e2e-out.json')]);
    return JSON.parse(read(path.join(tmp, 'native-e2e-out.json')));
  };
  const results = [];
  for (const job of jobs) {
    const { plan, ...rest } = job;
    results.push(...nativeRun([rest], plan ?? P));
  }
  for (const r of results) {
    const [kind, id] = r.id.split('/');
    if (kind === 'size') {
      row('migrate e2e', id, 'values-migrate native, opt-level 3', 'library call, in-process (bench/native)', r.samples, { batch: r.batch, calls: r.calls });
      const s = inputs.sizes.find((x) => x.id === id);
      agree(`migrate e2e ${id}: native output = wasm output`, JSON.parse(read(dump(id.replace(' ', '')))).files[0].after, s.after);
    } else if (kind === 'floor') {
      row('migrate e2e', id, 'floor: saphyr-parser events alone (native)', 'Parser::next_event until the end, events dropped', r.samples, { batch: r.batch, calls: r.calls });
    } else {
      row('migrate ops', `${id} ops`, 'values-migrate native, opt-level 3', 'library call, in-process (bench/native)', r.samples, { batch: r.batch, calls: r.calls });
    }
  }

  // ------------------------------------------------ the CLI built with `cargo build --profile native`
  if (!existsSync(cliNative)) {
    progress(`migrate e2e: no ${cliNative}; the CLI rows are left out`);
    extra.notes = [...(extra.notes ?? []), `CLI rows left out: ${cliNative} was not built`];
  }
  for (const s of inputs.sizes.filter(() => existsSync(cliNative))) {
    const stdout = hyperfine('migrate e2e', s.id, ['migrate', '--values', s.file, '--base', path.join(bosunDir, 'base.values.schema.json'),
      '--target', path.join(bosunDir, 'target.values.schema.json'), '--proposal', path.join(bosunDir, 'proposal.yaml')],
    { bin: cliNative, tool: 'values-migrate CLI (--profile native)', runs: s.bytes > MiB ? 3 : undefined });
    agree(`migrate e2e ${s.id}: CLI (--profile native) output = wasm output`, JSON.parse(stdout).files[0].after, s.after);
  }

  // ------------------------------------------------ peak memory, one call per fresh process
  for (const s of inputs.sizes) {
    progress(`memory / ${s.id}`);
    const native = nativeRun([{ ...bosunJob(s), peak: true }], P)[0].memory;
    extra.memory.push({ input: s.id, bytes: s.bytes, tool: 'values-migrate native, opt-level 3', peak_bytes: native.peak_rss - native.rss_before, how: 'VmHWM − VmRSS before the call' });
    for (const tool of ['wasm', 'cst', 'documentApi'].filter((t) => s.bytes <= 2 * MiB || t === 'wasm')) {
      const r = JSON.parse(run(process.execPath, ['bench/peak.mjs', tool, s.file]).stdout);
      extra.memory.push({ input: s.id, bytes: s.bytes, tool: r.tool, peak_bytes: r.peak_bytes, how: r.how });
    }
  }
  sessionRows(ctx, inputs, schemas, proposal, timed);
  return { inputs, extra };
}

/**
 * With a Session (schemas compiled once): `session.validate` on traefik's values against npm
 * yaml's parse + a precompiled ajv validator, and a second `session.migrate` against the one-shot
 * `migrate()` on the 100 KiB chart-of-charts file.
 */
function sessionRows(ctx, inputs, schemas, proposal, timed) {
  const { P, vm, YAML, must, agree, read, ajvFor } = ctx;
  if (typeof vm.Session !== 'function') return;
  const values = 'tests/corpus/traefik/v41.0.0/values.yaml';
  const schemaText = read('tests/corpus/traefik/v41.0.0/values.schema.json');
  const text = read(values);
  const session = new vm.Session({ baseSchema: schemaText, targetSchema: schemaText });
  must(session.errors.length === 0, `Session compiles traefik's schema: ${JSON.stringify(session.errors)}`);
  const input = { files: [{ path: values, text }] };
  const ours = session.validate(input);
  must(ours.errors.length === 0, `session.validate reads traefik's values: ${JSON.stringify(ours.errors)}`);
  const { ajv, draft } = ajvFor(JSON.parse(schemaText));
  const validator = ajv().compile(JSON.parse(schemaText));
  agree('session validate traefik: valid (session) = valid (yaml + precompiled ajv)', ours.valid, validator(YAML.parse(text)));
  const input_ = 'traefik v41.0.0 values.yaml (schema compiled once)';
  timed('session', input_, 'values-migrate wasm session.validate', 'Session built once; validate(): YAML parse, validation, locating', P, () => session.validate(input), { base: true });
  timed('session', input_, `npm yaml parse + precompiled ajv ${draft}`, 'YAML.parse + validator(values)', P, () => validator(YAML.parse(text)));
  session.free?.();

  const s = inputs.sizes.find((x) => x.id === '100 KiB');
  if (!s) return;
  const fileText = read(s.file);
  const bosun = new vm.Session({ baseSchema: schemas.base, targetSchema: schemas.target });
  const request = { files: [{ path: 'addons.yaml', text: fileText }], proposal };
  const first = bosun.migrate(request);
  must(first.status === 'planned', `session.migrate at 100 KiB is planned (got ${first.status})`);
  agree('session migrate 100 KiB: output = one-shot migrate output', first.files[0].after, s.after);
  const label = 'bosun in 100 KiB: one-shot vs session';
  timed('session', label, 'values-migrate wasm migrate() (one-shot)', 'compiles both schemas every call', P,
    () => vm.migrate({ ...request, baseSchema: schemas.base, targetSchema: schemas.target }), { base: true });
  timed('session', label, 'values-migrate wasm session.migrate (2nd+ call)', 'Session built once', P, () => bosun.migrate(request));
  bosun.free?.();
}

/** The SVG of median time against input size, per tool, written to `file`. */
export function writePlot(rows, sizes, file) {
  const tools = [...new Set(rows.filter((r) => r.group === 'migrate e2e').map((r) => r.tool))];
  const series = tools.map((tool) => ({
    tool,
    points: sizes.map((s) => {
      const r = rows.find((x) => x.group === 'migrate e2e' && x.input === s.id && x.tool === tool);
      return r ? { x: s.bytes, y: r.median_ms } : null;
    }).filter(Boolean),
  }));
  writeFileSync(file, plotSvg(series, { title: 'bosun migrate, end to end: median time against file size (log–log)', xLabel: 'file size', yLabel: 'median time per call' }));
}

const median = (rows, group, input, tool) => rows.find((r) => r.group === group && r.input === input && r.tool === tool)?.median_ms ?? null;

/** The numbers issue 12's goals are stated in, from one run's rows. */
export function summarize(rows, { inputs, extra }) {
  const wasm = 'values-migrate wasm';
  const native = 'values-migrate native, opt-level 3';
  const floor = 'floor: saphyr-parser events alone (native)';
  const sizes = inputs.sizes.map((s) => {
    const m = (tool) => median(rows, 'migrate e2e', s.id, tool);
    const mbps = (ms) => (ms ? s.bytes / 1e6 / (ms / 1e3) : null);
    return {
      input: s.id, bytes: s.bytes,
      wasm_ms: m(wasm), native_ms: m(native), floor_ms: m(floor),
      cst_ms: m('eemeli/yaml CST + ajv'), document_api_ms: m('eemeli/yaml Document API + ajv'),
      cst_over_wasm: m('eemeli/yaml CST + ajv') / m(wasm),
      native_mb_s: mbps(m(native)), floor_mb_s: mbps(m(floor)), native_over_floor: m(native) / m(floor),
      wasm_ms_per_mib: m(wasm) / (s.bytes / MiB), native_ms_per_mib: m(native) / (s.bytes / MiB),
    };
  });
  const ops = inputs.ops.map((o) => ({
    ops: o.ops,
    wasm_ms: median(rows, 'migrate ops', `${o.ops} ops`, wasm),
    native_ms: median(rows, 'migrate ops', `${o.ops} ops`, native),
  }));
  const memory = extra.memory.map((m) => ({ ...m, over_file: m.peak_bytes / m.bytes }));
  return { sizes, ops, memory, changed: extra.changed };
}

/** The summary as plain-text lines for the console table. */
export function summaryLines(summary) {
  const f = (x, d = 1) => (x == null || !Number.isFinite(x) ? '—' : x.toFixed(d));
  const lines = [];
  const title = (s) => lines.push('', s, '-'.repeat(s.length));
  title('issue 12 goals: end to end (bosun migrate in a chart-of-charts file)');
  lines.push(`${'input'.padEnd(9)} ${'wasm ms'.padStart(9)} ${'CST+ajv ms'.padStart(11)} ${'CST/wasm'.padStart(9)} ${'native ms'.padStart(10)} ${'native MB/s'.padStart(12)} ${'floor MB/s'.padStart(11)} ${'native/floor'.padStart(13)} ${'wasm ms/MiB'.padStart(12)} ${'native ms/MiB'.padStart(14)}`);
  for (const s of summary.sizes) {
    lines.push(`${s.input.padEnd(9)} ${f(s.wasm_ms).padStart(9)} ${f(s.cst_ms).padStart(11)} ${(f(s.cst_over_wasm, 2) + '×').padStart(9)} ${f(s.native_ms, 2).padStart(10)} ${f(s.native_mb_s).padStart(12)} ${f(s.floor_mb_s).padStart(11)} ${(f(s.native_over_floor, 1) + '×').padStart(13)} ${f(s.wasm_ms_per_mib).padStart(12)} ${f(s.native_ms_per_mib).padStart(14)}`);
  }
  title('issue 12 goals: op count on one 1 MiB file');
  for (const o of summary.ops) lines.push(`${String(o.ops).padStart(5)} ops   wasm ${f(o.wasm_ms).padStart(8)} ms   native ${f(o.native_ms).padStart(8)} ms`);
  title('peak memory of one call (fresh process each)');
  for (const m of summary.memory) lines.push(`${m.input.padEnd(8)} ${m.tool.padEnd(40)} ${(m.peak_bytes / MiB).toFixed(1).padStart(8)} MiB  ${f(m.over_file, 1).padStart(6)}× the file   (${m.how})`);
  title('output checks: lines changed (− removed / + added) and same data as values-migrate');
  for (const c of summary.changed) lines.push(`${c.input.padEnd(8)} ${c.tool.padEnd(48)} −${String(c.removed).padEnd(6)} +${String(c.added).padEnd(6)} ${c.same ? 'same data' : 'DIFFERENT DATA'}`);
  return lines;
}
