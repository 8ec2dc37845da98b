// `values-migrate mcp [--root DIR]`: the tools as a Model Context Protocol server over stdio, for
// AI assistants (docs/agents.md). Each tool is a command of the CLI (src/cli, run in wasm as the
// Node CLI runs it): its inputs are that command's own flags as clap declares them (`cliFlags`),
// so a flag added to a command reaches its tool; the session spec (charts, defaults, `$ref`
// documents, templates, chart trees) is read by the same code as the CLI's. The machine it lends
// the command layer is confined to its root (`--root`, or the working directory): nothing outside
// is read or written, no command is run, and files are written only when a call asks and the
// result is planned (or patched), atomically. No network.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { z } from 'zod';
import { realpathSync } from 'node:fs';
import { resolve } from 'node:path';
import { createRequire } from 'node:module';
import { Outside, rootedHost, within } from './host.mjs';

const require = createRequire(import.meta.url);
const api = require('../node/values_migrate.js');
const { version } = require('../package.json');

/** A bad argument: the tool answers with an error and this reason; the server goes on. */
class ToolError extends Error {}

/** Every path's root (symlinks resolved): `--root`, or the working directory. */
let root = realpathSync(process.cwd());

/** The name a proposal given as text is read by, as a file that is not on disk. */
const PROPOSAL = 'proposal';

// --- Input schemas: the CLI commands' own flags; paths are relative to the server's root. ---

/** A flag's input schema: a switch is a boolean, a repeatable flag a list, a closed set an enum. */
function inputOf(flag) {
  let type = flag.switch ? z.boolean() : flag.choices.length > 0 ? z.enum(flag.choices) : z.string();
  if (flag.repeatable) type = flag.required ? z.array(type).min(1) : z.array(type);
  if (!flag.required) type = type.optional();
  let note = '';
  if (flag.path) note = " (a path inside the server's root)";
  else if (flag.valueName === 'URL=FILE') note = " (FILE a path inside the server's root)";
  return type.describe(`${flag.help}${note}`);
}

/**
 * A tool on the CLI command `command`: its flags less the `omitted` ones (output format, what
 * runs a command, what a tool does not offer) and those the tool gives its own shape (`own`).
 */
function tool(command, omitted, own = {}) {
  const flags = api.cliFlags(command).filter((f) => !omitted.includes(f.name) && !(f.name in own));
  const shape = Object.fromEntries(flags.map((f) => [f.name, inputOf(f)]));
  return { command, flags, inputSchema: { ...shape, ...own } };
}

/** Refuses a path argument outside the root, or one that is not there, naming the argument. */
function confine(name, given) {
  try {
    if (within(root, given).real === null) throw new ToolError(`${name}: ${given}: no such file`);
  } catch (e) {
    if (e instanceof Outside) throw new ToolError(`${name}: ${given}: ${e.message}`);
    throw e;
  }
}

/** The command line a tool call's arguments give, each path confined first. */
function argv(flags, a) {
  const out = [];
  for (const f of flags) {
    const value = a[f.name];
    if (value === undefined || value === null || value === false) continue;
    if (f.switch) {
      out.push(f.flag);
      continue;
    }
    for (const one of f.repeatable ? value : [value]) {
      const text = String(one);
      if (f.path) confine(f.name, text);
      if (f.valueName === 'URL=FILE') confine(f.name, text.slice(text.lastIndexOf('=') + 1));
      if (f.path && text === PROPOSAL && 'proposal' in a) throw new ToolError(`${f.name}: ${text}: the name the proposal text is read by; give the file another name`);
      out.push(f.flag, text);
    }
  }
  return out;
}

/** Runs the tool's command on the confined machine; its JSON result, or a tool error with its message. */
function run(t, a, extra = [], virtual = {}) {
  const out = api.runCli(['values-migrate', t.command, ...argv(t.flags, a), ...extra], rootedHost(root, virtual));
  if (out.stdout.trim() === '') throw new ToolError(out.stderr.trim() || `${t.command}: exit status ${out.exitCode}`);
  // A write that failed after the result was printed: the result must not say it was written.
  if (a.write && out.exitCode !== 0 && out.stderr.trim() !== '') throw new ToolError(out.stderr.trim());
  return JSON.parse(out.stdout);
}

