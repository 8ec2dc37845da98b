// The machine the command layer (src/cli, run in wasm: src/wasm_cli.rs `JsHost`) asks of: the
// Node CLI lends it whole (`nodeHost`), the MCP server a copy confined to its root (`rootedHost`).
import {
  readFileSync, readdirSync, statSync, realpathSync, writeFileSync, chmodSync, renameSync, rmSync,
  openSync, readSync, closeSync,
} from 'node:fs';
import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';

/** An I/O error worded as Rust's `std::io::Error` words it. */
export function ioMessage(e) {
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

/** The whole machine, paths as given (the Node CLI). */
export function nodeHost() {
  return {
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
}

/** A path the confined host refuses: outside its root, or a link that leads out of it. */
export class Outside extends Error {}

/**
 * Resolves `given` inside `root` (a real path): `..` out of it, an absolute path outside it and a
 * symlink that leads out of it throw `Outside`; `real` is `null` when nothing is there.
 */
export function within(root, given) {
  const under = (path) => {
    const rel = relative(root, path);
    return rel === '' || (!rel.startsWith(`..${sep}`) && rel !== '..' && !isAbsolute(rel));
  };
  const absolute = resolve(root, given);
  if (!under(absolute)) throw new Outside(`outside the server's root (${root}): refused`);
  let real;
  try {
    real = realpathSync(absolute);
  } catch {
    // Nothing there (yet): its directory must be inside, as a file to be created is.
    const parent = (() => {
      try {
        return realpathSync(dirname(absolute));
      } catch {
        return null;
      }
    })();
    if (parent !== null && !under(parent)) throw new Outside("a symlink that leads outside the server's root: refused");
    return { absolute, real: null };
  }
  if (!under(real)) throw new Outside("a symlink that leads outside the server's root: refused");
  return { absolute, real };
}

/**
 * The machine seen from `root` only: relative paths resolve against it, nothing outside it is
 * read, listed, written or renamed, no command runs; `virtual` maps names to texts that are read
 * as files without touching the disk (the MCP tools' proposal, given as text).
 */
export function rootedHost(root, virtual = {}) {
  const node = nodeHost();
  const at = (path) => {
    try {
      return within(root, path);
    } catch (e) {
      throw new Error(e.message);
    }
  };
  const existing = (path) => {
    const { real } = at(path);
    if (real === null) throw new Error(ioMessage({ code: 'ENOENT', errno: -2 }));
    return real;
  };
  const refused = () => {
    throw new Error('not run by the MCP server');
  };
  return {
    read: (path) => (Object.hasOwn(virtual, path) ? Buffer.from(virtual[path], 'utf8') : node.read(existing(path))),
    list: (dir) => node.list(existing(dir)),
    kind: (path) => {
      if (Object.hasOwn(virtual, path)) return 'f';
      try {
        const { real } = within(root, path);
        return real === null ? undefined : node.kind(real);
      } catch {
        // Outside: called a file, so that reading it refuses with the reason.
        return 'f';
      }
    },
    resolve: (path) => existing(path),
    mode: (path) => {
      try {
        const { real } = within(root, path);
        return real === null ? undefined : node.mode(real);
      } catch {
        return undefined;
      }
    },
    create: (path, text, mode) => node.create(at(path).absolute, text, mode),
    rename: (from, to) => node.rename(at(from).absolute, at(to).absolute),
    remove: (path) => {
      try {
        node.remove(within(root, path).absolute);
      } catch {}
    },
    shell: refused,
    propose: refused,
    tempDir: () => root,
    pid: () => process.pid,
  };
}
