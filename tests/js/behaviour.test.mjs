// The bump's behaviour through the JS API (issue 43, docs/behaviour.md): `migrate`, `diagnose` and a
// Session given the two charts' archives (`render: { base, target }`) carry `behaviour` — and its
// comment and brief sections — exactly as the native CLI's JSON does for the same archives; the
// browser's render module gives the same through `behaviour`; the first browser module, which has
// no renderer, refuses `render` naming the module that has it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { behaviour, diagnose, migrate, readChart, startProposal, Session } from 'values-migrate';
import { packChart } from '../e2e/chart-archive.mjs';
import { conforms } from './contract.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const pkgDir = join(root, 'node_modules/values-migrate');
const nativeCli = resolve(root, process.env.VALUES_MIGRATE_BIN ?? 'target/debug/values-migrate');
const BUMP = join(root, 'tests/charts/real/prometheus-18.4.0-to-19.0.0');
const base = packChart(join(BUMP, 'base-chart'), 'prometheus');
const target = packChart(join(BUMP, 'target-chart'), 'prometheus');
const values = readFileSync(join(BUMP, 'values.yaml'), 'utf8');
const proposal = readFileSync(join(BUMP, 'proposal.yaml'), 'utf8');

/** The input the CLI builds from two chart archives: each chart's schema, defaults, templates, tree. */
function chartInput() {
  const b = readChart('prometheus-18.4.0.tgz', base);
  const t = readChart('prometheus-19.0.0.tgz', target);
  return {
    files: [{ path: 'values.yaml', text: values }],
    baseSchema: b.schema,
    targetSchema: t.schema,
    defaults: t.defaults,
    baseDefaults: b.defaults,
    baseTemplates: b.templates,
    targetTemplates: t.templates,
    baseCharts: b.charts,
    targetCharts: t.charts,
  };
}
const input = chartInput();
const render = { base: { name: 'prometheus-18.4.0.tgz', archive: base }, target: { name: 'prometheus-19.0.0.tgz', archive: target } };

