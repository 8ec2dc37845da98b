// The benchmark driver of scripts/bench (which builds and installs everything first, then
// runs `node bench/run.mjs [--quick]` with BENCH_* variables naming the built artifacts).
//
// Everything runs in this one invocation, side by side on the same inputs: values-migrate's
// wasm build (pkg/node) and the npm peers in this Node process, ruamel.yaml in a Python
// child, the library natively (bench/native) and the CLI under hyperfine. Prints a table of
// medians, p90s and ratios and writes target/bench/results.json. A tool that fails, or a
// call that returns an error where success was expected, stops the run (exit 1); tools that
// compute different results are reported in the agreement section, never hidden.

import { createRequire } from 'node:module';
import { readFileSync, writeFileSync, mkdirSync, existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import { performance } from 'node:perf_hooks';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { plan as makePlan, measure, measureInterleaved, summarize } from './measure.mjs';
import { migrateRows, writePlot, summarize as summarizeE2e, summaryLines } from './migrate_rows.mjs';

const require = createRequire(import.meta.url);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(root);

const quick = process.argv.includes('--quick');
// --e2e: only the end-to-end migrate rows (section 5), without the builds the others need.
const e2eOnly = process.argv.includes('--e2e');
const loadStart = os.loadavg();
const started = performance.now();
const P = makePlan(quick);
const env = (name) => {
  const v = process.env[name];
  if (!v) throw new Error(`${name} is not set (run scripts/bench, not this file)`);
  return v;
};
const out = env('BENCH_OUT');
const py = env('BENCH_PYTHON');
const nativeBench = e2eOnly ? null : env('BENCH_NATIVE');
const cli = e2eOnly ? null : env('BENCH_CLI');
const pkgs = e2eOnly ? null : { z: env('BENCH_PKG_Z'), s: env('BENCH_PKG_S') };
const rawWasm = e2eOnly ? null : { z: env('BENCH_RAW_Z'), s: env('BENCH_RAW_S') };
const tmp = path.join(out, 'tmp');
mkdirSync(tmp, { recursive: true });

// ---------------------------------------------------------------- helpers

function run(cmd, args, { okCodes = [0], input } = {}) {
  const r = spawnSync(cmd, args, { encoding: 'utf8', maxBuffer: 1 << 30, input });
  if (r.error) throw new Error(`${cmd}: ${r.error.message}`);
  if (!okCodes.includes(r.status)) {
    throw new Error(`${cmd} ${args.join(' ')} exited ${r.status}\n${r.stderr}`);
  }
  return r;
}
const read = (p) => readFileSync(p, 'utf8');
const sha256 = (p) => createHash('sha256').update(readFileSync(p)).digest('hex');
const gz = (p) => Number(run('sh', ['-c', 'gzip -9 -c "$1" | wc -c', 'sh', p]).stdout.trim());
const size = (p) => readFileSync(p).length;
// Each step with the seconds of measuring so far (what to trim when a run grows too long).
const progress = (msg) => process.stderr.write(`    [${((performance.now() - started) / 1e3).toFixed(0)} s] ${msg}\n`);

/** Paths where two JSON-like values differ (at most `limit`). */
function differences(a, b, at = '$', found = [], limit = 5) {
  if (found.length >= limit) return found;
  if (isDeepStrictEqual(a, b)) return found;
  const bothObjects = a && b && typeof a === 'object' && typeof b === 'object'
    && Array.isArray(a) === Array.isArray(b);
  if (!bothObjects) {
    found.push(`${at}: ${JSON.stringify(a)?.slice(0, 60)} vs ${JSON.stringify(b)?.slice(0, 60)}`);
    return found;
  }
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const k of keys) {
    if (!(k in a)) found.push(`${at}.${k}: missing vs present`);
    else if (!(k in b)) found.push(`${at}.${k}: present vs missing`);
    else differences(a[k], b[k], Array.isArray(a) ? `${at}[${k}]` : `${at}.${k}`, found, limit);
    if (found.length >= limit) break;
  }
  return found;
}

