// Values where users keep them through the JS API: an Argo CD Application whose values are a
// YAML string, migrated by migrate, a Session and startProposal, with valuesIn saying where.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrate, diagnose, startProposal, Session } from 'values-migrate';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const example = join(root, 'examples/argo-cd-application-helm-values');
const bosun = join(root, 'examples/bosun-0.20.0-to-0.25.1');
const read = (path) => readFileSync(path, 'utf8');
const input = {
  files: [{ path: 'bosun.application.yaml', text: read(join(example, 'bosun.application.yaml')) }],
  baseSchema: read(join(bosun, 'base.values.schema.json')),
  targetSchema: read(join(bosun, 'target.values.schema.json')),
  proposal: read(join(bosun, 'proposal.yaml')),
};
const home = { kind: 'argo-cd-application', name: 'bosun', string: 'literal', readBy: null };

test('migrate finds the values in the helm.values string and changes only the block\'s lines', () => {
  const result = migrate(input);
  assert.equal(result.status, 'planned');
  assert.equal(result.prefix, 'spec.source.helm.values');
  assert.deepEqual(result.valuesIn, home);
  assert.equal(result.files.length, 1);
  assert.equal(result.files[0].diff, read(join(example, 'expected.diff')));
  assert.match(result.comment, /a YAML string \(literal\) of Argo CD Application `bosun`/);
});

test('a Session and diagnose say the same; startProposal writes the document the string holds', () => {
  const session = new Session({ baseSchema: input.baseSchema, targetSchema: input.targetSchema });
  try {
    const result = session.migrate({ files: input.files, proposal: input.proposal });
    assert.equal(result.files[0].diff, read(join(example, 'expected.diff')));
  } finally {
    session.free();
  }
  const diagnosis = diagnose({ ...input, proposal: undefined });
  assert.equal(diagnosis.status, 'needs-proposal');
  assert.deepEqual(diagnosis.valuesIn, home);
  const draft = startProposal({ ...input, proposal: undefined });
  assert.match(draft.text, /^image:\n {2}repository: ghcr\.io\/example\/bosun\n/);
  assert.match(draft.text, /\n {2}mode: sync\n/);
});

test('a folded string is refused with the reason at its line, and nothing is written', () => {
  const folded = read(join(root, 'tests/fixtures/migrate/embedded-folded-block-refused/app.yaml'));
  const result = migrate({ ...input, files: [{ path: 'app.yaml', text: folded }] });
  assert.equal(result.status, 'refused');
  assert.equal(result.refusals[0].kind, 'values-string');
  assert.equal(result.refusals[0].line, 9);
  assert.match(result.refusals[0].message, /folded block/);
  assert.deepEqual(result.files.filter((f) => f.changed), []);
});
