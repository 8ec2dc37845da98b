#!/usr/bin/env node
// The Node CLI: the native `values-migrate` command layer (src/cli), run on the WebAssembly build.
// Arguments are parsed, files chosen, output rendered and writes planned in Rust; this script only
// lends it the machine (read, list, write, rename, run a shell) and prints what it returns.
import {
  readFileSync, readdirSync, statSync, realpathSync, writeFileSync, chmodSync, renameSync, rmSync,
  openSync, readSync, closeSync,
} from 'node:fs';
import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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
  propose,
  tempDir: () => tmpdir(),
  pid: () => process.pid,
};

/**
 * Runs the proposal writer `command` (`sh -c`, a process group of its own) with `input` on its
 * stdin as a file (its read offset, shared with ours, tells what it left unread); past `seconds`
 * it is killed, with its group.
 */
function propose(command, input, seconds) {
  const path = join(tmpdir(), `values-migrate-brief-${process.pid}-${Date.now()}-${Math.random().toString(36).slice(2)}.txt`);
  writeFileSync(path, input);
  const fd = openSync(path, 'r');
  rmSync(path, { force: true });
  try {
    const out = spawnSync('sh', ['-c', command], {
      stdio: [fd, 'pipe', 'pipe'], detached: true, timeout: seconds * 1000, killSignal: 'SIGKILL', maxBuffer: 256 << 20,
    });
    const timedOut = out.error?.code === 'ETIMEDOUT';
    if (timedOut) {
      try {
        process.kill(-out.pid, 'SIGKILL');
      } catch {}
    } else if (out.error) throw new Error(`cannot run it: ${ioMessage(out.error)}`);
    const total = Buffer.byteLength(input);
    const unread = readSync(fd, Buffer.alloc(total + 1), 0, total + 1, null);
    return { status: out.status, stdout: out.stdout, stderr: out.stderr.toString('utf8'), timedOut, unread };
  } finally {
    closeSync(fd);
  }
}

// A reader that stops early (`| head`) closes the pipe: stop quietly, as the native CLI does.
process.stdout.on('error', (e) => {
  if (e.code !== 'EPIPE') throw e;
  process.exit(process.exitCode ?? 0);
});

/** `mcp [--root DIR]`'s root (`null`: no root given), or `undefined` for anything else (help, a usage error: the layer answers). */
function mcpRoot(args) {
  if (args[0] !== 'mcp') return undefined;
  if (args.length === 1) return null;
  if (args.length === 2 && args[1].startsWith('--root=')) return args[1].slice('--root='.length);
  return args.length === 3 && args[1] === '--root' && !args[2].startsWith('-') ? args[2] : undefined;
}

const args = process.argv.slice(2);
const root = mcpRoot(args);
if (root !== undefined) {
  // The MCP server runs on the public JS API and the SDK, in Node only (docs/agents.md); loaded only here.
  try {
    await (await import('./mcp.mjs')).serve(root ?? undefined);
  } catch (e) {
    process.stderr.write(`values-migrate mcp: ${e.message}\n`);
    process.exitCode = 3;
  }
} else {
  const result = runCli(['values-migrate', ...args], host);
  process.stdout.write(result.stdout);
  process.stderr.write(result.stderr);
  process.exitCode = result.exitCode;
}