const agreement = [];
function agree(check, a, b, { note } = {}) {
  const diffs = differences(a, b);
  agreement.push({ check, ok: diffs.length === 0, differences: diffs, note: note ?? null });
  return diffs.length === 0;
}
function must(cond, what) {
  if (!cond) throw new Error(`sanity check failed: ${what}`);
}

// ---------------------------------------------------------------- inputs

const synthetic = path.join(out, 'synthetic-1mib.yaml');
const bosun = 'examples/bosun-0.20.0-to-0.25.1';
const inputs = {
  traefik: { label: 'traefik v41.0.0 values.yaml', path: 'tests/corpus/traefik/v41.0.0/values.yaml' },
  synthetic: { label: 'synthetic 1 MiB values', path: synthetic },
  bosun: { label: 'bosun addons.yaml', path: `${bosun}/addons.yaml` },
};
const files = {
  traefikSchema: 'tests/corpus/traefik/v41.0.0/values.schema.json',
  traefikA: 'tests/corpus/traefik/v40.3.0/values.yaml',
  traefikASchema: 'tests/corpus/traefik/v40.3.0/values.schema.json',
  cmSchema: 'tests/corpus/cert-manager/v1.21.0/values.schema.json',
  cmValues: 'tests/corpus/cert-manager/v1.21.0/values.yaml',
  bosunBase: `${bosun}/base.values.schema.json`,
  bosunTarget: `${bosun}/target.values.schema.json`,
  bosunProposal: `${bosun}/proposal.yaml`,
  bosunExpected: `${bosun}/expected.addons.yaml`,
};
const inputTable = [...Object.entries(inputs).map(([id, i]) => ({ id, path: i.path })),
  ...Object.entries(files).map(([id, p]) => ({ id, path: p }))]
  .map((i) => ({ ...i, bytes: size(i.path), sha256: sha256(i.path) }));

// ---------------------------------------------------------------- the tools

const vm = require(path.join(root, 'pkg/node/values_migrate.js'));
const vmBuilds = e2eOnly ? null : { z: require(path.join(pkgs.z, 'node/values_migrate.js')), s: require(path.join(pkgs.s, 'node/values_migrate.js')) };
const YAML = require('yaml');
const Ajv = require('ajv').default;
const Ajv2019 = require('ajv/dist/2019').default;
const Ajv2020 = require('ajv/dist/2020').default;
const ajvFor = (schema) => {
  const draft = String(schema.$schema ?? '');
  const Class = draft.includes('2020-12') ? Ajv2020 : draft.includes('2019-09') ? Ajv2019 : Ajv;
  // strict: false because chart schemas carry keywords ajv's strict mode rejects; allErrors
  // because values-migrate reports every violation, not the first.
  return { Class, draft: Class === Ajv ? 'draft-07' : Class === Ajv2020 ? '2020-12' : '2019-09', ajv: () => new Class({ strict: false, allErrors: true }) };
};

const rows = [];
function row(group, input, tool, impl, samples, extra = {}) {
  rows.push({ group, input, tool, impl, ...summarize(samples), batch: extra.batch ?? 1, calls: extra.calls ?? samples.length, base: extra.base ?? false, note: extra.note ?? null });
}
function inProcess(group, input, tool, impl, f, extra = {}) {
  progress(`${group} / ${input} / ${tool}`);
  const m = measure(P, f);
  row(group, input, tool, impl, m.samples, { ...extra, batch: m.batch, calls: m.calls });
}

