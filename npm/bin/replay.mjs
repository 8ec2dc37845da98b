// `values-migrate replay` for the Node CLI: the file-system half (the chain directory, the fleet's
// repositories and glob, reading) in JS; the replay itself and all its output rendered by the
// library (`cliOutput`'s `replay` command), as the native CLI renders them (src/cli/replay.rs).
import { readdirSync, statSync } from 'node:fs';

const FORMATS = ['json', 'diff', 'text'];

/** The `replay` command's options and flags, for the CLI's parser and help. */
export const REPLAY = {
  about: 'Replays a recorded migration (or a chain of them) on other values files, or over repositories.',
  note: 'In Node, repositories run one after another (--jobs is accepted and ignored), and --layered,\n'
    + '--layer-policy and --render-with are refused (exit 64): the native CLI has them.',
  options: {
    migration: {},
    values: { repeat: true },
    base: {},
    target: {},
    prefix: {},
    defaults: {},
    typing: { choices: ['helm', 'yaml-1.2'] },
    format: { choices: FORMATS },
    chain: {},
    from: { hyphen: true },
    to: { hyphen: true },
    repos: { repeat: true },
    files: {},
    jobs: {},
    'layer-policy': { choices: ['refuse', 'last'] },
    'render-with': { hyphen: true },
  },
  flags: ['write', 'allow-schema-drift', 'layered'],
};

/** `--repos A B C` (clap's `num_args = 1..`) as `--repos A --repos B --repos C`. */
export function expandRepos(args) {
  const out = [];
  for (let i = 0; i < args.length; i++) {
    out.push(args[i]);
    if (args[i] !== '--repos') continue;
    out.push(args[++i]);
    while (i + 1 < args.length && !args[i + 1].startsWith('-')) out.push('--repos', args[++i]);
  }
  return out.filter((a) => a !== undefined);
}

/** The `cliOutput` input of a parsed `replay` command line; reads the files it names. */
export function replayRequest({ options, flags }, { read, UsageError, InputError, ioMessage }) {
  checkUsage(options, flags, UsageError);
  const optional = (path) => (path === undefined ? null : read(path));
  const input = {
    command: 'replay',
    prefix: options.prefix ?? null,
    typing: options.typing ?? 'helm',
    allowSchemaDrift: flags.has('allow-schema-drift'),
    format: options.format ?? 'json',
    write: flags.has('write'),
  };
  if (options.chain !== undefined) {
    input.chain = { ...readChain(options.chain, read, InputError, ioMessage), from: options.from, to: options.to };
  } else {
    Object.assign(input, {
      migration: read(options.migration),
      base: read(options.base),
      target: read(options.target),
      defaults: optional(options.defaults),
    });
  }
  if (options.repos !== undefined) {
    input.repos = options.repos.map((repo) => readRepo(repo, options.files, read, ioMessage));
  } else {
    input.values = options.values.map(read);
  }
  return input;
}

/** Clap's rules for `replay` (src/cli/replay.rs), and what the Node CLI refuses. */
function checkUsage(options, flags, UsageError) {
  for (const name of ['layered', 'render-with', 'layer-policy']) {
    if (flags.has(name) || name in options) {
      throw new UsageError(`--${name} is not available in the Node CLI; use the native values-migrate`);
    }
  }
  const has = (name) => name in options;
  const required = (name, unless) => {
    if (!has(name) && !has(unless)) throw new UsageError(`the following required argument was not provided: --${name}`);
  };
  required('migration', 'chain');
  required('values', 'repos');
  required('base', 'chain');
  required('target', 'chain');
  const conflict = (a, b) => {
    if (has(a) && has(b)) throw new UsageError(`the argument '--${a}' cannot be used with '--${b}'`);
  };
  conflict('migration', 'chain');
  conflict('repos', 'values');
  if (has('chain') && !(has('from') && has('to'))) {
    throw new UsageError(`the following required argument was not provided: --${has('from') ? 'to' : 'from'}`);
  }
  if (has('repos') && !has('files')) throw new UsageError('the following required argument was not provided: --files');
  if (has('jobs') && !/^\d+$/.test(options.jobs)) {
    throw new UsageError(`invalid value '${options.jobs}' for '--jobs <JOBS>': invalid digit found in string`);
  }
}

/** `dir/name`, as Rust's `Path::join` displays it. */
function joined(dir, name) {
  return dir.endsWith('/') ? `${dir}${name}` : `${dir}/${name}`;
}

function isFile(path) {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

/** A chain directory: `<version>/values.schema.json` (and `values.yaml`), and `*.json` recordings. */
function readChain(dir, read, InputError, ioMessage) {
  let names;
  try {
    names = readdirSync(dir);
  } catch (e) {
    throw new InputError(`${dir}: cannot read: ${ioMessage(e)}`);
  }
  const versions = [];
  const migrations = [];
  for (const name of names.sort()) {
    const path = joined(dir, name);
    const schema = joined(path, 'values.schema.json');
    if (isFile(schema)) {
      const defaults = joined(path, 'values.yaml');
      versions.push({ version: name, schema: read(schema), defaults: isFile(defaults) ? read(defaults) : null });
    } else if (/.\.json$/.test(name)) {
      migrations.push(read(path));
    }
  }
  return { versions, migrations };
}

/** One repository of a fleet: its files matching `glob`, read, or why it cannot run. */
function readRepo(repo, glob, read, ioMessage) {
  let paths;
  try {
    paths = matching(repo, glob, ioMessage);
  } catch (e) {
    return { repo, error: e.message };
  }
  if (paths.length === 0) return { repo, error: `${repo}: no file matches \`${glob}\`` };
  const files = paths.map((path) => {
    try {
      return { path, file: read(joined(repo, path)) };
    } catch (e) {
      return { path, error: e.message };
    }
  });
  return { repo, files };
}

/** The files under `root` (relative, `/`-separated, sorted) that `glob` matches (as fleet.rs). */
function matching(root, glob, ioMessage) {
  const pattern = glob.split('/').filter((s) => s !== '');
  const found = [];
  const stack = [[root, '']];
  while (stack.length > 0) {
    const [dir, relative] = stack.pop();
    let entries;
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch (e) {
      throw new Error(`${dir}: cannot read: ${ioMessage(e)}`);
    }
    for (const entry of entries) {
      const path = relative === '' ? entry.name : `${relative}/${entry.name}`;
      if (entry.isDirectory() && entry.name !== '.git' && entry.name !== 'node_modules') {
        stack.push([joined(dir, entry.name), path]);
      } else if (entry.isFile() && matchesParts(pattern, path.split('/'))) {
        found.push(path);
      }
    }
  }
  return found.sort();
}

function matchesParts(pattern, parts) {
  if (pattern.length === 0) return parts.length === 0;
  const [first, ...rest] = pattern;
  if (first === '**') return parts.some((_, skip) => matchesParts(rest, parts.slice(skip))) || matchesParts(rest, []);
  return parts.length > 0 && matchesSegment(first, parts[0]) && matchesParts(rest, parts.slice(1));
}

function matchesSegment(pattern, text) {
  if (pattern === '') return text === '';
  const [c, rest] = [pattern[0], pattern.slice(1)];
  if (c === '*') return [...Array(text.length + 1).keys()].some((skip) => matchesSegment(rest, text.slice(skip)));
  if (c === '?') return text !== '' && matchesSegment(rest, text.slice(1));
  return text[0] === c && matchesSegment(rest, text.slice(1));
}
