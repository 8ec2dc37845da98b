// The built npm package, loaded the way a consumer loads it: by name, through package.json `exports`.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import init, * as esm from 'values-migrate';

const require = createRequire(import.meta.url);
const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const pkgDir = join(root, 'pkg');

test('ESM import is ready without init and decodes every document', async () => {
  const result = esm.decode('a: 1\n---\n- x\n', { file: 'v.yaml' });
  assert.deepEqual(result, { documents: [{ a: 1 }, ['x']], errors: [] });
  await init(); // a no-op in Node, kept so browser code runs unchanged
});

test('CommonJS require is ready and agrees with ESM', () => {
  const cjs = require('values-migrate');
  const text = 'name: é\nlist: [1, 2]\n';
  assert.deepEqual(cjs.decode(text), esm.decode(text));
});

test('ESM and CommonJS expose the same functions', () => {
  const cjs = require('values-migrate');
  // `runCli` and `cliFlags` are the bundled CLI's and MCP server's entries, not part of the API:
  // they have no types and no ESM export.
  const internal = ['default', 'start', 'runCli', 'cliFlags'];
  const fns = (m) => Object.keys(m).filter((k) => typeof m[k] === 'function' && !internal.includes(k)).sort();
  assert.deepEqual(fns(esm), fns(cjs));
});

test('bad YAML is a located result, not a throw', () => {
  const result = esm.decode('a: 1\nb: [1\n', { file: 'bad.yaml' });
  assert.equal(result.documents.length, 0);
  assert.equal(result.errors[0].file, 'bad.yaml');
  assert.equal(typeof result.errors[0].line, 'number');
  assert.equal(typeof result.errors[0].utf16Column, 'number');
});

test('an unknown option is a programming error and throws', () => {
  assert.throws(() => esm.decode('a: 1', { nonsense: true }));
});

// Every relative file an entry point loads (import/export from, require, new URL(..., import.meta.url), readFileSync).
function referencedFiles(file, seen = new Set()) {
  if (seen.has(file)) return seen;
  seen.add(file);
  const text = readFileSync(join(pkgDir, file), 'utf8');
  const patterns = [
    /(?:import|export)[^'"]*?from\s*['"](\.[^'"]+)['"]/g,
    /import\s*['"](\.[^'"]+)['"]/g,
    /import\(\s*['"](\.[^'"]+)['"]\s*\)/g,
    /require\(\s*['"](\.[^'"]+)['"]\s*\)/g,
    /new URL\(\s*['"](\.?[^'"]+\.wasm)['"]/g,
    /`\$\{__dirname\}\/([^`]+)`/g,
    /join\(__dirname,\s*['"]([^'"]+)['"]\)/g,
  ];
  for (const pattern of patterns) {
    for (const match of text.matchAll(pattern)) {
      const target = normalize(join(dirname(file), match[1]));
      referencedFiles(target, seen);
    }
  }
  return seen;
}

test('npm pack lists every file the entry points load, and nothing large besides', (t) => {
  const manifest = JSON.parse(readFileSync(join(pkgDir, 'package.json'), 'utf8'));
  const out = execFileSync('npm', ['pack', '--dry-run', '--json'], { cwd: pkgDir, encoding: 'utf8' });
  const [pack] = JSON.parse(out);
  const packed = new Set(pack.files.map((f) => f.path));
  const entries = new Set();
  const walk = (node) => {
    if (typeof node === 'string') entries.add(normalize(node));
    else if (node && typeof node === 'object') Object.values(node).forEach(walk);
  };
  walk(manifest.exports);
  walk(manifest.bin);
  for (const field of ['main', 'module', 'types']) entries.add(normalize(manifest[field]));
  const needed = new Set();
  for (const entry of entries) {
    for (const file of referencedFiles(entry)) needed.add(file);
  }
  assert.ok(referencedFiles('node/values_migrate.js').has(normalize('node/values_migrate_bg.wasm')), 'the CommonJS glue loads the Node wasm');
  assert.ok(needed.has(normalize('web/values_migrate_bg.wasm')), 'the browser glue loads its wasm');
  for (const file of needed) assert.ok(packed.has(file), `npm pack is missing ${file}`);
  for (const file of ['README.md', 'LICENSE', 'package.json']) assert.ok(packed.has(file), `npm pack is missing ${file}`);
  assert.ok(needed.has(normalize('bin/values-migrate.mjs')), 'the bin is packed');
  // Nothing over 8 KiB is packed unless an entry point loads it (or it is documentation or types).
  const docs = /^(README\.md|LICENSE|package\.json|results\.schema\.json)$|\.d\.m?ts$/;
  for (const file of pack.files) {
    if (file.size > 8192 && !docs.test(file.path)) assert.ok(needed.has(normalize(file.path)), `${file.path} (${file.size} B) is packed but never loaded`);
  }
  t.diagnostic(`tarball ${pack.size} B, unpacked ${pack.unpackedSize} B, ${pack.files.length} files`);
  mkdirSync(join(root, 'target'), { recursive: true });
  writeFileSync(join(root, 'target/pack.json'), `${JSON.stringify({ size: pack.size, unpackedSize: pack.unpackedSize, files: pack.files }, null, 2)}\n`);
});

test('the package ships the results\' JSON Schema as generated, by name', () => {
  const shipped = readFileSync(require.resolve('values-migrate/results.schema.json'), 'utf8');
  assert.equal(shipped, readFileSync(join(root, 'types/results.schema.json'), 'utf8'));
  assert.ok(JSON.parse(shipped).$defs.MigrateResult);
});

test('the public types have no `any`', () => {
  for (const file of ['web/values_migrate.d.ts', 'node/values_migrate.d.ts', 'node/index.d.mts', 'web/auto.d.ts']) {
    const text = readFileSync(join(pkgDir, file), 'utf8');
    const anys = text.split('\n').filter((line) => /\bany\b/.test(line.replace(/\/\*\*.*?\*\/|\/\/.*$/g, '')));
    assert.deepEqual(anys, [], `${file} uses any`);
  }
});

test('every package the packed scripts import by name is a declared dependency, installed, not bundled', () => {
  const manifest = JSON.parse(readFileSync(join(pkgDir, 'package.json'), 'utf8'));
  const dev = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).devDependencies;
  const imported = new Set();
  for (const file of manifest.files.filter((f) => f.endsWith('.mjs'))) {
    const text = readFileSync(join(pkgDir, file), 'utf8');
    for (const [, name] of text.matchAll(/^(?:import|export)\s[^;]*?from\s*['"]((?:@[^/'"]+\/)?[^./'"][^/'"]*)[^'"]*['"]/gm)) {
      if (!name.startsWith('node:')) imported.add(name);
    }
  }
  assert.deepEqual([...imported].sort(), ['@modelcontextprotocol/sdk', 'zod']);
  for (const name of imported) {
    assert.ok(manifest.dependencies?.[name], `${name} is a dependency of the package`);
    // The tests run the package against the same version the range was written for.
    assert.ok(manifest.dependencies[name].startsWith(`^${dev[name].split('.')[0]}.`), `${name}: ${manifest.dependencies[name]} vs ${dev[name]}`);
  }
  assert.ok(!manifest.files.some((f) => f.includes('node_modules')), 'nothing is bundled');
});
