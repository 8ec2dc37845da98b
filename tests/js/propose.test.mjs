// `migrate --propose-with` in the Node CLI against the native one (issue 25): the same scripted
// stand-in writers (tests/fixtures/writers), the same stdout, stderr and exit status; nothing
// written unless planned.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const pkgDir = join(root, 'node_modules/values-migrate');
const manifest = JSON.parse(readFileSync(join(pkgDir, 'package.json'), 'utf8'));
const nodeCli = join(pkgDir, manifest.bin['values-migrate']);
const nativeCli = resolve(root, process.env.VALUES_MIGRATE_BIN ?? 'target/debug/values-migrate');
const EXAMPLE = 'examples/bosun-0.20.0-to-0.25.1';

/** Runs one CLI's `migrate --propose-with 'sh WRITER'` on a fresh copy of the example's values. */
function run(cli, writer, extra) {
  const dir = mkdtempSync(join(tmpdir(), 'vm-propose-'));
  const values = join(dir, 'addons.yaml');
  copyFileSync(join(root, EXAMPLE, 'addons.yaml'), values);
  const args = ['migrate', '--values', values, '--base', `${EXAMPLE}/base.values.schema.json`,
    '--target', `${EXAMPLE}/target.values.schema.json`, '--propose-with', `sh tests/fixtures/writers/${writer}`, ...extra, '--write'];
  const [file, argv] = cli === 'node' ? [process.execPath, [nodeCli, ...args]] : [nativeCli, args];
  const out = spawnSync(file, argv, { cwd: root, encoding: 'utf8' });
  const after = readFileSync(values, 'utf8');
  rmSync(dir, { recursive: true, force: true });
  // The temporary path differs between the runs; nothing else may.
  const scrub = (text) => text.replaceAll(values, 'VALUES');
  return { status: out.status, stdout: scrub(out.stdout), stderr: scrub(out.stderr), after };
}

const expected = readFileSync(join(root, EXAMPLE, 'expected.addons.yaml'), 'utf8');
const original = readFileSync(join(root, EXAMPLE, 'addons.yaml'), 'utf8');

for (const [writer, extra, status, written] of [
  ['right.sh', [], 0, true],
  ['fenced.sh', ['--format', 'text'], 0, true],
  ['json.sh', ['--brief-format', 'json'], 0, true],
  ['learns.sh', [], 1, false],
  ['learns.sh', ['--attempts', '2', '--format', 'text'], 0, true],
  ['broken.sh', [], 3, false],
  ['silent.sh', [], 3, false],
  ['fails.sh', [], 3, false],
  ['deaf.sh', [], 3, false],
  ['hangs.sh', ['--propose-timeout', '1'], 3, false],
]) {
  test(`--propose-with ${writer} ${extra.join(' ')}: the Node CLI does what the native one does`, () => {
    const native = run('native', writer, extra);
    const node = run('node', writer, extra);
    assert.equal(native.status, status, native.stderr);
    assert.equal(node.status, native.status, node.stderr);
    assert.equal(node.stdout, native.stdout);
    assert.equal(node.stderr, native.stderr);
    for (const one of [native, node]) assert.equal(one.after, written ? expected : original);
  });
}

test('usage: --proposal and --propose-with exclude each other; --attempts needs a writer', () => {
  const base = ['migrate', '--values', 'a.yaml', '--base', 'b', '--target', 'c'];
  for (const extra of [[], ['--proposal', 'p', '--propose-with', 'cat'], ['--attempts', '2'], ['--propose-with', 'cat', '--attempts', '0']]) {
    const out = spawnSync(process.execPath, [nodeCli, ...base, ...extra], { encoding: 'utf8' });
    assert.equal(out.status, 64, `${extra.join(' ')}: ${out.stderr}`);
  }
});