/** `--answer PATH=VALUE` for each answer, the value as JSON (which YAML reads as given). */
function answers(a) {
  return Object.entries(a.answers ?? {}).flatMap(([path, value]) => ['--answer', `${path}=${JSON.stringify(value)}`]);
}

/** The paths written: the changed files, when asked and the result is `ok`. */
function written(files, write, ok) {
  return write && ok ? files.filter((f) => f.changed).map((f) => f.path) : [];
}

const ANSWERS = z.record(z.string(), z.unknown()).optional().describe("A person's values for escalated keys, by value path.");
const OUTPUT_ONLY = ['format'];
const DIAGNOSE = tool('diagnose', [...OUTPUT_ONLY, 'startProposal'], { answers: ANSWERS });
const MIGRATE = tool('migrate', [...OUTPUT_ONLY, 'record', 'chart', 'from', 'to', 'renderWith', 'proposeWith', 'attempts', 'proposeTimeout', 'briefFormat'], {
  answers: ANSWERS,
  proposal: z.string().describe('The migrated values document (YAML or JSON text), rooted at the values root.'),
});
const VALIDATE = tool('validate', OUTPUT_ONLY);
const PATCH = tool('patch', OUTPUT_ONLY);
const REPLAY = tool('replay', [...OUTPUT_ONLY, 'chain', 'from', 'to', 'repos', 'files', 'jobs', 'layered', 'layerPolicy', 'renderWith']);
const RENDER = tool('render', OUTPUT_ONLY);

// --- Output schemas: the result shapes of CONTRACT.md, open (fields may be added, never removed). ---

const at = { file: z.string().nullable(), line: z.number().nullable(), column: z.number().nullable() };
const fileResult = z.looseObject({ path: z.string(), changed: z.boolean(), before: z.string(), after: z.string(), diff: z.string() });
const site = z.looseObject({ file: z.string(), object: z.string(), field: z.string(), text: z.string(), control: z.boolean() });
const BEHAVIOUR = z.looseObject({
  values: z.array(z.looseObject({
    path: z.string().describe("The original value's path."),
    to: z.string().nullable().describe('Where the migrated values hold it (`null`: removed).'),
    verdict: z.enum(['preserved', 'relocated', 'changed', 'lost', 'new-effect', 'inert']),
    before: z.array(site).describe('The fields it rendered in the base chart.'),
    after: z.array(site).describe('The fields it renders in the target chart.'),
  })),
  manifests: z.looseObject({
    renders: z.array(z.looseObject({ render: z.string(), objects: z.number(), error: z.string().nullable() })),
    churn: z.string().nullable().describe('The chart and version label changes, folded into one line.'),
    unchanged: z.number(),
    objects: z.array(z.looseObject({
      object: z.string(),
      change: z.enum(['added', 'removed', 'changed']),
      cause: z.enum(['chart', 'migration', 'both']),
      lines: z.number(),
      collapsed: z.boolean(),
      diff: z.string(),
    })),
  }),
  unrendered: z.string().nullable().describe('Why a chart did not render (then `values` is empty and the static findings stand).'),
});
const MIGRATE_RESULT = {
  status: z.enum(['planned', 'unchanged', 'refused', 'escalated', 'invalid', 'needs-proposal']),
  prefix: z.string().nullable(),
  valuesFile: z.string().nullable(),
  displaced: z.array(z.looseObject({ path: z.string(), value: z.unknown(), reason: z.string() })),
  derivable: z.array(z.looseObject({ path: z.string(), value: z.unknown(), source: z.string() })),
  escalations: z.array(z.looseObject({ path: z.string(), message: z.string() })),
  refusals: z.array(z.looseObject({ kind: z.string(), path: z.string(), message: z.string(), ...at })),
  errors: z.array(z.looseObject({ message: z.string(), ...at })),
  ops: z.array(z.looseObject({ op: z.enum(['remove', 'rename', 'set']) })),
  notCarried: z.array(z.looseObject({
    path: z.string(),
    value: z.unknown(),
    near: z.array(z.string()).describe('Keys the target gained beside it, of its type, at a close name: a hint, never applied.'),
    hint: z.string().nullable(),
  })),
  files: z.array(fileResult),
  comment: z.string(),
  brief: z.string().nullable().describe('What a proposal must fix, in plain text.'),
  behaviour: BEHAVIOUR.optional().describe('What the bump does to the rendered manifests (only when `base` and `target` are both charts): '
    + 'a verdict per moved or dropped value, with the fields it rendered before and after, and the manifest diff object by object.'),
};
const WRITTEN = { written: z.array(z.string()).describe('The files written (only with `write`, only when planned).') };

