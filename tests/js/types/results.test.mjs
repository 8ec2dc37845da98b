// Real results against the generated declarations (types/values_migrate.d.ts, from the Rust types):
// every function's result on the worked examples is written out as a typed object literal and
// compiled with `tsc --strict`, so a field the declarations lack (an excess property) or one they
// promise and the result lacks fails. The same results are validated against the generated JSON
// Schema (types/results.schema.json) with ajv.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as lib from 'values-migrate';
import { conforms } from '../contract.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const read = (path) => readFileSync(join(root, path), 'utf8');
const bosun = (file) => read(`examples/bosun-0.20.0-to-0.25.1/${file}`);
const escalation = (file) => read(`examples/bosun-servicemonitor-escalation/${file}`);

/** Each result, with the declared type it must be. */
function results() {
  const input = {
    files: [{ path: 'addons.yaml', text: bosun('addons.yaml') }],
    baseSchema: bosun('base.values.schema.json'),
    targetSchema: bosun('target.values.schema.json'),
    proposal: bosun('proposal.yaml'),
  };
  const escalated = {
    files: [{ path: 'values.yaml', text: escalation('values.yaml') }],
    baseSchema: escalation('base.values.schema.json'),
    targetSchema: escalation('target.values.schema.json'),
    proposal: escalation('proposal.yaml'),
  };
  const recorded = lib.record({ ...input, chart: { name: 'bosun', from: '0.20.0', to: '0.25.1' } });
  const out = [
    ['MigrateResult', lib.migrate(input)],
    ['MigrateResult', lib.migrate(escalated)],
    ['MigrateResult', lib.migrate({ ...input, proposal: bosun('addons.yaml') })],
    ['MigrateResult', lib.migrate({ ...input, targetSchema: '{"type": ' })],
    ['MigrateResult', lib.diagnose(input)],
    ['ValidateResult', lib.validate({ files: input.files, schema: input.targetSchema, prefix: 'bosun.valuesObject' })],
    ['ValidateResult', lib.validate({ files: [{ path: 'bad.yaml', text: 'a: [' }], schema: '{}' })],
    ['DecodeResult', lib.decode(bosun('addons.yaml'))],
    ['DecodeResult', lib.decode('a: [', { file: 'bad.yaml' })],
    ['RecordResult', recorded],
    ['ReplayResult', lib.replay({ migration: recorded.migration, files: input.files, baseSchema: input.baseSchema,
      targetSchema: input.targetSchema })],
    ['ReadAnswers', lib.readAnswers('a.b=yes\nnot an answer\n')],
    ['ReplayResult', lib.replay({ migration: JSON.stringify(recorded.migration), files: [{ path: 'v.yaml', text: 'a: [' }],
      baseSchema: input.baseSchema, targetSchema: input.targetSchema })],
    ['LayeredReplayResult', lib.replay({ migration: recorded.migration, layered: true, baseSchema: input.baseSchema,
      targetSchema: input.targetSchema, files: [{ path: 'base.yaml', text: 'bosun:\n  valuesObject:\n    gate:\n      argocd:\n        port: 8083\n' },
        { path: 'prod.yaml', text: 'bosun:\n  valuesObject:\n    replicas: 2\n' }] })],
    ['ChainResult', chained()],
    ['ChartRead', lib.readChart('bosun-0.25.1.tgz', readFileSync(join(root, 'examples/bosun-0.20.0-to-0.25.1/charts/bosun-0.25.1.tgz')))],
    ['OverrideSchemaResult', lib.overrideSchema({ schema: input.targetSchema, prefix: 'bosun.valuesObject' })],
    ['OverrideSchemaResult', lib.overrideSchema({ schema: '{' })],
    ['Draft', lib.startProposal(input)],
    ['Draft', lib.startProposal({ ...input, prefix: 'nowhere' })],
  ];
  const session = new lib.Session({ baseSchema: input.baseSchema, targetSchema: input.targetSchema });
  out.push(['MigrateResult', session.migrate({ files: input.files, proposal: input.proposal })],
    ['MigrateResult', session.diagnose({ files: escalated.files })],
    ['ValidateResult', session.validate({ files: input.files })],
    ['Draft', session.startProposal({ files: input.files })]);
  session.free();
  const replayer = new lib.Replayer({ migration: recorded.migration, baseSchema: input.baseSchema, targetSchema: input.targetSchema });
  out.push(['ReplayResult', replayer.replay({ files: input.files })]);
  replayer.free();
  const patch = JSON.parse(read('tests/fixtures/patch/' + patchCase() + '/request.json'));
  const text = read('tests/fixtures/patch/' + patchCase() + '/input.yaml');
  out.push(['PatchResult', lib.patch({ ...patch, file: { path: 'input.yaml', text } })]);
  return out;
}

/** A chain of two recorded steps over generated schemas. */
function chained() {
  const schema = (key) => JSON.stringify({ type: 'object', additionalProperties: false, properties: { [key]: { type: 'integer' } } });
  const versions = ['a', 'b', 'c'].map((key, n) => ({ version: `${n + 1}.0.0`, schema: schema(key) }));
  const step = (from, to, n) => lib.record({
    files: [{ path: 'v.yaml', text: `${from}: 1\n` }], baseSchema: schema(from), targetSchema: schema(to),
    proposal: `${to}: 1\n`, chart: { name: 'gen', from: `${n}.0.0`, to: `${n + 1}.0.0` },
  }).migration;
  return lib.chain({ versions, migrations: [step('a', 'b', 1), step('b', 'c', 2)], files: [{ path: 'values.yaml', text: 'a: 7\n' }],
    from: '1.0.0', to: '3.0.0' });
}

function patchCase() {
  return 'adr-sample-limit';
}

const all = results();

test('real results conform to the generated JSON Schema (ajv)', () => {
  for (const [type, value] of all) conforms(type, value);
});

test('real results conform to the package declarations (tsc --strict)', () => {
  const types = [...new Set(all.map(([type]) => type))].sort();
  const lines = [`import type { ${types.join(', ')} } from 'values-migrate';`];
  all.forEach(([type, value], n) => lines.push(`export const r${n}: ${type} = ${JSON.stringify(value, null, 1)};`));
  const dir = join(root, 'target/types-check');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'results.mts'), `${lines.join('\n')}\n`);
  const config = JSON.parse(readFileSync(join(root, 'tests/js/types/tsconfig.node.json'), 'utf8'));
  config.files = ['results.mts'];
  writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify(config));
  const tsc = spawnSync(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', dir], { encoding: 'utf8' });
  assert.equal(tsc.status, 0, tsc.stdout + tsc.stderr);
});
