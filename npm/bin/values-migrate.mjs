#!/usr/bin/env node
// The Node CLI: the native `values-migrate` command line, run on the WebAssembly build.
// Arguments, exit statuses and output match the native CLI (src/cli/mod.rs); the output itself
// is rendered by the library (`cliOutput`), through the same serializer the native CLI uses.
import { readFileSync, readdirSync, writeFileSync, renameSync, statSync, chmodSync, rmSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { createRequire } from 'node:module';
import { REPLAY, expandRepos, replayRequest } from './replay.mjs';
import { PROPOSE_OPTIONS, proposeArgs, proposeWith } from './propose.mjs';

const require = createRequire(import.meta.url);
const { cliOutput, readChart, readChartFiles, proposeStep, proposalText } = require('../node/values_migrate.js');
const { version } = require('../package.json');

/** Exit status for an input that could not be read. */
const EXIT_INVALID = 3;
/** Exit status for a usage error. */
const EXIT_USAGE = 64;

const TYPING = ['helm', 'yaml-1.2'];
const MIGRATE_OPTIONS = {
  values: { repeat: true, required: true },
  base: { required: true },
  target: { required: true },
  prefix: {},
  answer: { repeat: true },
  defaults: {},
  typing: { choices: TYPING },
};

/** Each subcommand: its options (`--name VALUE`), flags and positional arguments. */
const COMMANDS = {
  decode: {
    about: "Prints a YAML file's documents as a JSON array, one element per document.",
    options: { typing: { choices: TYPING } },
    positional: ['file'],
  },
  validate: {
    about: "Validates values (coalesced with the chart's defaults) against a schema, as Helm does.",
    options: {
      values: { required: true, repeat: true },
      prefix: {},
      schema: {},
      chart: {},
      defaults: {},
      typing: { choices: TYPING },
    },
  },
  diagnose: {
    about: 'Diagnoses old values against both schemas: displaced values, required keys, escalations.',
    options: { ...MIGRATE_OPTIONS, format: { choices: ['json', 'diff', 'text'] } },
  },
  migrate: {
    about: 'Judges a proposal, derives the plan, splices it into the original text and verifies it.',
    options: { ...MIGRATE_OPTIONS, proposal: {}, format: { choices: ['json', 'diff', 'text'] }, ...PROPOSE_OPTIONS },
    flags: ['write'],
  },
  patch: {
    about: 'Replaces one scalar of a manifest in place (ADR-0020) and verifies that nothing else changed.',
    options: {
      file: { required: true },
      'api-version': { required: true },
      kind: { required: true },
      namespace: {},
      name: { required: true },
      container: {},
      field: { required: true },
      from: { required: true, hyphen: true },
      to: { required: true, hyphen: true },
      format: { choices: ['json', 'diff'] },
    },
    flags: ['write'],
  },
};

class UsageError extends Error {}

COMMANDS.replay = REPLAY;
COMMANDS.mcp = {
  about: 'Serves the tools (diagnose, migrate, validate, patch_manifest, replay) to an AI assistant over MCP (stdio).',
  note: 'Paths resolve inside the root only (`..`, absolute paths and symlinks out of it are refused). See docs/agents.md.',
  options: { root: {} },
};

/** The help text of the whole CLI or of one command. */
function help(command) {
  if (!command) {
    const lines = Object.entries(COMMANDS).map(([name, c]) => `  ${name.padEnd(10)}${c.about}`);
    return `Repairs a Helm chart's values after a chart bump, and proves the repair.\n\n`
      + `Usage: values-migrate <COMMAND>\n\nCommands:\n${lines.join('\n')}\n\n`
      + `Options:\n  -h, --help     Print help\n  -V, --version  Print version\n`;
  }
  const spec = COMMANDS[command];
  const options = Object.entries(spec.options).map(([name, o]) => {
    const value = o.choices ? `<${o.choices.join('|')}>` : `<${name.toUpperCase().replace('-', '_')}>`;
    return `      --${name} ${value}${o.required ? ' (required)' : ''}${o.repeat ? ' (repeatable)' : ''}`;
  });
  for (const flag of spec.flags ?? []) options.push(`      --${flag}`);
  const positional = (spec.positional ?? []).map((p) => ` <${p.toUpperCase()}>`).join('');
  return `${spec.about}${spec.note ? `\n\n${spec.note}` : ''}\n\nUsage: values-migrate ${command} [OPTIONS]${positional}\n\nOptions:\n`
    + `${options.join('\n')}\n  -h, --help  Print help\n`;
}

/** Parses `args` (after the command name) against the command's spec, as clap does. */
function parse(command, args) {
  const spec = COMMANDS[command];
  const options = {};
  const flags = new Set();
  const positional = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (arg === '--help' || arg === '-h') return { help: true };
    if (!arg.startsWith('--') || arg === '--') {
      if (arg === '--') {
        positional.push(...args.slice(i + 1));
        break;
      }
      if (arg.startsWith('-') && arg !== '-') throw new UsageError(`unexpected argument '${arg}' found`);
      positional.push(arg);
      continue;
    }
    const eq = arg.indexOf('=');
    const name = eq < 0 ? arg.slice(2) : arg.slice(2, eq);
    if ((spec.flags ?? []).includes(name)) {
      if (eq >= 0) throw new UsageError(`unexpected value for '--${name}'`);
      if (flags.has(name)) throw new UsageError(`the argument '--${name}' cannot be used multiple times`);
      flags.add(name);
      continue;
    }
    const option = spec.options[name];
    if (!option) throw new UsageError(`unexpected argument '--${name}' found`);
    let value;
    if (eq >= 0) value = arg.slice(eq + 1);
    else {
      value = args[++i];
      if (value === undefined || (value.startsWith('-') && value !== '-' && !option.hyphen)) {
        throw new UsageError(`a value is required for '--${name}' but none was supplied`);
      }
    }
    if (option.choices && !option.choices.includes(value)) {
      throw new UsageError(`invalid value '${value}' for '--${name}' [possible values: ${option.choices.join(', ')}]`);
    }
    if (option.repeat) (options[name] ??= []).push(value);
    else if (name in options) throw new UsageError(`the argument '--${name}' cannot be used multiple times`);
    else options[name] = value;
  }
  for (const [name, option] of Object.entries(spec.options)) {
    if (option.required && !(name in options)) throw new UsageError(`the following required argument was not provided: --${name}`);
  }
  const wanted = spec.positional ?? [];
  if (positional.length > wanted.length) throw new UsageError(`unexpected argument '${positional[wanted.length]}' found`);
  if (positional.length < wanted.length) {
    throw new UsageError(`the following required argument was not provided: <${wanted[positional.length].toUpperCase()}>`);
  }
  return { options, flags, positional };
}