/** Times a CLI run under hyperfine -N; returns the probe run's stdout. */
function hyperfine(group, input, args, { okCodes = [0], bin = cli, tool = 'values-migrate CLI', runs: fixedRuns } = {}) {
  progress(`${group} / ${input} / ${tool} (hyperfine)`);
  const t = performance.now();
  const probe = run(bin, args, { okCodes });
  const once = (performance.now() - t) / 1e3;
  const runs = fixedRuns ?? Math.min(quick ? 100 : 1000, Math.max(P.min_samples * 2, Math.ceil(P.min_time_s / once)));
  const json = path.join(tmp, 'hyperfine.json');
  const hfArgs = ['-N', '--style', 'none', '--warmup', quick ? '1' : '3', '--runs', String(runs), '--export-json', json];
  if (!okCodes.includes(0) || okCodes.length > 1) hfArgs.push('-i');
  run('hyperfine', [...hfArgs, [bin, ...args].map((a) => `'${a}'`).join(' ')]);
  const res = JSON.parse(read(json)).results[0];
  must(res.exit_codes.every((c) => okCodes.includes(c)), `CLI ${args[0]} exits with ${okCodes}`);
  row(group, input, args[0] === '--version' ? `${tool} --version` : tool, 'process run (hyperfine -N), JSON to a pipe', res.times.map((s) => s * 1e3), { calls: runs });
  return probe.stdout;
}
let sizes = null;
let pairs = {};
let shipped = null;
let shippedSameAsZ = null;
let ruamel = null;
if (!e2eOnly) {
// ---------------------------------------------------------------- 1. decode, in Node

const text = Object.fromEntries(Object.entries(inputs).map(([id, i]) => [id, read(i.path)]));
const decodeIds = Object.keys(inputs);
for (const id of decodeIds) {
  const t = text[id];
  const r12 = vm.decode(t, { typing: 'yaml-1.2' });
  const rHelm = vm.decode(t, {});
  must(r12.errors.length === 0 && rHelm.errors.length === 0, `values-migrate decodes ${inputs[id].path}: ${JSON.stringify(r12.errors)}`);
  const docs = YAML.parseAllDocuments(t);
  must(docs.every((d) => d.errors.length === 0), `yaml parses ${inputs[id].path}: ${docs.flatMap((d) => d.errors).join('; ')}`);
  agree(`decode ${id}: values-migrate (yaml-1.2) = npm yaml`, r12.documents, docs.map((d) => d.toJS()));
  const helmDiff = differences(rHelm.documents, r12.documents, '$', [], 1000);
  agreement.push({ check: `decode ${id}: helm typing vs yaml-1.2 typing (informational)`, ok: true, differences: helmDiff.slice(0, 5), note: `${helmDiff.length} scalar(s) read differently` });

  // The two typings interleaved: their difference is small, so drift must not decide it.
  progress(`decode / ${id} / values-migrate wasm, yaml-1.2 and helm typing, interleaved`);
  const [m12, mHelm] = measureInterleaved(P, [() => vm.decode(t, { typing: 'yaml-1.2' }), () => vm.decode(t, {})]);
  row('decode', id, 'values-migrate wasm (yaml-1.2)', 'pkg/node', m12.samples, { batch: m12.batch, calls: m12.calls, base: true });
  row('decode', id, 'values-migrate wasm (helm)', 'pkg/node', mHelm.samples, { batch: mHelm.batch, calls: mHelm.calls });
  inProcess('decode', id, 'npm yaml', 'parseAllDocuments + toJS', () => YAML.parseAllDocuments(t).map((d) => d.toJS()));
  if (YAML.parseAllDocuments(t).length === 1) {
    inProcess('decode', id, 'npm yaml parse()', 'YAML.parse (one document)', () => YAML.parse(t));
  }
}

// ---------------------------------------------------------------- 2. validate, in Node

pairs = {
  traefik: { label: 'traefik v41.0.0', values: inputs.traefik.path, schema: files.traefikSchema },
  'cert-manager': { label: 'cert-manager v1.21.0', values: files.cmValues, schema: files.cmSchema },
};
for (const [id, p] of Object.entries(pairs)) {
  const valuesText = read(p.values);
  const schemaText = read(p.schema);
  const input = { files: [{ path: p.values, text: valuesText }], schema: schemaText };
  const report = vm.validate(input);
  must(report.errors.length === 0, `values-migrate validate reads ${id}: ${JSON.stringify(report.errors)}`);
  const schema = JSON.parse(schemaText);
  const data = YAML.parse(valuesText);
  const { ajv, draft } = ajvFor(schema);
  const validator = ajv().compile(schema);
  const ajvValid = validator(data);
  p.draft = draft;
  agree(`validate ${id}: valid (values-migrate) = valid (ajv ${draft})`, report.valid, ajvValid,
    { note: `values-migrate ${report.violations.length} violation(s), ajv ${validator.errors?.length ?? 0} error(s)` });

  inProcess('validate', id, 'values-migrate wasm', 'validate(): YAML + schema text in, report out', () => vm.validate(input), { base: true });
  inProcess('validate', id, `ajv ${draft}: validate only`, 'precompiled, values pre-parsed', () => validator(data));
  inProcess('validate', id, `ajv ${draft}: compile only`, 'new Ajv + compile(parsed schema)', () => ajv().compile(schema));
  inProcess('validate', id, `ajv ${draft}: end to end`, 'JSON.parse + YAML.parse + new Ajv + compile + validate',
    () => ajv().compile(JSON.parse(schemaText))(YAML.parse(valuesText)));
}
{
  // An invalid pair, for agreement only: traefik v40.3.0's values under v41.0.0's schema.
  const input = { files: [{ path: files.traefikA, text: read(files.traefikA) }], schema: read(files.traefikSchema) };
  const report = vm.validate(input);
  must(report.errors.length === 0, 'values-migrate validate reads traefik v40.3.0 values');
  const v = ajvFor(JSON.parse(input.schema)).ajv().compile(JSON.parse(input.schema));
  const ok = v(YAML.parse(input.files[0].text));
  agree('validate traefik v40.3.0 values under v41.0.0 schema: valid (values-migrate) = valid (ajv)', report.valid, ok,
    { note: `values-migrate ${report.violations.length} violation(s), ajv ${v.errors?.length ?? 0} error(s)` });
}

// ---------------------------------------------------------------- 3. migrate and diagnose, in Node

const migrateInput = {
  files: [{ path: inputs.bosun.path, text: text.bosun }],
  baseSchema: read(files.bosunBase),
  targetSchema: read(files.bosunTarget),
  proposal: read(files.bosunProposal),
};
const diagnoseInput = {
  files: [{ path: files.traefikA, text: read(files.traefikA) }],
  baseSchema: read(files.traefikASchema),
  targetSchema: read(files.traefikSchema),
  defaults: read(inputs.traefik.path),
};
const expectedAfter = read(files.bosunExpected);
const wasmMigrate = vm.migrate(migrateInput);
must(wasmMigrate.status === 'planned', `bosun migrate is planned (got ${wasmMigrate.status})`);
agree('migrate bosun: values-migrate wasm output = expected.addons.yaml', wasmMigrate.files[0].after, expectedAfter);
const wasmDiagnose = vm.diagnose(diagnoseInput);
must(wasmDiagnose.errors.length === 0, `traefik diagnose reads its inputs: ${JSON.stringify(wasmDiagnose.errors)}`);
inProcess('migrate', 'bosun', 'values-migrate wasm', 'migrate()', () => vm.migrate(migrateInput), { base: true });
inProcess('diagnose', 'traefik v40.3.0→v41.0.0', 'values-migrate wasm', 'diagnose()', () => vm.diagnose(diagnoseInput), { base: true });

/** What migrate/diagnose decided, without the file names the surfaces spell differently. */
const verdict = (r) => ({
  status: r.status, prefix: r.prefix, ops: r.ops,
  displaced: r.displaced.map((d) => d.path), derivable: r.derivable.map((d) => d.path),
  escalations: r.escalations.map((e) => e.path), refusals: r.refusals.map((x) => `${x.kind} ${x.path}`),
  notCarried: r.notCarried.map((n) => n.path), after: r.files.map((f) => f.after),
});

// ---------------------------------------------------------------- 4. opt-level z vs s (wasm)

sizes = {};
for (const lvl of ['z', 's']) {
  const dir = pkgs[lvl];
  const f = (p) => ({ bytes: size(p), gzip9: gz(p) });
  sizes[lvl] = {
    cargo_wasm: f(rawWasm[lvl]),
    wasm_opt: f(path.join(dir, 'values_migrate.opt.wasm')),
    shipped_wasm: f(path.join(dir, 'web/values_migrate_bg.wasm')),
    glue_web_js: f(path.join(dir, 'web/values_migrate.js')),
    glue_node_js: f(path.join(dir, 'node/values_migrate.js')),
  };
}
shipped = { bytes: size('pkg/web/values_migrate_bg.wasm'), gzip9: gz('pkg/web/values_migrate_bg.wasm') };
shippedSameAsZ = sha256('pkg/web/values_migrate_bg.wasm') === sha256(path.join(pkgs.z, 'web/values_migrate_bg.wasm'));

// z and s measured interleaved (z s z s …), so that drift on the machine falls on both alike.
function zVersusS(input, impl, make) {
  progress(`opt-level / ${input} / z and s, interleaved`);
  const [z, s] = measureInterleaved(P, [make(vmBuilds.z, 'z'), make(vmBuilds.s, 's')]);
  row('opt-level', input, 'opt-level z', impl, z.samples, { batch: z.batch, calls: z.calls, base: true });
  row('opt-level', input, 'opt-level s', impl, s.samples, { batch: s.batch, calls: s.calls });
}
const wasmBytes = Object.fromEntries(['z', 's'].map((l) => [l, readFileSync(path.join(pkgs[l], 'node/values_migrate_bg.wasm'))]));
zVersusS('wasm compile', 'new WebAssembly.Module(bytes)', (_, l) => () => new WebAssembly.Module(wasmBytes[l]));
for (const id of decodeIds) {
  const t = text[id];
  for (const l of ['z', 's']) {
    must(isDeepStrictEqual(vmBuilds[l].decode(t, { typing: 'yaml-1.2' }).documents, vm.decode(t, { typing: 'yaml-1.2' }).documents), `opt-level ${l} decodes ${id} as pkg/ does`);
  }
  zVersusS(`decode ${id}`, 'decode (yaml-1.2)', (m) => () => m.decode(t, { typing: 'yaml-1.2' }));
}
const vin = { files: [{ path: inputs.traefik.path, text: text.traefik }], schema: read(files.traefikSchema) };
zVersusS('validate traefik', 'validate()', (m) => () => m.validate(vin));
for (const l of ['z', 's']) {
  must(isDeepStrictEqual(verdict(vmBuilds[l].diagnose(diagnoseInput)), verdict(wasmDiagnose)), `opt-level ${l} diagnoses as pkg/ does`);
}
zVersusS('diagnose traefik', 'diagnose()', (m) => () => m.diagnose(diagnoseInput));

// ---------------------------------------------------------------- 1b. ruamel.yaml (Python)

progress('ruamel.yaml (python child)');
const pyJobs = [];
// ruamel.yaml's round-trip loader takes seconds per MiB: a quick run reads only the small files.
const ruamelIds = decodeIds.filter((id) => !quick || size(inputs[id].path) < 200 * 1024);
for (const id of ruamelIds) {
  for (const loader of ['rt', 'safe']) {
    pyJobs.push({ id: `${id}/${loader}`, file: inputs[id].path, loader, dump: path.join(tmp, `ruamel-${loader}-${id}.json`) });
  }
}
writeFileSync(path.join(tmp, 'ruamel-jobs.json'), JSON.stringify({ ...P, jobs: pyJobs }));
run(py, ['bench/ruamel_bench.py', path.join(tmp, 'ruamel-jobs.json'), path.join(tmp, 'ruamel-out.json')]);
ruamel = JSON.parse(read(path.join(tmp, 'ruamel-out.json')));
for (const r of ruamel.results) {
  const [id, loader] = r.id.split('/');
  row('decode', id, `ruamel.yaml (${loader})`, r.impl, r.samples, { batch: r.batch, calls: r.calls });
  const docs = JSON.parse(read(path.join(tmp, `ruamel-${loader}-${id}.json`)));
  agree(`decode ${id}: values-migrate (yaml-1.2) = ruamel.yaml ${loader}`, vm.decode(text[id], { typing: 'yaml-1.2' }).documents, docs);
}

// ---------------------------------------------------------------- native library (bench/native)

// Twice: built like the CLI (the root crate's release opt-level, z today), and at opt-level 3,
// which a native build could use since its size is no download.
const natives = [
  { bin: nativeBench, tag: `opt-level ${env('BENCH_NATIVE_OPT')}`, label: `opt-level ${env('BENCH_NATIVE_OPT')}, as the CLI` },
  { bin: env('BENCH_NATIVE_O3'), tag: 'opt-level 3', label: 'opt-level 3' },
];
for (const n of natives) {
  progress(`values-migrate native library (bench/native, ${n.label})`);
  const dump = (name) => path.join(tmp, `native-${n.tag.replace(/\W+/g, '')}-${name}.json`);
  const nativeJobs = [
    ...decodeIds.map((id) => ({ id: `decode/${id}`, kind: 'decode', file: inputs[id].path, typing: 'yaml-1.2', dump: dump(`decode-${id}`) })),
    ...Object.entries(pairs).map(([id, p]) => ({ id: `validate/${id}`, kind: 'validate', values: [p.values], schema: p.schema, dump: dump(`validate-${id}`) })),
    { id: 'migrate/bosun', kind: 'migrate', values: [inputs.bosun.path], base: files.bosunBase, target: files.bosunTarget, proposal: files.bosunProposal, dump: dump('migrate') },
    { id: 'diagnose/traefik', kind: 'diagnose', values: [files.traefikA], base: files.traefikASchema, target: files.traefikSchema, defaults: inputs.traefik.path, dump: dump('diagnose') },
  ];
  writeFileSync(path.join(tmp, 'native-jobs.json'), JSON.stringify({ ...P, jobs: nativeJobs }));
  run(n.bin, [path.join(tmp, 'native-jobs.json'), path.join(tmp, 'native-out.json')]);
  for (const r of JSON.parse(read(path.join(tmp, 'native-out.json')))) {
    const [group, id] = r.id.split('/');
    const input = group === 'diagnose' ? 'traefik v40.3.0→v41.0.0' : id;
    const tool = `values-migrate native, ${n.tag}${group === 'decode' ? ' (yaml-1.2)' : ''}`;
    row(group, input, tool, `library call, in-process (bench/native, ${n.label})`, r.samples, { batch: r.batch, calls: r.calls });
  }
  const who = `native (${n.tag})`;
  for (const id of decodeIds) {
    agree(`decode ${id}: values-migrate wasm = ${who}`, vm.decode(text[id], { typing: 'yaml-1.2' }), JSON.parse(read(dump(`decode-${id}`))));
  }
  for (const [id, p] of Object.entries(pairs)) {
    agree(`validate ${id}: values-migrate wasm = ${who}`, vm.validate({ files: [{ path: p.values, text: read(p.values) }], schema: read(p.schema) }).valid, JSON.parse(read(dump(`validate-${id}`))).valid);
  }
  agree(`migrate bosun: wasm = ${who}`, verdict(wasmMigrate), verdict(JSON.parse(read(dump('migrate')))));
  agree(`diagnose traefik: wasm = ${who}`, verdict(wasmDiagnose), verdict(JSON.parse(read(dump('diagnose')))));
}

// ---------------------------------------------------------------- the CLI, under hyperfine

hyperfine('decode', 'process start', ['--version']);
for (const id of decodeIds) {
  const stdout = hyperfine('decode', id, ['decode', '--typing', 'yaml-1.2', inputs[id].path]);
  agree(`decode ${id}: values-migrate wasm = CLI`, vm.decode(text[id], { typing: 'yaml-1.2' }).documents, JSON.parse(stdout));
}
for (const [id, p] of Object.entries(pairs)) {
  const stdout = hyperfine('validate', id, ['validate', '--values', p.values, '--schema', p.schema], { okCodes: [0, 1] });
  agree(`validate ${id}: values-migrate wasm = CLI`, vm.validate({ files: [{ path: p.values, text: read(p.values) }], schema: read(p.schema) }).valid, JSON.parse(stdout).valid);
}
{
  const stdout = hyperfine('migrate', 'bosun', ['migrate', '--values', inputs.bosun.path, '--base', files.bosunBase, '--target', files.bosunTarget, '--proposal', files.bosunProposal]);
  agree('migrate bosun: wasm = CLI', verdict(wasmMigrate), verdict(JSON.parse(stdout)));
  const code = wasmDiagnose.status === 'refused' ? 1 : wasmDiagnose.status === 'escalated' ? 2 : wasmDiagnose.status === 'invalid' ? 3 : 0;
  const d = hyperfine('diagnose', 'traefik v40.3.0→v41.0.0', ['diagnose', '--values', files.traefikA, '--base', files.traefikASchema, '--target', files.traefikSchema, '--defaults', inputs.traefik.path], { okCodes: [code] });
  agree('diagnose traefik: wasm = CLI', verdict(wasmDiagnose), verdict(JSON.parse(d)));
}

}

