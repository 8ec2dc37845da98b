// `values-migrate replay` in the package's Node CLI against the native one: one file, a chain
// directory and a fleet of generated repositories, requiring byte-identical stdout (json, text,
// diff), identical stderr and exit status, and identical files after --write.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkOutput, checked } from './contract.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const pkgDir = join(root, 'node_modules/values-migrate');
const manifest = JSON.parse(readFileSync(join(pkgDir, 'package.json'), 'utf8'));
const nodeCli = join(pkgDir, manifest.bin['values-migrate']);
const nativeCli = resolve(root, process.env.VALUES_MIGRATE_BIN ?? 'target/debug/values-migrate');
const example = join(root, 'examples/bosun-0.20.0-to-0.25.1');
const fixtures = join(root, 'tests/data/replay/bosun');

/** Runs one CLI with `args` in `cwd`. */
function run(cli, args, cwd) {
  const [file, argv] = cli === 'node' ? [process.execPath, [nodeCli, ...args]] : [nativeCli, args];
  const out = spawnSync(file, argv, { cwd, encoding: 'utf8', maxBuffer: 64 << 20 });
  if (out.error) throw out.error;
  return { status: out.status, stdout: out.stdout, stderr: out.stderr };
}

/** Runs both CLIs in `cwd` and requires the same stdout and stderr, byte for byte, and exit status. */
function same(args, cwd) {
  const native = run('native', args, cwd);
  const node = run('node', args, cwd);
  const what = `values-migrate ${args.join(' ')} (in ${cwd})`;
  assert.equal(node.status, native.status, `${what}: exit status\n${node.stderr}`);
  assert.equal(node.stdout, native.stdout, `${what}: stdout`);
  assert.equal(node.stderr, native.stderr, `${what}: stderr`);
  // Every JSON result either CLI prints is an instance of the generated schema (ajv).
  checkOutput(args, native.stdout, cwd);
  return native;
}

function write(path, text) {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
}

/** Two copies of `files` (relative path → text), one per CLI, for runs that --write. */
function twins(files) {
  const base = mkdtempSync(join(tmpdir(), 'vm-node-replay-'));
  const dirs = ['native', 'node'].map((cli) => join(base, cli));
  for (const dir of dirs) for (const [path, text] of Object.entries(files)) write(join(dir, path), text);
  return dirs;
}

/** Runs `args` with --write in each twin: same output, and the same files after. */
function sameWrite(args, files) {
  const [nativeDir, nodeDir] = twins(files);
  const native = run('native', args, nativeDir);
  const node = run('node', args, nodeDir);
  assert.equal(node.status, native.status, node.stderr);
  assert.equal(node.stdout, native.stdout);
  assert.equal(node.stderr, native.stderr);
  for (const path of Object.keys(files)) {
    assert.equal(readFileSync(join(nodeDir, path), 'utf8'), readFileSync(join(nativeDir, path), 'utf8'), path);
  }
  checkOutput(args, native.stdout, nativeDir);
  return { native, dir: nativeDir };
}

/** Records the bosun example's migration with the native CLI; returns the recording's path. */
function recordBosun(dir) {
  const recording = join(dir, 'bosun-0.20.0-to-0.25.1.json');
  const out = run('native', ['migrate', '--values', `${example}/addons.yaml`, '--base', `${example}/base.values.schema.json`,
    '--target', `${example}/target.values.schema.json`, '--proposal', `${example}/proposal.yaml`, '--record', recording,
    '--chart', 'bosun', '--from', '0.20.0', '--to', '0.25.1', '--format', 'diff'], root);
  assert.equal(out.status, 0, out.stderr);
  return recording;
}

const work = mkdtempSync(join(tmpdir(), 'vm-node-replay-'));
let recorded;

/** The bosun recording, made on first use, so that each test runs alone as well as after the others. */
function recording() {
  recorded ??= recordBosun(work);
  return recorded;
}

test('the native CLI is built', () => {
  assert.ok(existsSync(nativeCli), `${nativeCli} (cargo build --bin values-migrate)`);
});

test('replay of one file: json, text and diff agree on every fixture', () => {
  const args = ['replay', '--migration', recording(), '--base', `${example}/base.values.schema.json`,
    '--target', `${example}/target.values.schema.json`];
  const statuses = [];
  for (const name of ['commented.yaml', 'crlf.yaml', 'reordered.yaml', 'migrated.yaml', 'argocd-application.yaml']) {
    const values = ['--values', `tests/data/replay/bosun/${name}`];
    statuses.push(JSON.parse(same([...args, ...values], root).stdout).status);
    same([...args, ...values, '--format', 'text'], root);
    same([...args, ...values, '--format', 'diff'], root);
  }
  assert.ok(statuses.includes('planned') && statuses.includes('unchanged'), statuses.join(' '));
  // Drift: another target schema than the recording's refuses, unless allowed.
  const other = ['replay', '--migration', recording(), '--base', `${example}/base.values.schema.json`,
    '--target', `${example}/base.values.schema.json`, '--values', 'tests/data/replay/bosun/commented.yaml'];
  assert.equal(same(other, root).status, 1);
  same([...other, '--format', 'text'], root);
  same([...other, '--allow-schema-drift'], root);
});