/** An error that stops the command with `EXIT_INVALID`, its message printed as is. */
class InputError extends Error {}

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** Reads `path` as UTF-8 text, named as given (like the native CLI's `read`). */
function read(path) {
  let bytes;
  try {
    bytes = readFileSync(path);
  } catch (e) {
    throw new InputError(`${path}: cannot read: ${ioMessage(e)}`);
  }
  try {
    return { path, text: utf8.decode(bytes) };
  } catch {
    throw new InputError(`${path}: cannot read: stream did not contain valid UTF-8`);
  }
}

/** An I/O error worded as Rust words it. */
function ioMessage(e) {
  const words = { ENOENT: 'No such file or directory', EACCES: 'Permission denied', EISDIR: 'Is a directory' };
  return words[e.code] ? `${words[e.code]} (os error ${-e.errno})` : e.message;
}

/** Replaces `path` with `text` so that a reader sees the old file or the new one, never a part. */
function writeAtomically(path, text) {
  const temp = join(dirname(path) || '.', `.${basename(path)}.values-migrate.${process.pid}.tmp`);
  try {
    writeFileSync(temp, text);
    try {
      chmodSync(temp, statSync(path).mode & 0o7777);
    } catch (e) {
      if (e.code !== 'ENOENT') throw e;
    }
    renameSync(temp, path);
  } catch (e) {
    rmSync(temp, { force: true });
    throw new InputError(`${path}: cannot write: ${ioMessage(e)}`);
  }
}

/** The files of a chart directory a chart's values need: Chart.yaml, requirements.yaml,
 * values.yaml, values.schema.json and everything under charts/ (the library applies the limits). */
function chartFiles(dir, prefix = '', out = []) {
  const top = ['Chart.yaml', 'requirements.yaml', 'values.yaml', 'values.schema.json'];
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    const relative = prefix + name;
    const stat = statSync(path);
    if (stat.isDirectory() && (prefix !== '' || name === 'charts')) chartFiles(path, `${relative}/`, out);
    else if (stat.isFile() && (prefix !== '' || top.includes(name))) out.push([relative, readFileSync(path)]);
  }
  return out;
}

/** A `--base`/`--target`/`--chart`/`--schema` path, told apart by what it is: a chart directory, a
 * chart archive (gzip bytes) or a schema file; the schema and the chart's defaults. */
function readSide(path) {
  let bytes;
  try {
    if (statSync(path).isDirectory()) {
      const files = chartFiles(path);
      return chartSide(() => readChartFiles(path, files.map((f) => f[0]), files.map((f) => f[1])));
    }
    bytes = readFileSync(path);
  } catch (e) {
    if (e instanceof InputError) throw e;
    throw new InputError(`${path}: cannot read: ${ioMessage(e)}`);
  }
  if (bytes[0] === 0x1f && bytes[1] === 0x8b && bytes[2] === 0x08) return chartSide(() => readChart(path, bytes));
  return { schema: read(path), defaults: null };
}

function chartSide(readIt) {
  let chart;
  try {
    chart = readIt();
  } catch (e) {
    throw new InputError(e.message);
  }
  const defaults = chart.defaults === null ? null : { path: chart.defaultsName, text: chart.defaults };
  return { schema: { path: chart.schemaName, text: chart.schema }, defaults };
}