// ---------------------------------------------------------------- 5. migrate end to end, scaling, floor, memory

const e2e = migrateRows({
  P, quick, vm, YAML, must, agree, row, measure, progress, run, read, tmp, out, py,
  nativeO3: env('BENCH_NATIVE_O3'), hyperfine, cliNative: env('BENCH_CLI_NATIVE'), ajvFor,
});

// ---------------------------------------------------------------- ratios, table, JSON

for (const r of rows) {
  const base = rows.find((b) => b.base && b.group === r.group && b.input === r.input);
  r.ratio = base ? r.median_ms / base.median_ms : null;
}
const groupOrder = ['decode', 'validate', 'migrate', 'diagnose', 'opt-level', 'migrate e2e', 'migrate ops', 'session'];
const inputOrder = (g, i) => rows.findIndex((r) => r.group === g && r.input === i);
rows.sort((a, b) => groupOrder.indexOf(a.group) - groupOrder.indexOf(b.group)
  || inputOrder(a.group, a.input) - inputOrder(b.group, b.input)
  || (b.base - a.base) || a.median_ms - b.median_ms);

const fmt = (ms) => ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : ms >= 1 ? `${ms.toPrecision(3)} ms` : `${(ms * 1000).toPrecision(3)} µs`;
const ratio = (x) => x == null ? '' : x >= 10 ? `${x.toFixed(1)}×` : x >= 0.1 ? `${x.toFixed(2)}×` : `${x.toPrecision(2)}×`;
const kib = (b) => `${(b / 1024).toFixed(1)} KiB`;
const lines = [];
const title = (s) => lines.push('', s, '-'.repeat(s.length));
const loadEnd = os.loadavg();
const seconds = (performance.now() - started) / 1e3;
title(`values-migrate benchmarks (${quick ? 'quick' : 'full'}${e2eOnly ? ', end-to-end rows only' : ''} run, ${new Date().toISOString()}, ${os.cpus().length} CPUs, ${seconds.toFixed(0)} s of measuring)`);
lines.push(`1-minute load average: ${loadStart[0].toFixed(2)} at the start, ${loadEnd[0].toFixed(2)} at the end (above 0 = other work shared the machine)`);
lines.push(`ratio = tool median / values-migrate wasm median (opt-level rows: / opt-level z); above 1 = slower than values-migrate`);
let last = '';
const header = `${'tool'.padEnd(48)} ${'median'.padStart(10)} ${'p90'.padStart(10)} ${'samples'.padStart(12)} ${'ratio'.padStart(8)}`;
for (const r of rows) {
  const key = `${r.group} | ${r.input}`;
  if (key !== last) {
    const label = inputs[r.input]?.label ?? pairs[r.input]?.label ?? r.input;
    title(`${r.group}: ${label}`);
    lines.push(header);
    last = key;
  }
  const n = r.batch > 1 ? `${r.n}×${r.batch}` : `${r.n}`;
  lines.push(`${r.tool.padEnd(48)} ${fmt(r.median_ms).padStart(10)} ${fmt(r.p90_ms).padStart(10)} ${n.padStart(12)} ${ratio(r.ratio).padStart(8)}`);
}
if (sizes) {
title('size: wasm after wasm-opt -Oz, per opt-level (gzip -9 in parentheses)');
const sizeRow = (name, k) => lines.push(`${name.padEnd(36)} ${['z', 's'].map((l) => `${kib(sizes[l][k].bytes)} (${kib(sizes[l][k].gzip9)})`.padStart(24)).join(' ')}   s/z ${(sizes.s[k].bytes / sizes.z[k].bytes).toFixed(3)}×`);
lines.push(`${''.padEnd(36)} ${'opt-level z'.padStart(24)} ${'opt-level s'.padStart(24)}`);
sizeRow('cargo output (before wasm-opt)', 'cargo_wasm');
sizeRow('after wasm-opt -Oz', 'wasm_opt');
sizeRow('shipped _bg.wasm (after bindgen)', 'shipped_wasm');
sizeRow('JS glue, web', 'glue_web_js');
sizeRow('JS glue, node (CommonJS)', 'glue_node_js');
lines.push(`pkg/web/values_migrate_bg.wasm (scripts/build): ${kib(shipped.bytes)} (${kib(shipped.gzip9)} gzip -9), ${shippedSameAsZ ? 'byte-identical to' : 'DIFFERS from'} the opt-level z build`);
}
const e2eSummary = summarizeE2e(rows, e2e);
lines.push(...summaryLines(e2eSummary));
// The plot: always under target/bench; into docs/ from a full run (docs/BENCHMARKS.md shows it).
writePlot(rows, e2e.inputs.sizes, path.join(out, 'time-vs-size.svg'));
if (!quick) writePlot(rows, e2e.inputs.sizes, path.join(root, 'docs', 'benchmarks-time-vs-size.svg'));
title('agreement (same inputs, same results?)');
for (const a of agreement) {
  lines.push(`${a.ok ? 'ok      ' : 'MISMATCH'} ${a.check}${a.note ? ` — ${a.note}` : ''}`);
  if (!a.ok || a.check.includes('informational')) for (const d of a.differences) lines.push(`           ${d}`);
}
const mismatches = agreement.filter((a) => !a.ok).length;
lines.push('', `${agreement.length} agreement checks, ${mismatches} mismatch(es)`);
console.log(lines.join('\n'));

