// The package through CommonJS require, as a CommonJS consumer loads it.
const { test } = require('node:test');
const assert = require('node:assert/strict');
const { decode } = require('values-migrate');

test('require() gives a ready decode', () => {
  assert.deepEqual(decode('replicas: 2\n'), { documents: [{ replicas: 2 }], errors: [] });
});
