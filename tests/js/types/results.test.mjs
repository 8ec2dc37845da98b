// Real results against the hand-written declarations: every function's result on the worked
// examples is written out as a typed object literal and compiled with `tsc --strict`, so a field
// the declarations lack (an excess property) or one they promise and the result lacks fails.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as lib from 'values-migrate';

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
  ];
  const patch = JSON.parse(read('tests/fixtures/patch/' + patchCase() + '/request.json'));
  const text = read('tests/fixtures/patch/' + patchCase() + '/input.yaml');
  out.push(['PatchResult', lib.patch({ ...patch, file: { path: 'input.yaml', text } })]);
  return out;
}

function patchCase() {
  return 'adr-sample-limit';
}

test('real results conform to the package declarations (tsc --strict)', () => {
  const all = results();
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