test('replay --write writes the same bytes, atomically, only when planned', () => {
  const text = readFileSync(join(fixtures, 'commented.yaml'), 'utf8');
  const args = ['replay', '--migration', recording(), '--base', `${example}/base.values.schema.json`,
    '--target', `${example}/target.values.schema.json`, '--values', 'values.yaml', '--write', '--format', 'text'];
  const { native, dir } = sameWrite(args, { 'values.yaml': text });
  assert.equal(native.status, 0);
  assert.notEqual(readFileSync(join(dir, 'values.yaml'), 'utf8'), text);
});

test('replay errors: unreadable inputs exit 3, bad usage exits 64', () => {
  const args = ['replay', '--migration', recording(), '--base', `${example}/base.values.schema.json`,
    '--target', `${example}/target.values.schema.json`];
  assert.equal(same([...args, '--values', 'no/such.yaml'], root).status, 3);
  assert.equal(same(['replay', '--migration', `${example}/addons.yaml`, '--base', `${example}/base.values.schema.json`,
    '--target', `${example}/target.values.schema.json`, '--values', `${example}/addons.yaml`], root).status, 3);
  for (const bad of [[...args], [...args, '--values', 'x.yaml', '--chain', 'c', '--from', '1', '--to', '2'],
    ['replay', '--chain', 'c', '--values', 'x.yaml'], [...args, '--repos', '.']]) {
    assert.equal(run('native', bad, root).status, 64, bad.join(' '));
    assert.equal(run('node', bad, root).status, 64, bad.join(' '));
  }
  // The Node CLI speaks every flag: --layered on a missing file is the same error.
  assert.equal(same([...args, '--values', 'x.yaml', '--layered'], root).status, 3);
});

/** A chain directory of four versions and three recordings (made with the native CLI). */
function makeChain(dir) {
  const chain = join(dir, 'chain');
  const schema = (props) => `{"type": "object", "additionalProperties": false, "properties": {${props}}}`;
  write(join(chain, '1.0.0/values.schema.json'), schema('"a": {"type": "integer"}, "z": {"type": "string"}'));
  write(join(chain, '2.0.0/values.schema.json'), schema('"b": {"type": "integer"}, "z": {"type": "string"}'));
  write(join(chain, '3.0.0/values.schema.json'), schema('"c": {"type": "integer"}, "z": {"type": "string"}'));
  write(join(chain, '4.0.0/values.schema.json'), schema('"c": {"type": "integer"}'));
  write(join(chain, '4.0.0/values.yaml'), 'c: 0\n');
  [['a', 'b'], ['b', 'c'], ['c', 'c']].forEach(([from, to], n) => {
    write(join(dir, `rec-${n}.yaml`), `${from}: 1\nz: x\n`);
    write(join(dir, `proposal-${n}.yaml`), n === 2 ? `${to}: 1\n` : `${to}: 1\nz: x\n`);
    const out = run('native', ['migrate', '--values', join(dir, `rec-${n}.yaml`),
      '--base', join(chain, `${n + 1}.0.0/values.schema.json`), '--target', join(chain, `${n + 2}.0.0/values.schema.json`),
      '--proposal', join(dir, `proposal-${n}.yaml`), '--record', join(chain, `step-${n}.json`),
      '--chart', 'gen', '--from', `${n + 1}.0.0`, '--to', `${n + 2}.0.0`], root);
    assert.equal(out.status, 0, out.stderr);
  });
  return chain;
}

test('replay --chain: every step folded, the same output in every format', () => {
  const dir = join(work, 'chain-run');
  const chain = makeChain(dir);
  write(join(dir, 'values.yaml'), '# mine\na: 42   # the answer\nz: keep\n');
  write(join(dir, 'at-3.yaml'), 'c: 3\nz: q\n');
  for (const values of ['values.yaml', 'at-3.yaml']) {
    const args = ['replay', '--chain', 'chain', '--values', values, '--from', '1.0.0', '--to', '4.0.0'];
    assert.equal(JSON.parse(same(args, dir).stdout).status, 'planned');
    assert.match(same([...args, '--format', 'text'], dir).stdout, /== step /);
    same([...args, '--format', 'diff'], dir);
  }
  // A version the chain does not hold, and a chain directory that does not exist.
  same(['replay', '--chain', 'chain', '--values', 'values.yaml', '--from', '1.0.0', '--to', '9.0.0'], dir);
  assert.equal(same(['replay', '--chain', 'nowhere/', '--values', 'values.yaml', '--from', '1', '--to', '2'], dir).status, 3);
  const text = readFileSync(join(dir, 'values.yaml'), 'utf8');
  sameWrite(['replay', '--chain', chain, '--values', 'values.yaml', '--from', '1.0.0', '--to', '4.0.0', '--write'],
    { 'values.yaml': text });
});

