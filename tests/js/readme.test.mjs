// npm/README.md as a new user meets it: the package installed from its `npm pack` tarball into an
// empty project, then every ```js block run as an ES module and every ```sh block run by bash there.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const pkgDir = join(root, 'pkg');
const readme = readFileSync(join(pkgDir, 'README.md'), 'utf8');
let project;

/** The fenced code blocks of `markdown`: language and text; ```sh no-run blocks are shown, not run. */
function blocks(markdown) {
  return [...markdown.matchAll(/^```(\w+)([^\n]*)\n([\s\S]*?)^```$/gm)]
    .filter(([, , info]) => !/\bno-run\b/.test(info))
    .map(([, lang, , code]) => ({ lang, code }));
}

before(() => {
  project = mkdtempSync(join(tmpdir(), 'vm-readme-'));
  const tarball = JSON.parse(execFileSync('npm', ['pack', '--json', '--pack-destination', project], {
    cwd: pkgDir, encoding: 'utf8',
  }))[0].filename;
  writeFileSync(join(project, 'package.json'), '{ "name": "readme-check", "private": true, "type": "module" }\n');
  // The package's dependencies (the MCP SDK) come from npm's cache when it has them, else the
  // registry: a clean machine's cache holds tarballs from `npm ci` but no package metadata.
  execFileSync('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', join(project, tarball)], {
    cwd: project, stdio: 'pipe',
  });
});

after(() => rmSync(project, { recursive: true, force: true }));

test('the README has runnable examples for every function, the session and the CLI', () => {
  const code = blocks(readme).map((b) => b.code).join('\n');
  for (const name of ['migrate(', 'diagnose(', 'validate(', 'patch(', 'decode(', 'render(', 'render: { base, target }', 'new Session(', 'npx values-migrate']) {
    assert.ok(code.includes(name), `an example uses ${name}`);
  }
});

const runnable = blocks(readme).filter((b) => ['js', 'sh'].includes(b.lang));
runnable.forEach(({ lang, code }, i) => {
  test(`README block ${i + 1} (${lang}) runs: ${code.split('\n')[0]}`, () => {
    if (lang === 'js') {
      const file = join(project, `block-${i + 1}.mjs`);
      writeFileSync(file, code);
      execFileSync(process.execPath, [file], { cwd: project, stdio: 'pipe' });
    } else {
      execFileSync('bash', ['-euo', 'pipefail', '-c', code], { cwd: project, stdio: 'pipe' });
    }
  });
});
