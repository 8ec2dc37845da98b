// `migrate --propose-with CMD` in the Node CLI: runs the proposal writer. The loop itself (the
// brief of each attempt, the refusals fed back, when to stop) is the library's `proposeStep`;
// the accepted proposal is judged, printed and written by the ordinary `migrate` path.
import { spawn } from 'node:child_process';
import { closeSync, openSync, readSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Exit status for an input that could not be read (and a writer that gave no proposal). */
const EXIT_INVALID = 3;

/** The `--propose-with` options of `migrate`, merged into its spec by the CLI. */
export const PROPOSE_OPTIONS = {
  'propose-with': {},
  attempts: {},
  'propose-timeout': {},
  'brief-format': { choices: ['text', 'json'] },
};

/** A whole number from `min` to `max`, or a usage error worded as clap words it. */
function count(options, name, fallback, min, max, UsageError) {
  const text = options[name];
  if (text === undefined) return fallback;
  const n = Number(text);
  if (!/^\d+$/.test(text) || n < min || n > max) {
    throw new UsageError(`invalid value '${text}' for '--${name} <${name.toUpperCase().replace('-', '_')}>': ${text} is not in ${min}..=${max}`);
  }
  return n;
}

/** Checks the options the loop reads; a usage error when they do not go together. */
export function proposeArgs(options, UsageError) {
  const command = options['propose-with'];
  if (command === undefined) {
    for (const name of ['attempts', 'propose-timeout', 'brief-format']) {
      if (name in options) throw new UsageError(`the following required arguments were not provided: --propose-with <CMD>`);
    }
    return null;
  }
  if ('proposal' in options) throw new UsageError(`the argument '--proposal <PROPOSAL>' cannot be used with '--propose-with <CMD>'`);
  return {
    command,
    attempts: count(options, 'attempts', 1, 1, 100, UsageError),
    timeout: count(options, 'propose-timeout', 300, 1, Number.MAX_SAFE_INTEGER, UsageError),
    briefFormat: options['brief-format'] ?? 'text',
  };
}

/**
 * Runs the loop. `args` are `migrate`'s read inputs (as the CLI gives `cliOutput`); `finish`
 * judges, prints and writes the accepted proposal as `migrate --proposal` does, `show` prints a
 * diagnosis that needs no proposal. Resolves to the exit status.
 */
export async function proposeWith(loop, args, { proposeStep, proposalText, finish, show, err }) {
  const input = {
    files: args.values,
    baseSchema: args.base.text,
    targetSchema: args.target.text,
    prefix: args.prefix,
    answers: args.answers,
    defaults: args.defaults?.text ?? null,
    typing: args.typing,
    attempts: loop.attempts,
    briefFormat: loop.briefFormat,
  };
  const proposals = [];
  for (;;) {
    let step;
    try {
      step = proposeStep({ ...input, proposals });
    } catch (e) {
      // An input the library refuses to read (an `--answer` without `=`), worded as the native CLI words it.
      err.write(`${e.message}\n`);
      return EXIT_INVALID;
    }
    if (!step.ask) {
      if (step.proposal === null) return show();
      return finish({ path: `proposal (attempt ${step.proposal + 1})`, text: proposals[step.proposal] });
    }
    if (step.after !== null) err.write(`attempt ${step.attempt - 1} of ${loop.attempts} ${step.after}; asking again\n`);
    try {
      proposals.push(proposalText(await writeProposal(loop.command, step.input, loop.timeout)));
    } catch (e) {
      err.write(`--propose-with \`${loop.command}\` (attempt ${step.attempt}): ${e.message}\n`);
      return EXIT_INVALID;
    }
  }
}

/** Runs `command` once with `input` on its stdin; resolves to its stdout, or rejects with why not. */
async function writeProposal(command, input, seconds) {
  // The brief is a file, not a pipe: the writer's read offset, shared with ours, tells whether it
  // read its stdin (a pipe's buffer would swallow a brief the writer never reads).
  const path = join(tmpdir(), `values-migrate-brief-${process.pid}-${Date.now()}-${Math.random().toString(36).slice(2)}.txt`);
  writeFileSync(path, input);
  const fd = openSync(path, 'r');
  rmSync(path, { force: true });
  try {
    const { code, signal, stdout, stderr } = await run(command, fd, seconds);
    const err = stderr.trim() === '' ? '' : `; its stderr:\n${stderr.split('\n').filter((l, i, all) => i < all.length - 1 || l !== '').slice(-20).join('\n')}`;
    if (code !== 0) throw new Error(`the writer failed (${signal ? 'killed by a signal' : `exit status ${code}`})${err}`);
    if (stdout.trim() === '') throw new Error(`the writer printed nothing on stdout${err}`);
    const total = Buffer.byteLength(input);
    const unread = readSync(fd, Buffer.alloc(total + 1), 0, total + 1, null);
    if (unread > 0) throw new Error(`the writer did not read its stdin (it read ${total - unread} of ${total} bytes of the brief): it never saw the brief`);
    return stdout;
  } finally {
    closeSync(fd);
  }
}

/** Runs `command` through `sh -c` in a process group of its own, killed with it past `seconds`. */
function run(command, stdin, seconds) {
  return new Promise((resolve, reject) => {
    const child = spawn('sh', ['-c', command], { stdio: [stdin, 'pipe', 'pipe'], detached: true });
    const out = [];
    const errs = [];
    child.stdout.on('data', (b) => out.push(b));
    child.stderr.on('data', (b) => errs.push(b));
    const timer = setTimeout(() => {
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {}
      reject(new Error(`no proposal within ${seconds} s: the writer was killed, with its process group`));
    }, seconds * 1000);
    child.on('error', (e) => {
      clearTimeout(timer);
      reject(new Error(`cannot run it: ${e.message}`));
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      const utf8 = new TextDecoder('utf-8', { fatal: true });
      try {
        resolve({ code, signal, stdout: utf8.decode(Buffer.concat(out)), stderr: Buffer.concat(errs).toString('utf8') });
      } catch {
        reject(new Error("the writer's stdout is not UTF-8"));
      }
    });
  });
}
