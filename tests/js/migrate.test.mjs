// migrate(), diagnose() and validate() through the built package, on the worked examples.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrate, diagnose, validate, Session } from 'values-migrate';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const example = (name, file) => readFileSync(join(root, 'examples', name, file), 'utf8');
const bosun = (file) => example('bosun-0.20.0-to-0.25.1', file);
const escalation = (file) => example('bosun-servicemonitor-escalation', file);

const bosunInput = () => ({
  files: [{ path: 'addons.yaml', text: bosun('addons.yaml') }],
  baseSchema: bosun('base.values.schema.json'),
  targetSchema: bosun('target.values.schema.json'),
  proposal: bosun('proposal.yaml'),
});

test('migrate reproduces the bosun example to the byte', () => {
  const result = migrate(bosunInput());
  assert.equal(result.status, 'planned');
  assert.equal(result.prefix, 'bosun.valuesObject');
  assert.deepEqual(
    result.ops.map(({ reason, ...op }) => op),
    [
      { op: 'remove', path: 'gate.mode' },
      { op: 'remove', path: 'gate.wait' },
      { op: 'remove', path: 'gate.inventorySource' },
      { op: 'rename', from: 'gate.argocd.port', to: 'gate.argocd.podPort' },
    ],
  );
  assert.deepEqual(result.notCarried, [
    { path: 'gate.mode', value: 'sync', near: [], hint: null },
    { path: 'gate.wait', value: '30s', near: [], hint: null },
    { path: 'gate.inventorySource', value: 'configmap', near: [], hint: null },
  ]);
  assert.equal(result.files[0].diff, bosun('expected.diff'));
  assert.equal(result.files[0].after, bosun('expected.addons.yaml'));
  // Every field of the contract is present, none undefined.
  for (const key of ['status', 'prefix', 'displaced', 'escalations', 'refusals', 'errors', 'ops', 'notCarried', 'files', 'comment']) {
    assert.notEqual(result[key], undefined, key);
  }
});

test('a survival refusal is located in the values file, with a UTF-16 column', () => {
  const input = bosunInput();
  input.proposal = input.proposal.replace('replicas: 2', 'replicas: 3');
  const result = migrate(input);
  assert.equal(result.status, 'refused');
  const [refusal] = result.refusals;
  assert.deepEqual(
    { kind: refusal.kind, path: refusal.path, file: refusal.file, line: refusal.line, column: refusal.column, utf16Column: refusal.utf16Column },
    { kind: 'survival', path: 'replicas', file: 'addons.yaml', line: 21, column: 5, utf16Column: 5 },
  );
  assert.equal(result.files.every((f) => !f.changed), true);
});

test('escalation comes first; a person\'s answer resolves it', () => {
  const input = {
    files: [{ path: 'values.yaml', text: escalation('values.yaml') }],
    baseSchema: escalation('base.values.schema.json'),
    targetSchema: escalation('target.values.schema.json'),
    proposal: escalation('proposal.yaml'),
  };
  const escalated = migrate(input);
  assert.equal(escalated.status, 'escalated');
  assert.deepEqual(escalated.escalations.map((e) => e.path), ['metrics.serviceMonitor.namespace']);
  const answered = migrate({ ...input, answers: { 'metrics.serviceMonitor.namespace': 'monitoring' } });
  assert.equal(answered.status, 'planned');
  assert.deepEqual(answered.ops.at(-1), { op: 'set', path: 'metrics.serviceMonitor.namespace', value: 'monitoring', source: 'answer' });
});

test('diagnose needs no proposal and briefs an author', () => {
  const { proposal, ...input } = bosunInput();
  const result = diagnose(input);
  assert.equal(result.status, 'needs-proposal');
  assert.deepEqual(result.displaced.map((d) => d.path).sort(), ['gate.argocd.port', 'gate.inventorySource', 'gate.mode', 'gate.wait']);
  assert.match(result.brief, /gate\.argocd\.port = 8083/);
  assert.ok(result.changelog.length > 0);
});

test('validate locates each violation in the user\'s file', () => {
  const result = validate({
    files: [{ path: 'addons.yaml', text: bosun('addons.yaml') }],
    prefix: 'bosun.valuesObject',
    schema: bosun('target.values.schema.json'),
  });
  assert.equal(result.valid, false);
  const mode = result.violations.find((v) => v.path === 'gate.mode');
  assert.ok(mode, JSON.stringify(result.violations));
  assert.equal(mode.line, 24);
  assert.equal(typeof mode.utf16Column, 'number');
});

