#!/usr/bin/env node
// The Node CLI: the native `values-migrate` command layer (src/cli), run on the WebAssembly build.
// Arguments are parsed, files chosen, output rendered and writes planned in Rust; this script only
// lends it the machine (read, list, write, rename, run a shell) and prints what it returns.
import {
  readFileSync, readdirSync, statSync, realpathSync, writeFileSync, chmodSync, renameSync, rmSync,
} from 'node:fs';
import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const { runCli } = require('../node/values_migrate.js');

/** An I/O error worded as Rust's `std::io::Error` words it. */
function ioMessage(e) {
  const words = {
    ENOENT: 'No such file or directory',
    EACCES: 'Permission denied',
    EISDIR: 'Is a directory',
    ENOTDIR: 'Not a directory',
    EEXIST: 'File exists',
    EPERM: 'Operation not permitted',
    EROFS: 'Read-only file system',
    ENOSPC: 'No space left on device',
    EXDEV: 'Invalid cross-device link',
  };
  return words[e.code] ? `${words[e.code]} (os error ${-e.errno})` : e.message;
}

/** Runs `fn`, rethrowing its error with the message worded as Rust words it. */
function io(fn) {
  try {
    return fn();
  } catch (e) {
    throw new Error(ioMessage(e));
  }
}

/** `f` a file, `d` a directory, `o` anything else. */
function code(stats) {
  if (stats.isFile()) return 'f';
  return stats.isDirectory() ? 'd' : 'o';
}

/** The machine the command layer asks of (src/wasm_cli.rs `JsHost`). */
const host = {
  read: (path) => io(() => readFileSync(path)),
  list: (dir) => io(() => readdirSync(dir, { withFileTypes: true }).map((e) => `${code(e)}:${e.name}`)),
  kind: (path) => {
    try {
      return code(statSync(path));
    } catch {
      return undefined;
    }
  },
  resolve: (path) => io(() => realpathSync(path)),
  mode: (path) => {
    try {
      return statSync(path).mode & 0o7777;
    } catch {
      return undefined;
    }
  },
  create: (path, text, mode) => io(() => {
    writeFileSync(path, text, { flag: 'wx' });
    if (mode !== undefined) chmodSync(path, mode);
  }),
  rename: (from, to) => io(() => renameSync(from, to)),
  remove: (path) => rmSync(path, { force: true }),
  shell: (line) => {
    const out = spawnSync('sh', ['-c', line], { encoding: 'utf8', maxBuffer: 256 << 20 });
    if (out.error) throw new Error(ioMessage(out.error));
    return [out.status === null ? '' : String(out.status), out.stdout + out.stderr];
  },
  tempDir: () => tmpdir(),
  pid: () => process.pid,
};

const result = runCli(['values-migrate', ...process.argv.slice(2)], host);
process.stdout.write(result.stdout);
process.stderr.write(result.stderr);
process.exitCode = result.exitCode;
