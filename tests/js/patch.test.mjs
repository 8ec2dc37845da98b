// patch() through the built package, on the ADR-0020 fixtures.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { patch } from 'values-migrate';

const fixtures = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'patch');
const read = (name, file) => readFileSync(join(fixtures, name, file), 'utf8');

function input(name) {
  const request = JSON.parse(read(name, 'request.json'));
  return { file: { path: 'input.yaml', text: read(name, 'input.yaml') }, ...request };
}

test('the ADR sample changes one line, quoting and comment kept', () => {
  const result = patch(input('adr-sample-limit'));
  assert.equal(result.status, 'patched');
  assert.equal(result.file.after, read('adr-sample-limit', 'expected.yaml'));
  assert.equal(result.file.diff, read('adr-sample-limit', 'expected.diff'));
});

test('a value inside an anchor reused by an alias needs a person', () => {
  const result = patch(input('adr-sample-aliased-request'));
  assert.equal(result.status, 'needs-intervention');
  assert.match(result.reason, /anchor/);
  assert.equal(typeof result.line, 'number');
  assert.equal(result.file.changed, false);
});

test('a missing field is a programming error', () => {
  const { to, ...incomplete } = input('adr-sample-limit');
  assert.throws(() => patch(incomplete));
});