/** A tool result: the object as structured content, and as JSON text for clients that read text. */
function result(object) {
  return { content: [{ type: 'text', text: JSON.stringify(object, null, 2) }], structuredContent: object };
}

/** Registers the tools and the brief prompt on `server`. */
function register(server) {
  server.registerTool('diagnose', {
    title: 'Diagnose values after a chart bump',
    description: 'Diagnoses old values against both chart schemas: the displaced values, the newly required keys, and the brief (what a proposal must fix). '
      + 'When `base` and `target` are both charts, renders them (`behaviour`): which displaced values the bump preserves, relocates, changes or loses, and the manifest diff. Read-only.',
    inputSchema: DIAGNOSE.inputSchema,
    outputSchema: z.looseObject(MIGRATE_RESULT),
    annotations: { readOnlyHint: true, openWorldHint: false },
  }, (a) => result(run(DIAGNOSE, a, answers(a))));

  server.registerTool('migrate', {
    title: 'Judge a proposal and plan the edit',
    description: 'Judges a proposal (the migrated values document, YAML), derives the plan, splices it into the original text and verifies it. '
      + 'A refusal says why; `notCarried` lists each value the plan would drop, with a hint when the target gained a close key. '
      + 'When `base` and `target` are both charts, `behaviour` says for every moved or dropped value whether the rendered manifests keep what it did '
      + '(`preserved`, `relocated`, `changed`, `lost`, `new-effect`, `inert`), and gives the manifest diff object by object; the brief names each value lost or changed. '
      + 'Writes the files only with `write: true` and only when the status is `planned`.',
    inputSchema: MIGRATE.inputSchema,
    outputSchema: z.looseObject({ ...MIGRATE_RESULT, ...WRITTEN }),
    annotations: { destructiveHint: false, idempotentHint: true, openWorldHint: false },
  }, (a) => {
    const report = run(MIGRATE, a, ['--proposal', PROPOSAL, ...answers(a)], { [PROPOSAL]: a.proposal });
    return result({ ...report, written: written(report.files, a.write, report.status === 'planned') });
  });

  server.registerTool('validate', {
    title: 'Validate values against a schema',
    description: "Validates values files (coalesced with the chart's defaults) against a values schema or a chart's tree, as Helm does. Read-only.",
    inputSchema: VALIDATE.inputSchema,
    outputSchema: z.looseObject({
      valid: z.boolean(),
      violations: z.array(z.looseObject({ path: z.string(), message: z.string(), ...at })),
      defaultsViolations: z.array(z.looseObject({ path: z.string(), message: z.string() })),
      errors: z.array(z.looseObject({ message: z.string() })),
    }),
    annotations: { readOnlyHint: true, openWorldHint: false },
  }, (a) => result(run(VALIDATE, a)));

  server.registerTool('patch_manifest', {
    title: 'Patch one scalar of a manifest',
    description: 'Replaces one scalar of one object in a Kubernetes manifest file in place (only that value changes), after checking it holds `from`. '
      + 'Writes only with `write: true` and only when patched.',
    inputSchema: PATCH.inputSchema,
    outputSchema: z.looseObject({
      status: z.enum(['patched', 'needs-intervention', 'invalid']),
      reason: z.string(),
      line: z.number().nullable(),
      column: z.number().nullable(),
      file: fileResult,
      ...WRITTEN,
    }),
    annotations: { destructiveHint: false, openWorldHint: false },
  }, (a) => {
    const report = run(PATCH, a);
    return result({ ...report, written: written([report.file], a.write, report.status === 'patched') });
  });

  server.registerTool('replay', {
    title: 'Replay a recorded migration',
    description: 'Replays a recorded migration (`migrate --record`) on other values files: each is judged like a proposal. Writes only with `write: true` and only when planned.',
    inputSchema: REPLAY.inputSchema,
    outputSchema: z.looseObject({ ...MIGRATE_RESULT, replayed: z.array(z.looseObject({ op: z.string() })), skipped: z.array(z.looseObject({ op: z.string() })), ...WRITTEN }),
    annotations: { destructiveHint: false, openWorldHint: false },
  }, (a) => {
    const report = run(REPLAY, a);
    return result({ ...report, written: written(report.files, a.write, report.status === 'planned') });
  });

  server.registerTool('render', {
    title: 'Render a chart as helm template does',
    description: "Renders a chart's templates (its directory or .tgz) with values files and `set` values, as Helm 4's `helm template` does, without Helm: "
      + 'every rendered file by name, the spans of random or clock output (masked: they differ run to run; byte offsets), the templates this renderer '
      + "refused (a function it does not implement, with file, line and column), and Helm's error when the render fails. Read-only.",
    inputSchema: RENDER.inputSchema,
    outputSchema: z.looseObject({
      files: z.record(z.string(), z.string()).describe('Each rendered file\'s text by its name (`chart/templates/x.yaml`).'),
      masked: z.array(z.looseObject({ file: z.string(), start: z.number(), end: z.number(), from: z.string() })),
      refused: z.array(z.looseObject({ file: z.string(), line: z.number(), column: z.number(), message: z.string() })),
      error: z.looseObject({ message: z.string() }).nullable(),
    }),
    annotations: { readOnlyHint: true, openWorldHint: false },
  }, (a) => result(run(RENDER, a, ['--format', 'json'])));

  server.registerPrompt('brief', {
    title: 'Write the migrated values',
    description: 'The brief for a chart bump: what a proposal must fix, to answer with the `migrate` tool.',
    argsSchema: {
      values: z.string().describe('The values file (path; several separated by commas).'),
      base: z.string().describe("The base chart: its values.schema.json, directory or .tgz (path)."),
      target: z.string().describe("The target chart: its values.schema.json, directory or .tgz (path)."),
      prefix: z.string().optional().describe('Where the values live in the file.'),
    },
  }, (a) => {
    const values = a.values.split(',').map((v) => v.trim()).filter((v) => v !== '');
    const report = run(DIAGNOSE, { ...a, values });
    const text = report.brief === null
      ? `The values could not be located or read:\n${JSON.stringify([...report.refusals, ...report.errors], null, 2)}`
      : `${report.brief}\nWrite the migrated values document (YAML, rooted at the values root) and call the \`migrate\` tool with it as \`proposal\`; `
        + 'fix what it refuses and call it again. Write the files only when it answers `planned`.';
    return { messages: [{ role: 'user', content: { type: 'text', text } }] };
  });
}

/** Serves the tools over stdio until the client closes the connection; paths resolve inside `rootDir`. */
export async function serve(rootDir) {
  if (rootDir !== undefined) {
    try {
      root = realpathSync(resolve(rootDir));
    } catch (e) {
      throw new Error(`--root ${rootDir}: ${e.message}`);
    }
  }
  const server = new McpServer({ name: 'values-migrate', version });
  register(server);
  await server.connect(new StdioServerTransport());
}
