// Documents a schema's `$ref`s name at a URL, supplied as `refs: { [url]: text }` (nothing is
// fetched): validate, diagnose and a Session read them; without them the refusal names the URL
// and how to supply it, at the `$ref`'s line and column.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Session, diagnose, validate } from 'values-migrate';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const data = (file) => readFileSync(join(root, 'tests/data/schema-ref', file), 'utf8');
const url = 'https://schemas.example/common.json';
const schema = data('values.schema.json');
const files = [{ path: 'values.yaml', text: data('values.yaml') }];
const refs = { [url]: data('common.json') };
const located = (r) => r.violations.map((v) => [v.pointer, v.keyword]);

test('validate without the document: refused at the $ref, naming the URL, the flag and the field', () => {
  const result = validate({ files, schema });
  assert.equal(result.valid, false);
  const [error] = result.errors;
  assert.deepEqual([error.file, error.line, error.column], ['schema', 7, 18]);
  assert.ok(error.message.includes(url), error.message);
  assert.ok(error.message.includes(`--schema-ref ${url}=FILE`), error.message);
  assert.ok(error.message.includes(`refs: { "${url}": text }`), error.message);
});

test('validate, diagnose and a Session with the document: its keywords apply', () => {
  const result = validate({ files, schema, refs });
  assert.deepEqual(result.errors, []);
  assert.deepEqual(located(result), [['/service/port', 'maximum'], ['/image', 'required']]);
  const report = diagnose({ files, baseSchema: schema, targetSchema: schema, refs });
  assert.deepEqual(report.errors, []);
  const session = new Session({ baseSchema: schema, targetSchema: schema, refs });
  try {
    assert.deepEqual(session.errors, []);
    assert.deepEqual(located(session.validate({ files })), located(result));
  } finally {
    session.free();
  }
});

test('a supplied document that is not JSON is located in it; a non-string one is a TypeError', () => {
  const result = validate({ files, schema, refs: { [url]: data('broken.json') } });
  assert.equal(result.errors[0].file, url);
  assert.equal(result.errors[0].line, 2);
  assert.throws(() => validate({ files, schema, refs: { [url]: {} } }), TypeError);
});