test('bad input is a result; a missing field is a programming error', () => {
  const input = bosunInput();
  input.targetSchema = '{"type": "object", ';
  const result = migrate(input);
  assert.equal(result.status, 'invalid');
  assert.equal(result.errors[0].file, 'targetSchema');
  assert.equal(typeof result.errors[0].line, 'number');
  assert.throws(() => migrate({ files: [] }));
  assert.throws(() => diagnose({ ...bosunInput(), nonsense: 1 }));
});

test('a remote $ref is an error naming the URL, never a fetch', () => {
  const input = bosunInput();
  input.targetSchema = JSON.stringify({ $ref: 'https://example.invalid/values.schema.json' });
  const result = migrate(input);
  assert.equal(result.status, 'invalid');
  assert.match(result.errors[0].message, /https:\/\/example\.invalid\/values\.schema\.json/);
});

test('validate answers for every file it is given', () => {
  const files = [
    { path: 'addons.yaml', text: bosun('addons.yaml') },
    { path: 'expected.addons.yaml', text: bosun('expected.addons.yaml') },
    { path: 'broken.yaml', text: 'bosun: [unclosed\n' },
  ];
  const result = validate({ files, prefix: 'bosun.valuesObject', schema: bosun('target.values.schema.json') });
  assert.equal(result.valid, false);
  assert.ok(result.violations.some((v) => v.file === 'addons.yaml'), JSON.stringify(result.violations));
  assert.ok(!result.violations.some((v) => v.file === 'expected.addons.yaml'));
  assert.ok(result.errors.some((e) => e.file === 'broken.yaml'), JSON.stringify(result.errors));
  // One file at a time says the same of each.
  for (const file of files.slice(0, 2)) {
    const one = validate({ files: [file], prefix: 'bosun.valuesObject', schema: bosun('target.values.schema.json') });
    assert.deepEqual(one.violations, result.violations.filter((v) => v.file === file.path));
  }
});

test('an unknown field or a wrong type is a TypeError naming it', () => {
  const schema = bosun('target.values.schema.json');
  const cases = [
    [() => validate({ files: [{ path: 'a', text: 'x: 1' }, { path: 'b', text: 2 }], schema }), /files\[1\]\.text: invalid type/],
    [() => validate({ files: [], schema, bogus: 1 }), /bogus/],
    [() => validate({ files: [], schema }), /files: needs at least one file/],
    [() => migrate({ ...bosunInput(), typing: 'yaml-1.3' }), /typing/],
    [() => diagnose({ ...bosunInput(), nonsense: 1 }), /nonsense/],
    [() => migrate({ ...bosunInput(), proposal: undefined }), /proposal/],
    [() => diagnose({ ...bosunInput(), prefix: 7 }), /prefix: invalid type/],
  ];
  for (const [call, message] of cases) assert.throws(call, (e) => e instanceof TypeError && message.test(e.message));
});

test('long texts cross as strings of their own and come back whole, through a Session and through toJSON', () => {
  // Past the 4 KiB at which a result's strings leave its JSON text: comments with quotes,
  // backslashes, tabs, non-ASCII and a CRLF line that the JSON text would have escaped.
  const padding = Array.from({ length: 200 }, (_, i) => `# note ${i}: "q" \\ é\t🎉\r\n`).join('');
  const text = `${padding}${bosun('addons.yaml')}`;
  const expected = `${padding}${bosun('expected.addons.yaml')}`;
  assert.ok(Buffer.byteLength(text) > 4096);
  const input = { ...bosunInput(), files: [{ path: 'addons.yaml', text }] };
  // The text itself never goes through JSON text: what JSON.stringify is asked to write is the
  // rest of the input (a well-formed string is asked `isWellFormed` through String.prototype).
  const stringify = JSON.stringify;
  const written = [];
  JSON.stringify = (...args) => { const out = stringify(...args); written.push(out ?? ''); return out; };
  let results;
  try {
    results = [migrate(input), new Session({ baseSchema: input.baseSchema, targetSchema: input.targetSchema }).migrate({ files: input.files, proposal: input.proposal })];
  } finally {
    JSON.stringify = stringify;
  }
  assert.ok(written.length > 0 && written.every((out) => !out.includes('note 199')), 'the long text crossed as JSON text');
  for (const result of results) {
    assert.equal(result.status, 'planned');
    assert.equal(result.files[0].before, text);
    assert.equal(result.files[0].after, expected);
    assert.equal(result.files[0].changed, true);
  }
  // A toJSON on the way: the result holds what JSON.stringify read, not the object's property.
  const other = `${padding}${padding}${bosun('addons.yaml')}`;
  const viaToJSON = { ...input, files: [{ path: 'addons.yaml', text, toJSON: () => ({ path: 'addons.yaml', text: other }) }] };
  const result = migrate(viaToJSON);
  assert.equal(result.status, 'planned');
  assert.equal(result.files[0].before, other);
  assert.equal(result.files[0].after, `${padding}${expected}`);
});
