// record(), replay(), chain() and overrideSchema() through the built package (CommonJS build, which
// exports every function), on the bosun example and the replay test files.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const { record, replay, chain, overrideSchema, Replayer } = createRequire(import.meta.url)('values-migrate');
const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const read = (...parts) => readFileSync(join(root, ...parts), 'utf8');
const bosun = (file) => read('examples', 'bosun-0.20.0-to-0.25.1', file);
const schemas = () => ({
  baseSchema: bosun('base.values.schema.json'),
  targetSchema: bosun('target.values.schema.json'),
});

const recorded = () =>
  record({
    files: [{ path: 'addons.yaml', text: bosun('addons.yaml') }],
    ...schemas(),
    proposal: bosun('proposal.yaml'),
    chart: { name: 'bosun', from: '0.20.0', to: '0.25.1' },
  });

test('record returns the migrate result with the recording', () => {
  const result = recorded();
  assert.equal(result.status, 'planned');
  assert.equal(result.files[0].diff, bosun('expected.diff'));
  assert.equal(result.migration.format, 'values-migrate/migration@1');
  assert.deepEqual(result.migration.chart, { name: 'bosun', from: '0.20.0', to: '0.25.1' });
  assert.match(result.migration.schemas.target.sha256, /^[0-9a-f]{64}$/);
  assert.deepEqual(result.migration.ops.map((op) => op.op), ['remove', 'remove', 'remove', 'rename']);
});

test('replay carries a renamed key with the file’s own value, from an object or JSON text', () => {
  const { migration } = recorded();
  const text = read('tests', 'data', 'replay', 'bosun', 'argocd-application.yaml');
  for (const given of [migration, JSON.stringify(migration)]) {
    const result = replay({ migration: given, files: [{ path: 'app.yaml', text }], ...schemas() });
    assert.equal(result.status, 'planned');
    assert.equal(result.prefix, 'spec.source.helm.valuesObject');
    assert.match(result.files[0].after, /\n {12}podPort: 9090\n/);
    assert.match(result.replayed[3].note, /9090/);
    assert.deepEqual(result.skipped, []);
  }
});

test('replay on a migrated file is unchanged; other schemas are refused; a bad recording is a result', () => {
  const { migration } = recorded();
  const migrated = read('tests', 'data', 'replay', 'bosun', 'migrated.yaml');
  const files = [{ path: 'values.yaml', text: migrated }];
  assert.equal(replay({ migration, files, ...schemas() }).status, 'unchanged');
  const drifted = replay({
    migration,
    files,
    ...schemas(),
    targetSchema: schemas().targetSchema.replace('0.25.1 values', '0.25.2 values'),
  });
  assert.equal(drifted.status, 'refused');
  assert.equal(drifted.refusals[0].kind, 'schema-drift');
  assert.equal(drifted.schemaDrift[0].schema, 'target');
  const bad = replay({ migration: '{"format": "nope"}', files, ...schemas() });
  assert.equal(bad.status, 'invalid');
  assert.throws(() => replay({ migration, files, ...schemas(), nonsense: 1 }), /nonsense/);
});

test('replay with layered files puts each op in the layer that supplies the key', () => {
  const { migration } = recorded();
  const result = replay({
    migration,
    files: [
      { path: 'base.yaml', text: 'gate:\n  enabled: true\n  argocd:\n    server: s\n    port: 8083\n' },
      { path: 'prod.yaml', text: 'replicas: 3\ngate:\n  mode: sync\n  wait: 30s\n  inventorySource: secret\n' },
    ],
    ...schemas(),
    layered: true,
  });
  assert.equal(result.status, 'planned');
  assert.equal(result.files[0].after, 'gate:\n  enabled: true\n  argocd:\n    server: s\n    podPort: 8083\n');
  assert.equal(result.files[1].after, 'replicas: 3\n');
  assert.deepEqual(result.layers.map((l) => l.ops.length), [1, 3]);
});

test('chain folds two recorded steps and reports a gap', () => {
  const schema = (key) => JSON.stringify({ type: 'object', additionalProperties: false, properties: { [key]: { type: 'integer' } } });
  const versions = [
    { version: '1.0.0', schema: schema('a') },
    { version: '2.0.0', schema: schema('b') },
    { version: '3.0.0', schema: schema('c') },
  ];
  const step = (from, to, fromVersion, toVersion) =>
    record({
      files: [{ path: 'v.yaml', text: `${from}: 1\n` }],
      baseSchema: schema(from),
      targetSchema: schema(to),
      proposal: `${to}: 1\n`,
      chart: { name: 'gen', from: fromVersion, to: toVersion },
    }).migration;
  const migrations = [step('a', 'b', '1.0.0', '2.0.0'), step('b', 'c', '2.0.0', '3.0.0')];
  const files = [{ path: 'values.yaml', text: '# mine\na: 7 # seven\n' }];
  const result = chain({ versions, migrations, files, from: '1.0.0', to: '3.0.0' });
  assert.equal(result.status, 'planned');
  assert.equal(result.steps.length, 2);
  assert.equal(result.files[0].after, '# mine\nc: 7 # seven\n');
  const gap = chain({ versions, migrations: [migrations[0]], files, from: '1.0.0', to: '3.0.0' });
  assert.equal(gap.status, 'invalid');
  assert.match(gap.errors[0].message, /gap: no recorded migration from 2\.0\.0/);
});

test('overrideSchema drops required and nests under the prefix; a bad schema is a result', () => {
  const { schema, errors } = overrideSchema({ schema: schemas().targetSchema, prefix: 'bosun.valuesObject' });
  assert.deepEqual(errors, []);
  const inner = schema.properties.bosun.properties.valuesObject;
  assert.equal(inner.properties.metrics.properties.serviceMonitor.required, undefined);
  const bad = overrideSchema({ schema: '{' });
  assert.equal(bad.schema, null);
  assert.match(bad.errors[0], /^schema:1:/);
});

test('a Replayer compiles once and replays on many files, with the same results as replay()', () => {
  const { migration } = recorded();
  const replayer = new Replayer({ migration, ...schemas() });
  try {
    for (const name of ['argocd-application', 'commented', 'reordered', 'crlf', 'migrated']) {
      const files = [{ path: `${name}.yaml`, text: read('tests', 'data', 'replay', 'bosun', `${name}.yaml`) }];
      const once = replay({ migration, files, ...schemas() });
      const result = replayer.replay({ files });
      assert.deepEqual(result, once, name);
      assert.equal(result.status, name === 'migrated' ? 'unchanged' : 'planned', name);
    }
    const bad = new Replayer({ migration: 'not json', ...schemas() });
    assert.equal(bad.replay({ files: [] }).status, 'invalid');
    bad.free();
  } finally {
    replayer.free();
  }
});
