// `render` everywhere but the browser (issue 42): the package's Node CLI prints what the native one
// prints, byte for byte, on real charts (a directory and the archive packed from it) with values;
// the JS API's `render` gives the object `render --format json` prints, from a directory's files
// or an archive's bytes; each output conforms to the generated `RenderResult`.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { render } from 'values-migrate';
import { checkOutput, conforms } from './contract.mjs';
import { packChart } from '../e2e/chart-archive.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const pkgDir = join(root, 'node_modules/values-migrate');
const manifest = JSON.parse(readFileSync(join(pkgDir, 'package.json'), 'utf8'));
const nodeCli = join(pkgDir, manifest.bin['values-migrate']);
const nativeCli = resolve(root, process.env.VALUES_MIGRATE_BIN ?? 'target/debug/values-migrate');

/** Real charts, each with the bump's user values (the base's values.yaml, the target's proposal). */
const CHARTS = [
  { chart: 'tests/charts/real/prometheus-blackbox-exporter-9.8.0-to-10.0.0/target-chart', values: 'tests/charts/real/prometheus-blackbox-exporter-9.8.0-to-10.0.0/proposal.yaml', name: 'prometheus-blackbox-exporter' },
  { chart: 'tests/charts/real/argo-cd-5.55.0-to-6.0.0/base-chart', values: 'tests/charts/real/argo-cd-5.55.0-to-6.0.0/values.yaml', name: 'argo-cd' },
  // Random output (masked spans): the admin password's `randAlphaNum`.
  { chart: 'tests/charts/real/grafana-6.61.2-to-7.0.0/base-chart', values: 'tests/charts/real/grafana-6.61.2-to-7.0.0/values.yaml', name: 'grafana', masked: true },
];

/** Runs one CLI with `args` in `cwd`. */
function run(cli, args, cwd = root) {
  const [file, argv] = cli === 'node' ? [process.execPath, [nodeCli, ...args]] : [nativeCli, args];
  const out = spawnSync(file, argv, { cwd, encoding: 'utf8', maxBuffer: 256 << 20 });
  if (out.error) throw out.error;
  return { status: out.status, stdout: out.stdout, stderr: out.stderr };
}

/**
 * Both CLIs: the same stdout, stderr and exit status; JSON output checked against the contract.
 * `masks` (a JSON render of the same command line) names the random spans, which differ run to run:
 * stdout is compared outside them.
 */
function same(args, { masks = null, cwd = root } = {}) {
  const native = run('native', args, cwd);
  const node = run('node', args, cwd);
  const what = `values-migrate ${args.join(' ')}`;
  assert.equal(node.status, native.status, `${what}: exit status\n${node.stderr}`);
  if (masks === null) assert.equal(node.stdout, native.stdout, `${what}: stdout`);
  else if (args.includes('json')) assert.deepEqual(unmasked(JSON.parse(node.stdout)), unmasked(JSON.parse(native.stdout)), `${what}: stdout outside the masked spans`);
  else assert.equal(maskedStream(node.stdout, masks), maskedStream(native.stdout, masks), `${what}: stdout outside the masked spans`);
  assert.equal(node.stderr, native.stderr, `${what}: stderr`);
  checkOutput(args, native.stdout, cwd);
  return native;
}

/** A render's result with each masked span's bytes overwritten: what is the same run to run. */
function unmasked(result) {
  const files = { ...result.files };
  for (const m of result.masked) files[m.file] = Buffer.from(files[m.file]).fill('#', m.start, m.end).toString();
  return { ...result, files };
}

/** Helm's stream with the masked spans of `result` (the same render as JSON) overwritten, each found after its text before it. */
function maskedStream(stream, result) {
  const bytes = Buffer.from(stream);
  for (const m of result.masked) {
    const before = Buffer.from(result.files[m.file]).subarray(Math.max(0, m.start - 24), m.start);
    const at = bytes.indexOf(before);
    assert.ok(at >= 0, `${m.file}: the text before a masked span is in the stream`);
    bytes.fill('#', at + before.length, at + before.length + m.end - m.start);
  }
  return bytes.toString();
}

/** Every file under `dir`, as `{ path inside: bytes }`. */
function filesOf(dir, base = dir, out = {}) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) filesOf(path, base, out);
    else out[relative(base, path).split('\\').join('/')] = new Uint8Array(readFileSync(path));
  }
  return out;
}

test('the native CLI is built', () => {
  assert.ok(existsSync(nativeCli), `${nativeCli} (cargo build --bin values-migrate)`);
});

