// The package's Node CLI against the native one: same arguments, byte-identical stdout, same exit
// status, on the examples, the corpus pairs, the migrate fixtures and the patch fixtures.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import {
  existsSync, mkdtempSync, readFileSync, readdirSync, writeFileSync, cpSync, rmSync, mkdirSync, renameSync, symlinkSync,
  chmodSync, lstatSync, statSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkOutput, checked } from './contract.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const pkgDir = join(root, 'node_modules/values-migrate');
const manifest = JSON.parse(readFileSync(join(pkgDir, 'package.json'), 'utf8'));
const nodeCli = join(pkgDir, manifest.bin['values-migrate']);
const nativeCli = resolve(root, process.env.VALUES_MIGRATE_BIN ?? 'target/debug/values-migrate');

/** Runs one CLI with `args` in `cwd`. */
function run(cli, args, cwd) {
  const [file, argv] = cli === 'node' ? [process.execPath, [nodeCli, ...args]] : [nativeCli, args];
  const out = spawnSync(file, argv, { cwd, encoding: 'utf8', maxBuffer: 64 << 20 });
  if (out.error) throw out.error;
  return { status: out.status, stdout: out.stdout, stderr: out.stderr };
}

/** Runs both CLIs and requires the same stdout, byte for byte, and the same exit status. */
function same(args, cwd = root, { stderr = true } = {}) {
  const native = run('native', args, cwd);
  const node = run('node', args, cwd);
  const what = `values-migrate ${args.join(' ')} (in ${cwd})`;
  assert.equal(node.status, native.status, `${what}: exit status\n${node.stderr}`);
  assert.equal(node.stdout, native.stdout, `${what}: stdout`);
  if (stderr) assert.equal(node.stderr, native.stderr, `${what}: stderr`);
  // Every JSON result either CLI prints is an instance of the generated schema (ajv).
  checkOutput(args, native.stdout, cwd);
  return native;
}

test('the native CLI is built', () => {
  assert.ok(existsSync(nativeCli), `${nativeCli} (cargo build --bin values-migrate)`);
});