test('replay over a fleet: repositories, glob, summary table, --write', () => {
  const fixture = (name) => readFileSync(join(fixtures, name), 'utf8');
  const files = {
    'a/deploy/values.yaml': fixture('commented.yaml'),
    'a/deploy/prod/eu/values-prod.yaml': fixture('crlf.yaml'),
    'a/deploy/prod/other.yaml': fixture('commented.yaml'),
    'b/deploy/values.yaml': fixture('migrated.yaml'),
    'c/deploy/values.yaml': fixture('reordered.yaml'),
    'c/node_modules/deploy/values.yaml': fixture('commented.yaml'),
    'd/README.md': 'no values here\n',
    'e/deploy/values.yaml': 'bosun: [unclosed\n',
  };
  const [nativeDir] = twins(files);
  const args = ['replay', '--migration', recording(), '--base', `${example}/base.values.schema.json`,
    '--target', `${example}/target.values.schema.json`, '--files', 'deploy/**/values*.yaml', '--repos', 'a', 'b', 'c', 'd', 'e'];
  const report = JSON.parse(same(args, nativeDir).stdout);
  assert.equal(report.repositories.length, 5);
  assert.equal(report.summary.invalid, 2, JSON.stringify(report.summary));
  same([...args, '--format', 'text'], nativeDir);
  same([...args, '--format', 'diff'], nativeDir);
  same([...args, '--jobs', '2', '--format', 'text'], nativeDir);
  const written = sameWrite([...args, '--write', '--format', 'text'], files);
  assert.notEqual(readFileSync(join(written.dir, 'a/deploy/values.yaml'), 'utf8'), files['a/deploy/values.yaml']);
  // The chain over a fleet, as the Renovate config in docs/fleet.md runs it (`--repos .`).
  const chainDir = join(work, 'chain-fleet');
  makeChain(chainDir);
  const repo = { 'deploy/values.yaml': 'a: 1\nz: q\n', 'deploy/prod/values-eu.yaml': 'c: 3\nz: q\n' };
  const [repoDir] = twins(repo);
  cpSync(join(chainDir, 'chain'), join(repoDir, '.values-migrate/bosun'), { recursive: true });
  const renovate = ['replay', '--chain', '.values-migrate/bosun', '--from', '1.0.0', '--to', '4.0.0', '--repos', '.',
    '--files', 'deploy/**/values*.yaml', '--format', 'text'];
  same(renovate, repoDir);
  same(renovate.slice(0, -2), repoDir);
  const renovateFiles = {
    ...repo,
    ...Object.fromEntries(['1.0.0', '2.0.0', '3.0.0', '4.0.0'].map((v) => [`.values-migrate/bosun/${v}/values.schema.json`,
      readFileSync(join(chainDir, 'chain', v, 'values.schema.json'), 'utf8')])),
    '.values-migrate/bosun/4.0.0/values.yaml': 'c: 0\n',
    ...Object.fromEntries([0, 1, 2].map((n) => [`.values-migrate/bosun/step-${n}.json`,
      readFileSync(join(chainDir, 'chain', `step-${n}.json`), 'utf8')])),
  };
  sameWrite([...renovate, '--write'], renovateFiles);
});

test('every JSON result these replays print conforms to the generated schema (ajv), whichever tests ran before', () => {
  // `same` checks every output it sees; this test runs one replay per definition itself.
  const before = new Map(checked);
  const schemas = ['--base', `${example}/base.values.schema.json`, '--target', `${example}/target.values.schema.json`];
  same(['replay', '--migration', recording(), ...schemas, '--values', 'tests/data/replay/bosun/commented.yaml'], root);
  same(['replay', '--migration', recording(), ...schemas, '--files', 'commented.yaml', '--repos', 'tests/data/replay/bosun'], root);
  const dir = join(work, 'chain-conforms');
  makeChain(dir);
  write(join(dir, 'values.yaml'), 'a: 1\nz: x\n');
  same(['replay', '--chain', 'chain', '--values', 'values.yaml', '--from', '1.0.0', '--to', '4.0.0'], dir);
  for (const name of ['ReplayResult', 'ChainResult', 'FleetReport']) {
    assert.ok(checked.get(name) > (before.get(name) ?? 0), `no ${name} was checked`);
  }
});