function migrateArgs(options) {
  const values = options.values.map(read);
  const [base, target] = [readSide(options.base), readSide(options.target)];
  return {
    values,
    base: base.schema,
    target: target.schema,
    prefix: options.prefix ?? null,
    answers: options.answer ?? [],
    defaults: options.defaults === undefined ? target.defaults : read(options.defaults),
    typing: options.typing ?? 'helm',
  };
}

/** The `cliOutput` input of one parsed command line; reads the files it names. */
function request(command, { options, flags, positional }) {
  const typing = options.typing ?? 'helm';
  switch (command) {
    case 'decode':
      return { command, file: read(positional[0]), typing };
    case 'validate': {
      // Read in the native CLI's order, so that the first unreadable file is the one named.
      if ((options.schema === undefined) === (options.chart === undefined)) {
        throw new UsageError('validate needs one of --schema and --chart');
      }
      const side = readSide(options.schema ?? options.chart);
      const schema = side.schema;
      const defaults = options.defaults === undefined ? side.defaults : read(options.defaults);
      return { command, values: options.values.map(read), schema, prefix: options.prefix ?? null, defaults, typing };
    }
    case 'replay':
      return replayRequest({ options, flags }, { read, UsageError, InputError, ioMessage });
    case 'diagnose':
      return { command, args: migrateArgs(options), format: options.format ?? 'json' };
    case 'migrate': {
      const loop = proposeArgs(options, UsageError);
      if (loop === null && options.proposal === undefined) {
        throw new UsageError('the following required arguments were not provided: --proposal <PROPOSAL>');
      }
      const args = migrateArgs(options);
      const format = options.format ?? 'json';
      if (loop !== null) return { command: 'propose', loop, args, format, write: flags.has('write') };
      return { command, args, proposal: read(options.proposal), format, write: flags.has('write') };
    }
    default:
      return {
        command,
        request: {
          file: read(options.file),
          apiVersion: options['api-version'],
          kind: options.kind,
          namespace: options.namespace ?? null,
          name: options.name,
          container: options.container ?? null,
          field: options.field,
          from: options.from,
          to: options.to,
        },
        format: options.format ?? 'json',
        write: flags.has('write'),
      };
  }
}

/** Prints what `cliOutput` renders for `input`, writes what it asks, and returns the exit status. */
function output(input, out, err) {
  const result = cliOutput(input);
  out.write(result.stdout);
  err.write(result.stderr);
  for (const file of result.writes) writeAtomically(file.path, file.text);
  return result.exitCode;
}

/** `migrate --propose-with`: the loop (propose.mjs), then the ordinary `migrate` output. */
function propose({ loop, args, format, write }, out, err) {
  const finish = (proposal) => guarded(() => output({ migrate: { args, proposal, format, write } }, out, err), err);
  const show = () => output({ diagnose: { args, format } }, out, err);
  return proposeWith(loop, args, { proposeStep, proposalText, finish, show, err });
}

/** Runs `f`; an unwritable file is an input error (exit 3), as in `run`. */
function guarded(f, err) {
  try {
    return f();
  } catch (e) {
    if (!(e instanceof InputError)) throw e;
    err.write(`${e.message}\n`);
    return EXIT_INVALID;
  }
}

/** Runs the command line `argv` (without node and the script) and returns the exit status. */
function run(argv, out = process.stdout, err = process.stderr) {
  const [command, ...rest] = argv;
  if (command === undefined || command === 'help' || command === '--help' || command === '-h') {
    const target = command === 'help' && COMMANDS[rest[0]] ? rest[0] : undefined;
    (command === undefined ? err : out).write(help(target));
    return command === undefined ? EXIT_USAGE : 0;
  }
  if (command === '--version' || command === '-V') {
    out.write(`values-migrate ${version} (schema verdicts as Helm 3.18.5+ and 4 give them)\n`);
    return 0;
  }
  try {
    if (!COMMANDS[command]) throw new UsageError(`unrecognized subcommand '${command}'`);
    const parsed = parse(command, command === 'replay' ? expandRepos(rest) : rest);
    if (parsed.help) {
      out.write(help(command));
      return 0;
    }
    // Loaded only here: the MCP SDK is for `mcp` alone.
    if (command === 'mcp') {
      return import('./mcp.mjs').then((mcp) => mcp.serve(parsed.options.root)).then(() => 0, (e) => {
        err.write(`values-migrate mcp: ${e.message}\n`);
        return EXIT_INVALID;
      });
    }
    const { command: name, ...args } = request(command, parsed);
    if (name === 'propose') return propose(args, out, err);
    return output({ [name]: args }, out, err);
  } catch (e) {
    if (e instanceof UsageError) {
      err.write(`error: ${e.message}\n\nFor more information, try '--help'.\n`);
      return EXIT_USAGE;
    }
    if (e instanceof InputError) {
      err.write(`${e.message}\n`);
      return EXIT_INVALID;
    }
    throw e;
  }
}

const status = run(process.argv.slice(2));
process.exitCode = typeof status === 'number' ? status : await status;