test('the package declares the CLI as its bin', () => {
  assert.ok(existsSync(nodeCli));
  assert.match(readFileSync(nodeCli, 'utf8'), /^#!\/usr\/bin\/env node\n/);
});

test('chart archives as --base/--target: migrate and diagnose agree, and plan as the schema files do', () => {
  const dir = 'examples/bosun-0.20.0-to-0.25.1';
  const args = ['--values', `${dir}/addons.yaml`, '--base', `${dir}/charts/bosun-0.20.0.tgz`,
    '--target', `${dir}/charts/bosun-0.25.1.tgz`];
  same(['migrate', ...args, '--proposal', `${dir}/proposal.yaml`]);
  same(['diagnose', ...args, '--format', 'text']);
  const diff = same(['migrate', ...args, '--proposal', `${dir}/proposal.yaml`, '--format', 'diff']).stdout;
  assert.equal(diff, readFileSync(join(root, dir, 'expected.diff'), 'utf8').replaceAll(' a/addons', ` a/${dir}/addons`)
    .replaceAll(' b/addons', ` b/${dir}/addons`));
  // A hostile archive: the same refusal, naming the archive, from both.
  const work = mkdtempSync(join(tmpdir(), 'vm-chart-'));
  writeFileSync(join(work, 'evil.tgz'), Buffer.from([0x1f, 0x8b, 0x08, 0, 0, 0, 0, 0, 0, 3, 1, 2, 3]));
  const refused = same(['migrate', ...args.slice(0, 4), '--target', join(work, 'evil.tgz'), '--proposal', `${dir}/proposal.yaml`]);
  assert.match(refused.stderr, /evil\.tgz: /);
  rmSync(work, { recursive: true });
});

test('chart directories, --chart and a chain of archives: the same bytes from both CLIs', () => {
  const example = join(root, 'examples/bosun-0.20.0-to-0.25.1');
  const work = mkdtempSync(join(tmpdir(), 'vm-chart-dirs-'));
  try {
    cpSync(example, join(work, 'bosun'), { recursive: true });
    for (const version of ['0.20.0', '0.25.1']) {
      mkdirSync(join(work, version));
      const untar = spawnSync('tar', ['xzf', join(example, `charts/bosun-${version}.tgz`), '-C', join(work, version)]);
      assert.equal(untar.status, 0, String(untar.stderr));
    }
    const args = ['--values', 'bosun/addons.yaml', '--base', '0.20.0/bosun', '--target', '0.25.1/bosun'];
    same(['migrate', ...args, '--proposal', 'bosun/proposal.yaml', '--format', 'text'], work);
    same(['diagnose', ...args], work);
    same(['validate', '--values', 'bosun/expected.addons.yaml', '--chart', '0.25.1/bosun', '--prefix', 'bosun.valuesObject'], work);
    // A chain of two archives and the recording the archives gave (its chart and versions their own).
    mkdirSync(join(work, 'chain'));
    for (const version of ['0.20.0', '0.25.1']) cpSync(join(example, `charts/bosun-${version}.tgz`), join(work, 'chain', `bosun-${version}.tgz`));
    const archives = ['--values', 'bosun/addons.yaml', '--base', 'chain/bosun-0.20.0.tgz', '--target', 'chain/bosun-0.25.1.tgz'];
    same(['migrate', ...archives, '--proposal', 'bosun/proposal.yaml', '--record', 'chain/step.json'], work);
    assert.equal(JSON.parse(readFileSync(join(work, 'chain/step.json'), 'utf8')).chart.name, 'bosun');
    const chained = same(['replay', '--chain', 'chain', '--from', '0.20.0', '--to', '0.25.1', '--values', 'bosun/addons.yaml', '--format', 'diff'], work);
    assert.equal(chained.status, 0, chained.stderr);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
});

test('an umbrella whose subchart refuses the injected global: the same refusal, charts and helm text from both CLIs', () => {
  const work = mkdtempSync(join(tmpdir(), 'vm-umbrella-'));
  const put = (path, text) => {
    mkdirSync(dirname(join(work, path)), { recursive: true });
    writeFileSync(join(work, path), text);
  };
  try {
    for (const [version, strict] of [['1.0.0', false], ['2.0.0', true]]) {
      put(`ship-${version}/Chart.yaml`,
        `apiVersion: v2\nname: ship\nversion: ${version}\ndependencies:\n  - name: bosun\n    version: ${version}\n    alias: boat\n`);
      put(`ship-${version}/charts/bosun/Chart.yaml`, `apiVersion: v2\nname: bosun\nversion: ${version}\n`);
      put(`ship-${version}/charts/bosun/values.schema.json`, JSON.stringify({
        type: 'object', additionalProperties: !strict, properties: { replicas: { type: 'integer' } },
      }));
    }
    put('values.yaml', 'boat:\n  replicas: 2\n');
    const args = ['--values', 'values.yaml', '--base', 'ship-1.0.0', '--target', 'ship-2.0.0'];
    const refused = same(['migrate', ...args, '--proposal', 'values.yaml', '--format', 'json'], work);
    const report = JSON.parse(refused.stdout);
    assert.equal(refused.status, 1);
    assert.deepEqual(report.refusals.map((r) => [r.kind, r.path, r.file]), [['chart-defaults', 'boat.global', null]]);
    assert.deepEqual(report.charts.map((c) => [c.name, c.chart, c.from, c.to]), [['boat', 'bosun', '1.0.0', '2.0.0']]);
    assert.equal(report.helm,
      "values don't meet the specifications of the schema(s) in the following chart(s):\nboat:\n- at '': additional properties 'global' not allowed\n");
    same(['migrate', ...args, '--proposal', 'values.yaml', '--format', 'text'], work);
    same(['diagnose', ...args], work);
    const validated = same(['validate', '--values', 'values.yaml', '--chart', 'ship-2.0.0'], work);
    const verdict = JSON.parse(validated.stdout);
    assert.equal(verdict.valid, false);
    assert.deepEqual(verdict.defaultsViolations.map((v) => v.chart.helm), ["boat: - at '': additional properties 'global' not allowed"]);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
});

test('examples: migrate, diagnose, validate and decode agree', () => {
  const dir = 'examples/bosun-0.20.0-to-0.25.1';
  const args = ['--values', `${dir}/addons.yaml`, '--base', `${dir}/base.values.schema.json`,
    '--target', `${dir}/target.values.schema.json`];
  assert.equal(JSON.parse(same(['migrate', ...args, '--proposal', `${dir}/proposal.yaml`]).stdout).status, 'planned');
  same(['migrate', ...args, '--proposal', `${dir}/proposal.yaml`, '--format', 'diff']);
  same(['migrate', ...args, '--proposal', `${dir}/proposal.yaml`, '--format', 'text']);
  same(['diagnose', ...args]);
  same(['diagnose', ...args, '--format', 'text']);
  same(['validate', '--values', `${dir}/addons.yaml`, '--prefix', 'bosun.valuesObject',
    '--schema', `${dir}/target.values.schema.json`]);
  same(['validate', '--values', `${dir}/addons.yaml`, '--values', `${dir}/expected.addons.yaml`,
    '--prefix', 'bosun.valuesObject', '--schema', `${dir}/target.values.schema.json`]);
  same(['decode', `${dir}/addons.yaml`]);
  same(['decode', '--typing', 'yaml-1.2', `${dir}/addons.yaml`]);

  const esc = 'examples/bosun-servicemonitor-escalation';
  const escArgs = ['migrate', '--values', `${esc}/values.yaml`, '--base', `${esc}/base.values.schema.json`,
    '--target', `${esc}/target.values.schema.json`, '--proposal', `${esc}/proposal.yaml`];
  assert.equal(same(escArgs).status, 2);
  assert.equal(same([...escArgs, '--answer', 'metrics.serviceMonitor.namespace=monitoring']).status, 0);
});

test('corpus pairs: diagnose, validate, migrate and decode agree', () => {
  const { pairs } = JSON.parse(readFileSync(join(root, 'tests/corpus/pairs.json'), 'utf8'));
  assert.ok(pairs.length >= 15);
  for (const pair of pairs) {
    const a = `tests/corpus/${pair.A.dir}`;
    const b = `tests/corpus/${pair.B.dir}`;
    const args = ['--values', `${a}/values.yaml`, '--base', `${a}/values.schema.json`,
      '--target', `${b}/values.schema.json`, '--defaults', `${b}/values.yaml`];
    same(['diagnose', ...args]);
    same(['diagnose', ...args, '--format', 'text']);
    same(['migrate', ...args, '--proposal', `${b}/values.yaml`]);
    same(['validate', '--values', `${a}/values.yaml`, '--schema', `${b}/values.schema.json`, '--defaults', `${b}/values.yaml`]);
    same(['decode', `${a}/values.yaml`]);
  }
});

test('migrate fixtures: every case agrees', () => {
  const fixtures = join(root, 'tests/fixtures/migrate');
  const cases = readdirSync(fixtures).filter((d) => existsSync(join(fixtures, d, 'case.json')));
  assert.ok(cases.length > 30);
  for (const name of cases) {
    const dir = join(fixtures, name);
    const c = JSON.parse(readFileSync(join(dir, 'case.json'), 'utf8'));
    const command = c.command ?? 'migrate';
    const args = [command];
    for (const v of c.values) args.push('--values', v);
    args.push('--base', c.base, '--target', c.target);
    if (command === 'migrate') args.push('--proposal', c.proposal);
    if (c.defaults) args.push('--defaults', c.defaults);
    if (c.prefix !== undefined) args.push('--prefix', c.prefix);
    for (const [path, value] of Object.entries(c.answers ?? {})) args.push('--answer', `${path}=${value}`);
    if (c.typing) args.push('--typing', c.typing);
    same(args, dir);
    same([...args, '--format', 'text'], dir);
  }
});

test('patch fixtures: json and diff agree', () => {
  const fixtures = join(root, 'tests/fixtures/patch');
  const cases = readdirSync(fixtures).filter((d) => existsSync(join(fixtures, d, 'request.json')));
  assert.ok(cases.length > 10);
  for (const name of cases) {
    const dir = join(fixtures, name);
    const r = JSON.parse(readFileSync(join(dir, 'request.json'), 'utf8'));
    const args = ['patch', '--file', 'input.yaml', '--api-version', r.apiVersion, '--kind', r.kind, '--name', r.name,
      '--field', r.field, '--from', r.from, '--to', r.to];
    if (r.namespace != null) args.push('--namespace', r.namespace);
    if (r.container != null) args.push('--container', r.container);
    same(args, dir);
    same([...args, '--format', 'diff'], dir);
  }
});

test('--write writes the same files', () => {
  const dir = mkdtempSync(join(tmpdir(), 'vm-cli-'));
  try {
    const example = join(root, 'examples/bosun-0.20.0-to-0.25.1');
    const written = {};
    for (const cli of ['native', 'node']) {
      cpSync(example, join(dir, cli), { recursive: true });
      const out = run(cli, ['migrate', '--values', 'addons.yaml', '--base', 'base.values.schema.json',
        '--target', 'target.values.schema.json', '--proposal', 'proposal.yaml', '--write'], join(dir, cli));
      assert.equal(out.status, 0, out.stderr);
      written[cli] = readFileSync(join(dir, cli, 'addons.yaml'), 'utf8');
      assert.deepEqual(readdirSync(join(dir, cli)).sort(), readdirSync(example).sort(), 'no temporary file left');
    }
    assert.equal(written.node, written.native);
    assert.equal(written.node, readFileSync(join(example, 'expected.addons.yaml'), 'utf8'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('unreadable and malformed input: same status, same message', () => {
  const dir = mkdtempSync(join(tmpdir(), 'vm-cli-'));
  try {
    writeFileSync(join(dir, 'bad.yaml'), 'a: 1\nb: [1, 2\n');
    writeFileSync(join(dir, 'latin1.yaml'), Buffer.from([0x61, 0x3a, 0x20, 0xe9, 0x0a]));
    assert.equal(same(['decode', 'bad.yaml'], dir).status, 3);
    assert.equal(same(['decode', 'latin1.yaml'], dir).status, 3);
    assert.equal(same(['decode', 'missing.yaml'], dir).status, 3);
    assert.equal(same(['validate', '--values', 'missing.yaml', '--schema', 'x.json'], dir).status, 3);
    assert.equal(same(['migrate', '--values', 'bad.yaml', '--base', 'bad.yaml', '--target', 'bad.yaml',
      '--proposal', 'bad.yaml', '--answer', 'no-equals-sign'], dir).status, 3);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('usage errors, --help and --version: the same bytes (both parse with the same clap definitions)', () => {
  for (const args of [[], ['frobnicate'], ['decode'], ['migrate', '--values', 'a.yaml'], ['decode', '--typing', 'yaml-1.3', 'a'],
    ['patch', '--format', 'text'], ['schema', '--schema', 'x.json'], ['replay', '--layered', '--chain', 'c']]) {
    assert.equal(same(args, root).status, 64, args.join(' '));
  }
  for (const command of ['decode', 'validate', 'diagnose', 'migrate', 'replay', 'schema', 'patch']) {
    if (command !== 'replay') same(['help', command], root);
    const native = run('native', [command, '--help'], root);
    const node = run('node', [command, '--help'], root);
    assert.equal(node.status, 0);
    if (command !== 'replay') assert.equal(node.stdout, native.stdout, `${command} --help`);
  }
  same(['--help'], root);
  // --jobs needs threads of its own: Node's help says what it does instead.
  assert.match(run('node', ['replay', '--help'], root).stdout, /--jobs <JOBS>\n\s+How many repositories run at once \(in Node: accepted, and the repositories run one after another\)/);
  const node = run('node', ['replay', '--help'], root).stdout;
  const note = ' (in Node: accepted, and the repositories run one after another)';
  assert.equal(node.replace(note, ''), run('native', ['replay', '--help'], root).stdout);
  assert.equal(
    same(['--version'], root).stdout,
    `values-migrate ${manifest.version} (schema verdicts as Helm 3.18.5+ and 4 give them)\n`,
  );
});

/** Copies of the bosun example, one per CLI, for runs that write. */
function bosunTwins() {
  const dir = mkdtempSync(join(tmpdir(), 'vm-cli-'));
  for (const cli of ['native', 'node']) cpSync(join(root, 'examples/bosun-0.20.0-to-0.25.1'), join(dir, cli), { recursive: true });
  return dir;
}

const BOSUN_MIGRATE = ['migrate', '--values', 'addons.yaml', '--base', 'base.values.schema.json',
  '--target', 'target.values.schema.json', '--proposal', 'proposal.yaml'];

/** Runs `args` in each twin: the same output, and the same bytes in every file named after. */
function sameIn(dir, args, files) {
  const native = run('native', args, join(dir, 'native'));
  const node = run('node', args, join(dir, 'node'));
  assert.equal(node.status, native.status, node.stderr);
  assert.equal(node.stdout, native.stdout, args.join(' '));
  assert.equal(node.stderr, native.stderr, args.join(' '));
  for (const file of files) {
    assert.equal(readFileSync(join(dir, 'node', file), 'utf8'), readFileSync(join(dir, 'native', file), 'utf8'), file);
  }
  checkOutput(args, native.stdout, join(dir, 'native'));
  return native;
}

test('migrate --record (--chart, --from, --to) writes the same recording; replay --layered, --layer-policy', () => {
  const dir = bosunTwins();
  try {
    const record = [...BOSUN_MIGRATE, '--record', 'rec.json', '--chart', 'bosun', '--from', '0.20.0', '--to', '0.25.1'];
    assert.equal(sameIn(dir, [...record, '--format', 'diff'], ['rec.json']).status, 0);
    // Layers: the base supplies the renamed port, prod the rest.
    for (const cli of ['native', 'node']) {
      writeFileSync(join(dir, cli, 'base.yaml'), '# shared\ngate:\n  enabled: true\n  argocd:\n    server: s\n    port: 8083\n');
      writeFileSync(join(dir, cli, 'prod.yaml'), '# prod\ngate:\n  argocd:\n    port: 9090\n');
    }
    const layered = ['replay', '--migration', 'rec.json', '--base', 'base.values.schema.json', '--target',
      'target.values.schema.json', '--layered', '--values', 'base.yaml', '--values', 'prod.yaml'];
    for (const format of ['json', 'text', 'diff']) sameIn(dir, [...layered, '--format', format], []);
    sameIn(dir, [...layered, '--layer-policy', 'refuse'], []);
    sameIn(dir, [...layered, '--layer-policy', 'last', '--write'], ['base.yaml', 'prod.yaml']);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('--render-with gates migrate and replay the same way (a shell the Node script runs)', () => {
  const dir = bosunTwins();
  try {
    sameIn(dir, [...BOSUN_MIGRATE, '--render-with', 'grep -q podPort {values}'], []);
    const refused = sameIn(dir, [...BOSUN_MIGRATE, '--render-with', 'echo no chart here; exit 7 # {values}', '--write'],
      ['addons.yaml']);
    assert.equal(refused.status, 1);
    assert.match(refused.stdout, /exit status 7/);
    assert.equal(sameIn(dir, [...BOSUN_MIGRATE, '--render-with', 'true'], []).status, 3);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('schema --for-overrides (with and without --prefix) and patch --write agree', () => {
  const example = 'examples/bosun-0.20.0-to-0.25.1';
  same(['schema', '--for-overrides', '--schema', `${example}/target.values.schema.json`]);
  same(['schema', '--for-overrides', '--schema', `${example}/target.values.schema.json`, '--prefix', 'bosun.valuesObject']);
  assert.equal(same(['schema', '--for-overrides', '--schema', `${example}/addons.yaml`]).status, 3);
  const dir = mkdtempSync(join(tmpdir(), 'vm-cli-'));
  try {
    const fixture = join(root, 'tests/fixtures/patch');
    const name = readdirSync(fixture).find((d) => existsSync(join(fixture, d, 'request.json'))
      && JSON.parse(readFileSync(join(fixture, d, 'request.json'), 'utf8')).field.includes('.'));
    for (const cli of ['native', 'node']) cpSync(join(fixture, name), join(dir, cli), { recursive: true });
    const r = JSON.parse(readFileSync(join(fixture, name, 'request.json'), 'utf8'));
    const args = ['patch', '--file', 'input.yaml', '--api-version', r.apiVersion, '--kind', r.kind, '--name', r.name,
      '--field', r.field, '--from', r.from, '--to', r.to, '--write', '--format', 'diff'];
    if (r.namespace != null) args.push('--namespace', r.namespace);
    if (r.container != null) args.push('--container', r.container);
    sameIn(dir, args, ['input.yaml']);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('writes through a link: both CLIs migrate the target, keep the link and the mode', () => {
  const dir = bosunTwins();
  try {
    for (const cli of ['native', 'node']) {
      mkdirSync(join(dir, cli, 'real'));
      renameSync(join(dir, cli, 'addons.yaml'), join(dir, cli, 'real/addons.yaml'));
      symlinkSync('real/addons.yaml', join(dir, cli, 'addons.yaml'));
      chmodSync(join(dir, cli, 'real/addons.yaml'), 0o640);
    }
    assert.equal(sameIn(dir, [...BOSUN_MIGRATE, '--write'], ['real/addons.yaml']).status, 0);
    const expected = readFileSync(join(root, 'examples/bosun-0.20.0-to-0.25.1/expected.addons.yaml'), 'utf8');
    for (const cli of ['native', 'node']) {
      assert.ok(lstatSync(join(dir, cli, 'addons.yaml')).isSymbolicLink(), cli);
      assert.equal(readFileSync(join(dir, cli, 'real/addons.yaml'), 'utf8'), expected, cli);
      assert.equal(statSync(join(dir, cli, 'real/addons.yaml')).mode & 0o777, 0o640, cli);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a reader that closes the pipe early (`| head`): both CLIs stop quietly', () => {
  const dir = 'examples/bosun-0.20.0-to-0.25.1';
  // Enough output to outgrow the pipe's buffer after the reader is gone.
  const values = Array.from({ length: 300 }, () => `--values ${dir}/addons.yaml`).join(' ');
  const args = `validate ${values} --schema ${dir}/target.values.schema.json --prefix bosun.valuesObject`;
  for (const cli of [`'${process.execPath}' '${nodeCli}'`, `'${nativeCli}'`]) {
    const out = spawnSync('sh', ['-c', `${cli} ${args} | head -c 1 >/dev/null; ${cli} ${args} | true`], { cwd: root, encoding: 'utf8' });
    assert.equal(out.status, 0, out.stderr);
    assert.equal(out.stderr, '', cli);
  }
});

test('--schema-ref: the same refusal without it and the same report with it', () => {
  const dir = 'tests/data/schema-ref';
  const url = 'https://schemas.example/common.json';
  const args = ['--schema', `${dir}/values.schema.json`, '--values', `${dir}/values.yaml`];
  assert.equal(same(['validate', ...args]).status, 3);
  assert.equal(same(['validate', ...args, '--schema-ref', `${url}=${dir}/common.json`]).status, 1);
  same(['validate', ...args, '--schema-ref', `${url}=${dir}/broken.json`]);
  same(['validate', ...args, '--schema-ref', 'nope']);
  const pair = ['--values', `${dir}/values.yaml`, '--base', `${dir}/values.schema.json`, '--target',
    `${dir}/values.schema.json`, '--schema-ref', `${url}=${dir}/common.json`];
  same(['diagnose', ...pair]);
  same(['diagnose', ...pair, '--format', 'text']);
});

test('diagnose --start-proposal: the library draft, the same bytes from both CLIs', async () => {
  const dir = 'examples/bosun-0.20.0-to-0.25.1';
  const args = ['diagnose', '--values', `${dir}/addons.yaml`, '--base', `${dir}/base.values.schema.json`,
    '--target', `${dir}/target.values.schema.json`];
  const drafted = same([...args, '--start-proposal']);
  const { startProposal } = await import('values-migrate');
  const read = (f) => readFileSync(join(root, dir, f), 'utf8');
  const draft = startProposal({ files: [{ path: `${dir}/addons.yaml`, text: read('addons.yaml') }],
    baseSchema: read('base.values.schema.json'), targetSchema: read('target.values.schema.json') });
  assert.equal(drafted.stdout, draft.text);
  assert.match(drafted.stdout, /# values-migrate: next to it \(under gate\.argocd\) the target declares: podPort\n {4}port: 8083\n/);
  // Values that are not there: the diagnosis, as without the flag.
  const unlocated = same([...args, '--prefix', 'nowhere', '--start-proposal']);
  assert.equal(JSON.parse(unlocated.stdout).status, 'refused');
});

test('every JSON result these commands print conforms to the generated schema (ajv), whichever tests ran before', () => {
  // `same` and `sameIn` check every output they see; this test runs one command per definition itself.
  const before = new Map(checked);
  const dir = bosunTwins();
  try {
    sameIn(dir, ['validate', '--values', 'addons.yaml', '--prefix', 'bosun.valuesObject', '--schema', 'target.values.schema.json'], []);
    sameIn(dir, [...BOSUN_MIGRATE, '--record', 'rec.json', '--chart', 'bosun', '--from', '0.20.0', '--to', '0.25.1'], ['rec.json']);
    for (const cli of ['native', 'node']) writeFileSync(join(dir, cli, 'base.yaml'), 'gate:\n  argocd:\n    port: 8083\n');
    sameIn(dir, ['replay', '--migration', 'rec.json', '--base', 'base.values.schema.json', '--target',
      'target.values.schema.json', '--layered', '--values', 'base.yaml'], []);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const manifest = 'examples/manifest-adr-0020/deployment.yaml';
  same(['patch', '--file', manifest, '--api-version', 'apps/v1', '--kind', 'Deployment', '--namespace', 'orders',
    '--name', 'orders-worker', '--container', 'web', '--field', 'resources.limits.memory', '--from', '512Mi', '--to', '768Mi']);
  for (const name of ['MigrateResult', 'ValidateResult', 'PatchResult', 'LayeredReplayResult', 'Migration']) {
    assert.ok(checked.get(name) > (before.get(name) ?? 0), `no ${name} was checked`);
  }
});
