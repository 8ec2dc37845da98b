// Every command line the README shows, run through both CLIs (the native target/debug/values-migrate
// and the package's Node CLI) by a shell, in a scratch folder holding the files it names: the same
// stdout, stderr and exit status byte for byte, the same files after, and never a usage error or an
// unreadable input. Each line is run once per alternative of each `a|b`, with every optional `[…]`
// given; the synopsis under "Command line" with each placeholder replaced by a file or value of the
// bosun example.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { chmodSync, cpSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const pkgDir = join(root, 'node_modules/values-migrate');
const manifest = JSON.parse(readFileSync(join(pkgDir, 'package.json'), 'utf8'));
const nodeCli = join(pkgDir, manifest.bin['values-migrate']);
const nativeCli = resolve(root, process.env.VALUES_MIGRATE_BIN ?? 'target/debug/values-migrate');
const bosun = join(root, 'examples/bosun-0.20.0-to-0.25.1');
const argo = join(root, 'tests/charts/real/argo-cd-5.55.0-to-6.0.0');

/** The README's shell command lines starting with `values-migrate`, continuations joined, comments dropped. */
function readmeCommands(readme) {
  const commands = [];
  for (const [, block] of readme.matchAll(/```sh\n([\s\S]*?)```/g)) {
    const lines = [];
    for (const raw of block.split('\n')) {
      const line = raw.replace(/\s+#.*$/, '').replace(/^#.*$/, '');
      const previous = lines.length > 0 && /\\$/.test(lines[lines.length - 1]);
      // A line continues the one before when that ends in `\` or (the synopsis) when it is indented.
      if (lines.length > 0 && (previous || /^\s+\S/.test(line))) {
        lines[lines.length - 1] = `${lines[lines.length - 1].replace(/\\$/, '')} ${line.trim()}`;
      } else {
        lines.push(line.trim());
      }
    }
    commands.push(...lines.filter((l) => l.startsWith('values-migrate ')).map((l) => l.replace(/\s+/g, ' ')));
  }
  return commands;
}

/** What a placeholder of the synopsis stands for, after its flag (`--values FILE`) or alone. */
const PLACEHOLDERS = {
  'decode FILE': 'addons.yaml', '--values FILE': 'addons.yaml', '--proposal FILE': 'proposal.yaml', '--file FILE': 'deploy.yaml',
  '--schema SCHEMA': 'target.values.schema.json', '--base SCHEMA': 'base.values.schema.json',
  '--target SCHEMA': 'target.values.schema.json', P: 'bosun.valuesObject', VALUES: 'defaults.yaml',
  'PATH=VALUE': 'metrics.serviceMonitor.namespace=monitoring', 'URL=FILE': 'https://example.com/common.json=common.json',
  '…': 'helm', V: 'apps/v1', K: 'Deployment', NS: 'orders', N: 'orders-worker', NAME: 'web',
  PATH: 'resources.limits.memory', OLD: '512Mi', NEW: '768Mi',
  '--chart DIR': 'chart', '--chart TGZ': 'bosun-0.25.1.tgz', '--set KEY=VALUE': 'replicas=2',
};

/** The command lines a synopsis line stands for: optional parts given, one line per alternative. */
function instances(synopsis) {
  const plain = synopsis.replace(/[[\]]/g, '').replace(/\.\.\./g, '');
  const tokens = plain.split(' ');
  const choice = tokens.findIndex((t) => t.includes('|'));
  if (choice >= 0) {
    return tokens[choice].split('|').flatMap((alt) => instances(tokens.toSpliced(choice, 1, alt).join(' ')));
  }
  return [tokens.map((t, i) => PLACEHOLDERS[`${tokens[i - 1]} ${t}`] ?? PLACEHOLDERS[t] ?? t).join(' ')];
}

/** Runs the native CLI in `cwd`, requiring it to succeed. */
function runNative(args, cwd) {
  const out = spawnSync(nativeCli, args, { cwd, encoding: 'utf8' });
  assert.equal(out.status, 0, out.stderr);
}

/** The folder every README command runs in: the files the README's command lines name. */
function world() {
  const dir = mkdtempSync(join(tmpdir(), 'vm-readme-'));
  const put = (name, text) => {
    mkdirSync(dirname(join(dir, name)), { recursive: true });
    writeFileSync(join(dir, name), text);
  };
  for (const name of ['addons.yaml', 'proposal.yaml', 'base.values.schema.json', 'target.values.schema.json']) {
    cpSync(join(bosun, name), join(dir, name));
  }
  for (const name of ['bosun-0.20.0.tgz', 'bosun-0.25.1.tgz']) cpSync(join(bosun, 'charts', name), join(dir, name));
  const [base, target] = ['base', 'target'].map((s) => readFileSync(join(bosun, `${s}.values.schema.json`), 'utf8'));
  for (const [name, text] of [['0.20.0.json', base], ['B', base], ['0.25.1.json', target], ['T', target],
    ['values.schema.json', target]]) put(name, text);
  cpSync(join(root, 'examples/argo-cd-application-helm-values/bosun.application.yaml'), join(dir, 'bosun.application.yaml'));
  cpSync(join(root, 'tests/data/replay/chart/bosun/values.yaml'), join(dir, 'defaults.yaml'));
  cpSync(join(root, 'tests/data/replay/chart/bosun'), join(dir, 'chart'), { recursive: true });
  cpSync(join(root, 'examples/manifest-adr-0020/deployment.yaml'), join(dir, 'deploy.yaml'));
  put('common.json', '{"type": "string"}\n');
  const values = readFileSync(join(root, 'tests/data/replay/bosun/commented.yaml'), 'utf8');
  for (const name of ['deploy/values.yaml', 'values.yaml', 'repos/a/deploy/values.yaml', 'repos/b/deploy/prod/values-eu.yaml']) {
    put(name, values);
  }
  put('values-prod.yaml', 'replicas: 3\n');
  const record = (args, recording, from, to) => runNative(['migrate', ...args, '--record', recording,
    '--chart', 'bosun', '--from', from, '--to', to], dir);
  const step = ['--values', 'addons.yaml', '--base', '0.20.0.json', '--target', '0.25.1.json', '--proposal', 'proposal.yaml'];
  record(step, 'm.json', '0.20.0', '0.25.1');
  cpSync(join(dir, 'm.json'), join(dir, 'bosun-0.20.0-0.25.1.json'));
  chain(dir, put, record);
  // Stand-ins for the model and Helm the README's command lines call.
  put('bin/llm', `#!/bin/sh\ncat >/dev/null\ncat '${join(bosun, 'proposal.yaml')}'\n`);
  put('bin/helm', '#!/bin/sh\nfor a; do last="$a"; done\ntest -s "$last"\n');
  for (const tool of ['llm', 'helm']) chmodSync(join(dir, 'bin', tool), 0o755);
  return dir;
}

/** `.values-migrate/bosun`: 0.20.0, 0.25.1 and 0.27.0 (which renames `replicas` to `replicaCount`), each step recorded. */
function chain(dir, put, record) {
  const folder = '.values-migrate/bosun';
  const target = JSON.parse(readFileSync(join(bosun, 'target.values.schema.json'), 'utf8'));
  const { replicas, ...rest } = target.properties;
  const next = { ...target, properties: { ...rest, replicaCount: replicas } };
  put(`${folder}/0.20.0/values.schema.json`, readFileSync(join(bosun, 'base.values.schema.json'), 'utf8'));
  put(`${folder}/0.25.1/values.schema.json`, readFileSync(join(bosun, 'target.values.schema.json'), 'utf8'));
  put(`${folder}/0.27.0/values.schema.json`, JSON.stringify(next, null, 2));
  put('next.yaml', readFileSync(join(bosun, 'proposal.yaml'), 'utf8').replace(/^replicas:/m, 'replicaCount:'));
  cpSync(join(bosun, 'expected.addons.yaml'), join(dir, 'migrated.yaml'));
  cpSync(join(dir, 'm.json'), join(dir, folder, 'step-0.json'));
  record(['--values', 'migrated.yaml', '--base', `${folder}/0.25.1/values.schema.json`, '--target',
    `${folder}/0.27.0/values.schema.json`, '--proposal', 'next.yaml'], `${folder}/step-1.json`, '0.25.1', '0.27.0');
}

/** The argo-cd bump's world: its values, proposal and both charts as archives. */
function argoWorld() {
  const dir = mkdtempSync(join(tmpdir(), 'vm-readme-argo-'));
  for (const name of ['values.yaml', 'proposal.yaml']) cpSync(join(argo, name), join(dir, name));
  for (const [side, version] of [['base', '5.55.0'], ['target', '6.0.0']]) {
    const staged = join(dir, 'staged', side);
    cpSync(join(argo, `${side}-chart`), join(staged, 'argo-cd'), { recursive: true });
    const tar = spawnSync('tar', ['czf', join(dir, `argo-cd-${version}.tgz`), '-C', staged, 'argo-cd']);
    assert.equal(tar.status, 0, String(tar.stderr));
  }
  rmSync(join(dir, 'staged'), { recursive: true, force: true });
  return dir;
}

/** Every file under `dir`, by relative path, with its bytes. */
function files(dir, prefix = '') {
  return readdirSync(join(dir, prefix), { withFileTypes: true }).flatMap((entry) => {
    const path = join(prefix, entry.name);
    return entry.isDirectory() ? files(dir, path) : [[path, readFileSync(join(dir, path), 'utf8')]];
  });
}

/** Runs `line` with `sh -c` in a fresh copy of `template`, `values-migrate` on PATH being `cli`. */
function shell(line, template, cli) {
  const dir = mkdtempSync(join(tmpdir(), `vm-readme-${cli}-`));
  cpSync(template, dir, { recursive: true });
  const bin = join(dir, 'bin');
  mkdirSync(bin, { recursive: true });
  const entry = cli === 'node' ? `#!/bin/sh\nexec '${process.execPath}' '${nodeCli}' "$@"\n` : `#!/bin/sh\nexec '${nativeCli}' "$@"\n`;
  writeFileSync(join(bin, 'values-migrate'), entry);
  chmodSync(join(bin, 'values-migrate'), 0o755);
  const out = spawnSync('sh', ['-c', line], {
    cwd: dir, encoding: 'utf8', maxBuffer: 64 << 20, env: { ...process.env, PATH: `${bin}:${process.env.PATH}` },
  });
  rmSync(join(bin, 'values-migrate'));
  const after = files(dir);
  rmSync(dir, { recursive: true, force: true });
  return { status: out.status, stdout: out.stdout.replaceAll(dir, '<dir>'), stderr: out.stderr.replaceAll(dir, '<dir>'), after };
}

const readme = readFileSync(join(root, 'README.md'), 'utf8');
const synopsis = readme.split('## Command line')[1].split('```sh')[1].split('```')[0];

test('the README shows the commands this file runs', () => {
  const commands = readmeCommands(readme);
  assert.ok(commands.length >= 15, commands.join('\n'));
  for (const verb of ['decode', 'validate', 'diagnose', 'migrate', 'patch', 'replay', 'schema', 'render']) {
    assert.ok(commands.some((c) => c.startsWith(`values-migrate ${verb} `)), verb);
  }
  // The synopsis expands to runnable lines: no placeholder is left.
  for (const line of readmeCommands(`\`\`\`sh\n${synopsis}\`\`\``).flatMap(instances)) {
    assert.doesNotMatch(line, /\b[A-Z]{1,6}\b|…|\||\[|\]/, line);
  }
});

test('every command line of the README: both CLIs print the same bytes and leave the same files', () => {
  const worlds = { bosun: world(), argo: argoWorld() };
  let ran = 0;
  try {
    for (const command of readmeCommands(readme)) {
      const template = command.includes('argo-cd-') ? worlds.argo : worlds.bosun;
      for (const line of instances(command)) {
        const native = shell(line, template, 'native');
        const node = shell(line, template, 'node');
        assert.ok([0, 1, 2].includes(native.status), `${line}: exit ${native.status}\n${native.stderr}${native.stdout}`);
        assert.equal(node.status, native.status, `${line}: exit status\n${node.stderr}`);
        assert.equal(node.stdout, native.stdout, `${line}: stdout`);
        assert.equal(node.stderr, native.stderr, `${line}: stderr`);
        assert.deepEqual(node.after, native.after, `${line}: the files after`);
        ran += 1;
      }
    }
  } finally {
    for (const dir of Object.values(worlds)) rmSync(dir, { recursive: true, force: true });
  }
  assert.ok(ran >= 20, `${ran} command lines`);
});