test('render: the Node CLI prints the native bytes, a chart directory and its archive alike, text and JSON', () => {
  const work = mkdtempSync(join(tmpdir(), 'vm-render-'));
  try {
    for (const { chart, values, name, masked } of CHARTS) {
      const archive = join(work, `${name}.tgz`);
      writeFileSync(archive, packChart(join(root, chart), name));
      const outputs = [];
      for (const at of [chart, archive]) {
        const args = ['render', '--chart', at, '--values', values, '--release', 'demo', '--namespace', 'monitoring', '--set', 'extra.note=set'];
        const masks = masked ? JSON.parse(run('native', [...args, '--format', 'json']).stdout) : null;
        const text = same(args, { masks });
        assert.equal(text.status, 0, `${at}: ${text.stderr}`);
        assert.match(text.stdout, new RegExp(`^---\\n# Source: ${name}/templates/`), `${at}: Helm's stream`);
        assert.match(text.stdout, /namespace: "?monitoring"?/, `${at}: the namespace given`);
        const json = same([...args, '--format', 'json'], { masks });
        const result = JSON.parse(json.stdout);
        assert.equal(result.error, null);
        assert.deepEqual(result.refused, []);
        assert.equal(result.masked.length > 0, Boolean(masked), `${at}: masked spans`);
        outputs.push(JSON.stringify(unmasked(result)));
        // What the JSON holds is what the stream prints, file by file.
        for (const [file, body] of Object.entries(result.files)) {
          if (body.trim() !== '' && !file.endsWith('NOTES.txt')) assert.ok(text.stdout.includes(`# Source: ${file}\n`), `${at}: ${file} in the stream`);
        }
      }
      assert.equal(outputs[1], outputs[0], `${name}: the archive renders as the directory`);
    }
    // A chart that cannot be read, and Helm's refusal of the values: the same words and statuses.
    const missing = same(['render', '--chart', join(work, 'nothing.tgz')]);
    assert.equal(missing.status, 3);
    writeFileSync(join(work, 'bad.yaml'), 'config: [1, 2\n');
    const bad = same(['render', '--chart', CHARTS[0].chart, '--values', join(work, 'bad.yaml'), '--format', 'json']);
    assert.notEqual(bad.status, 0);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
});

test('JS render: the object render --format json prints, from a directory\'s files or an archive\'s bytes', () => {
  for (const { chart, values, name, masked } of CHARTS) {
    const args = ['render', '--chart', chart, '--values', values, '--release', 'demo', '--set', 'extra.note=set', '--format', 'json'];
    const cli = JSON.parse(run('native', args).stdout);
    assert.ok(cli.masked.length > 0 === Boolean(masked), `${name}: masked spans`);
    const input = { values: [{ path: values, text: readFileSync(join(root, values), 'utf8') }], set: ['extra.note=set'], release: 'demo' };
    const fromFiles = render({ ...input, chart: { name: chart, files: filesOf(join(root, chart)) } });
    assert.deepEqual(unmasked(fromFiles), unmasked(cli), `${name}: from its files`);
    conforms('RenderResult', fromFiles, `render(${name})`);
    const bytes = packChart(join(root, chart), name);
    assert.deepEqual(unmasked(render({ ...input, chart: new Uint8Array(bytes) })), unmasked(cli), `${name}: from its archive's bytes`);
    assert.deepEqual(unmasked(render({ ...input, chart: { name: `${name}.tgz`, archive: new Uint8Array(bytes) } })), unmasked(cli));
    assert.ok(Object.keys(fromFiles.files).length > 3, `${name}: files rendered`);
  }
  // Texts are taken as well as bytes, and the defaults apply: no values at all.
  const files = Object.fromEntries(Object.entries(filesOf(join(root, CHARTS[0].chart))).map(([p, b]) => [p, Buffer.from(b).toString('utf8')]));
  const defaults = render({ chart: { files } });
  assert.equal(defaults.error, null);
  assert.match(Object.values(defaults.files).join(''), /kind: Deployment/);
});

test('JS render: Helm\'s refusal and an unreadable chart are the result\'s error; a malformed input is a TypeError', () => {
  const chart = { files: filesOf(join(root, CHARTS[0].chart)) };
  const bad = render({ chart, values: [{ path: 'bad.yaml', text: 'config: [1, 2\n' }] });
  assert.deepEqual(Object.keys(bad), ['files', 'masked', 'refused', 'error']);
  assert.match(bad.error.message, /bad\.yaml/);
  const notAChart = render({ chart: new Uint8Array([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3, 1, 2, 3]) });
  assert.match(notAChart.error.message, /^chart\.tgz: /);
  assert.throws(() => render({ values: [] }), (e) => e instanceof TypeError && /render input: missing field `chart`/.test(e.message));
  assert.throws(() => render({ chart: 'app.tgz' }), (e) => e instanceof TypeError && /render input: chart: expected/.test(e.message));
  assert.throws(() => render({ chart: { files: { 'Chart.yaml': 3 } } }), (e) => e instanceof TypeError && /chart\.files\["Chart\.yaml"\]/.test(e.message));
  assert.throws(() => render({ chart, value: [] }), (e) => e instanceof TypeError && /unknown field `value`/.test(e.message));
  assert.throws(() => render({ chart: { file: {} } }), (e) => e instanceof TypeError && /unknown field `file`/.test(e.message));
});