const version = (cmd, args) => { try { return run(cmd, args).stdout.trim().split('\n')[0]; } catch { return null; } };
const results = {
  date: new Date().toISOString(),
  mode: (quick ? 'quick' : 'full') + (e2eOnly ? ' (--e2e: end-to-end rows only)' : ''),
  measuring_s: +seconds.toFixed(1),
  loadavg_1m: { start: loadStart[0], end: loadEnd[0] },
  plan: P,
  machine: {
    cpus: os.cpus().length, cpu_model: os.cpus()[0]?.model ?? null,
    memory_gib: +(os.totalmem() / 2 ** 30).toFixed(1), os: `${os.type()} ${os.release()}`, arch: os.arch(),
  },
  versions: {
    node: process.version, python: ruamel?.python ?? null, 'ruamel.yaml': ruamel?.version ?? e2e.extra.ruamelVersions?.['ruamel.yaml'] ?? null,
    jsonschema: e2e.extra.ruamelVersions?.jsonschema ?? null,
    yaml: require('yaml/package.json').version, ajv: require('ajv/package.json').version,
    rustc: version('rustc', ['--version']), hyperfine: version('hyperfine', ['--version']),
    'wasm-opt': version('wasm-opt', ['--version']), 'values-migrate': version(cli, ['--version']),
    git: version('git', ['rev-parse', 'HEAD']),
    git_dirty_src: version('git', ['status', '--porcelain', '--', 'src', 'Cargo.toml', 'Cargo.lock']) !== '',
  },
  inputs: inputTable,
  rows,
  sizes: sizes && { ...sizes, shipped_pkg_web_wasm: { ...shipped, identical_to_z: shippedSameAsZ } },
  agreement,
  migrate_e2e: e2eSummary,
};
writeFileSync(path.join(out, 'results.json'), JSON.stringify(results, null, 2) + '\n');
process.stderr.write(`==> wrote ${path.join(out, 'results.json')}\n`);
