// The Session: both schemas compiled once, the same results as the one-shot functions, and its
// memory released by free() or Symbol.dispose.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Session, migrate, diagnose, validate } from 'values-migrate';

const require = createRequire(import.meta.url);
const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const bosun = (file) => readFileSync(join(root, 'examples/bosun-0.20.0-to-0.25.1', file), 'utf8');
const schemas = { baseSchema: bosun('base.values.schema.json'), targetSchema: bosun('target.values.schema.json') };
const files = [{ path: 'addons.yaml', text: bosun('addons.yaml') }];

test('a session gives the one-shot results, call after call', () => {
  const session = new Session(schemas);
  try {
    assert.deepEqual(session.errors, []);
    for (let i = 0; i < 3; i++) {
      assert.deepEqual(session.diagnose({ files }), diagnose({ ...schemas, files }));
      const result = session.migrate({ files, proposal: bosun('proposal.yaml') });
      assert.deepEqual(result, migrate({ ...schemas, files, proposal: bosun('proposal.yaml') }));
      assert.equal(result.files[0].after, bosun('expected.addons.yaml'));
    }
    const after = [{ path: 'addons.yaml', text: bosun('expected.addons.yaml') }];
    const valid = session.validate({ files: after, prefix: 'bosun.valuesObject' });
    assert.deepEqual(valid, validate({ files: after, prefix: 'bosun.valuesObject', schema: schemas.targetSchema }));
    assert.equal(valid.valid, true);
  } finally {
    session.free();
  }
});

test('a schema that cannot be read is in errors, and every call is invalid', () => {
  const session = new Session({ baseSchema: '{"type": ', targetSchema: schemas.targetSchema });
  try {
    assert.equal(session.errors.length, 1);
    assert.equal(session.errors[0].file, 'baseSchema');
    assert.equal(typeof session.errors[0].line, 'number');
    const result = session.diagnose({ files });
    assert.equal(result.status, 'invalid');
    assert.deepEqual(result.errors, session.errors);
  } finally {
    session.free();
  }
});

test('a programming error throws: an unknown option, a migrate without a proposal', () => {
  assert.throws(() => new Session({ ...schemas, nonsense: true }), /nonsense/);
  const session = new Session(schemas);
  try {
    assert.throws(() => session.migrate({ files }), /proposal/);
    assert.throws(() => session.diagnose({ files, schema: '{}' }), /schema/);
  } finally {
    session.free();
  }
});

test('free() releases the session; a freed session throws instead of reading freed memory', () => {
  const session = new Session(schemas);
  session.free();
  assert.throws(() => session.diagnose({ files }));
});

test('Symbol.dispose releases it, where the runtime has the symbol (Node 20+)', () => {
  assert.equal(typeof Symbol.dispose, 'symbol');
  const session = new Session(schemas);
  assert.equal(session[Symbol.dispose], session.free);
  session[Symbol.dispose]();
  assert.throws(() => session.diagnose({ files }));
});

test('CommonJS has the same Session', () => {
  const cjs = require('values-migrate');
  const session = new cjs.Session(schemas);
  try {
    assert.equal(session.diagnose({ files }).status, diagnose({ ...schemas, files }).status);
  } finally {
    session.free();
  }
});