/** The native CLI's JSON for `command` on the same archives, written to a directory of its own. */
function native(command) {
  const dir = mkdtempSync(join(tmpdir(), 'behaviour-'));
  try {
    writeFileSync(join(dir, 'prometheus-18.4.0.tgz'), base);
    writeFileSync(join(dir, 'prometheus-19.0.0.tgz'), target);
    writeFileSync(join(dir, 'values.yaml'), values);
    writeFileSync(join(dir, 'proposal.yaml'), proposal);
    const args = [command, '--values', 'values.yaml', '--base', 'prometheus-18.4.0.tgz', '--target', 'prometheus-19.0.0.tgz', '--format', 'json'];
    if (command === 'migrate') args.push('--proposal', 'proposal.yaml');
    const out = spawnSync(nativeCli, args, { cwd: dir, encoding: 'utf8', maxBuffer: 64 << 20 });
    if (out.error) throw out.error;
    return JSON.parse(out.stdout);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const cli = { migrate: native('migrate'), diagnose: native('diagnose') };

/** `text` from `marker` on (the section a report's behaviour adds), or null without it. */
const from = (text, marker) => (text?.includes(marker) ? text.slice(text.indexOf(marker)) : null);

/**
 * What a report says of the bump's behaviour: the field and its sections of the comment and the
 * brief (the comment's head names the schemas as each surface was given them: JS field names, the
 * CLI's paths).
 */
const judged = (report) => ({
  behaviour: report.behaviour,
  comment: from(report.comment, '### What the bump does to the manifests'),
  brief: from(report.brief, 'Rendered with both charts'),
});

test('migrate given both archives carries the behaviour, comment and brief the native CLI gives', () => {
  const report = migrate({ ...input, proposal, render });
  assert.equal(report.status, 'planned');
  assert.deepEqual(judged(report), judged(cli.migrate));
  assert.ok(judged(report).comment && judged(report).brief, 'the comment and the brief have their behaviour sections');
  const lost = report.behaviour.values.find((v) => v.path === 'server.enabled');
  assert.equal(lost.verdict, 'lost');
  assert.ok(lost.before.length > 0 && lost.after.length === 0, 'the base rendered it, the target does not');
  assert.match(report.brief, /server\.enabled/);
  assert.ok(report.behaviour.manifests.objects.length > 0, 'the manifest diff names objects');
  conforms('MigrateResult', report);
});

test('diagnose and a Session\'s calls take the archives per call, as one-shot migrate and diagnose do', () => {
  assert.deepEqual(judged(diagnose({ ...input, render })), judged(cli.diagnose));
  const { files, ...options } = input;
  const session = new Session(options);
  try {
    assert.deepEqual(judged(session.diagnose({ files, render })), judged(cli.diagnose));
    assert.deepEqual(judged(session.migrate({ files, proposal, render })), judged(cli.migrate));
    assert.equal(session.diagnose({ files }).behaviour, undefined, 'without `render`, no behaviour');
  } finally {
    session.free();
  }
});

test('`behaviour` runs migrate with a proposal and diagnose without one, the archives given as bytes', () => {
  const bytes = { base, target };
  assert.deepEqual(behaviour({ ...input, proposal, render }).behaviour, cli.migrate.behaviour);
  assert.deepEqual(behaviour({ ...input, render: bytes }).behaviour.values, cli.diagnose.behaviour.values);
  assert.throws(() => behaviour(input), { name: 'TypeError', message: 'behaviour input: missing field `render`' });
});

test('a malformed `render` is a TypeError naming its field; where no behaviour is judged it is refused', () => {
  assert.throws(() => migrate({ ...input, proposal, render: { base } }), { name: 'TypeError', message: 'migrate input: render: missing field `target`' });
  assert.throws(() => diagnose({ ...input, render: { base, target, extra: 1 } }), /diagnose input: render: unknown field `extra`, expected `base` and `target`/);
  assert.throws(() => diagnose({ ...input, render: { base, target: 'x' } }), /diagnose input: render\.target: expected a chart archive's bytes/);
  assert.throws(() => startProposal({ ...input, render }), /startProposal input: render: only `migrate` and `diagnose` judge/);
});

test('a chart that is no archive makes the base render fail: the report says so, the static findings stand', () => {
  const broken = { base: new Uint8Array([1, 2, 3]), target };
  const report = diagnose({ ...input, render: broken });
  assert.deepEqual(report.behaviour.values, []);
  assert.match(report.behaviour.unrendered, /the base render failed/);
  assert.deepEqual(report.displaced, diagnose(input).displaced);
});

/** A browser build (`--target web`) loaded in Node from its wasm bytes. */
async function browserModule(glue, wasm) {
  const module = await import(join(pkgDir, glue));
  module.initSync({ module: readFileSync(join(pkgDir, wasm)) });
  return module;
}

test('the browser\'s render module judges the bump as Node does; the first module names it when given `render`', async () => {
  const renderModule = await browserModule('web-render/values_migrate_render.js', 'web-render/values_migrate_render_bg.wasm');
  assert.deepEqual(judged(renderModule.behaviour({ ...input, proposal, render })), judged(cli.migrate));
  const first = await browserModule('web/values_migrate.js', 'web/values_migrate_bg.wasm');
  assert.throws(() => first.diagnose({ ...input, render }), /diagnose input: render: this module has no renderer.*`values-migrate\/render`/);
  // The first module lacks the template analysis: the charts' templates make its answer
  // `invalid`, naming the module that holds it, never an answer as if they read nothing.
  const refused = first.diagnose(input);
  assert.equal(refused.status, 'invalid');
  assert.match(refused.errors[0].message, /lacks the template analysis.*pkg\/web-render/);
  const { baseTemplates, targetTemplates, ...schemasAlone } = input;
  assert.equal(first.diagnose(schemasAlone).status, diagnose(schemasAlone).status);
});
