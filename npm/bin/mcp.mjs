// `values-migrate mcp [--root DIR]`: the tools as a Model Context Protocol server over stdio, for
// AI assistants (docs/agents.md). It calls the package's public API (diagnose, migrate, validate,
// patch, replay), reads files only inside its root (`--root`, or the working directory), and writes only when a
// call asks and the result is planned (or patched), each file atomically. No network.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { z } from 'zod';
import { chmodSync, existsSync, readdirSync, readFileSync, realpathSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const api = require('../node/values_migrate.js');
const { version } = require('../package.json');

/** A bad argument: the tool answers with an error and this reason; the server goes on. */
class ToolError extends Error {}

/** Every path's root (symlinks resolved): `--root`, or the working directory. */
let root = realpathSync(process.cwd());

/** Whether `path` (absolute, resolved) is `root` or under it. */
function within(path) {
  const rel = relative(root, path);
  return rel === '' || (!rel.startsWith(`..${sep}`) && rel !== '..' && !isAbsolute(rel));
}

/**
 * Resolves `given` inside the working directory: `..` out of it, an absolute path outside it and
 * a symlink that leads out of it are refused. Returns the name to report and the real path.
 */
function inside(given, what) {
  if (typeof given !== 'string' || given === '' || given.includes('\0')) throw new ToolError(`${what}: a file path is required`);
  const absolute = resolve(root, given);
  if (!within(absolute)) throw new ToolError(`${what}: ${given}: outside the server's root (${root}): refused`);
  let real;
  try {
    real = realpathSync(absolute);
  } catch (e) {
    throw new ToolError(`${what}: ${given}: ${e.code === 'ENOENT' ? 'no such file' : e.message}`);
  }
  if (!within(real)) throw new ToolError(`${what}: ${given}: a symlink that leads outside the server's root: refused`);
  return { name: relative(root, absolute) || '.', real };
}

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** Reads a file inside the working directory as UTF-8 text: `{ path, text }`. */
function read(given, what) {
  const { name, real } = inside(given, what);
  let bytes;
  try {
    bytes = readFileSync(real);
  } catch (e) {
    throw new ToolError(`${what}: ${given}: cannot read: ${e.code === 'EISDIR' ? 'a directory' : e.message}`);
  }
  try {
    return { path: name, text: utf8.decode(bytes) };
  } catch {
    throw new ToolError(`${what}: ${given}: not UTF-8 text`);
  }
}

/** The files a chart directory's values need (Chart.yaml, values, schema, all of `templates/` and `charts/`), each inside the root. */
function chartFiles(given, what, real) {
  const paths = [];
  const contents = [];
  const add = (inner) => {
    const file = inside(join(given, inner), what);
    paths.push(inner);
    contents.push(readFileSync(file.real));
  };
  for (const top of ['Chart.yaml', 'requirements.yaml', 'values.yaml', 'values.schema.json']) {
    if (existsSync(join(real, top)) && statSync(join(real, top)).isFile()) add(top);
  }
  const walk = (inner, depth) => {
    if (depth > 32) throw new ToolError(`${what}: ${given}: ${inner}: directories nested too deep`);
    for (const name of readdirSync(join(real, inner)).sort()) {
      const path = `${inner}/${name}`;
      const { real: at } = inside(join(given, path), what);
      if (statSync(at).isDirectory()) walk(path, depth + 1);
      else if (statSync(at).isFile()) add(path);
    }
  };
  for (const inner of ['templates', 'charts']) {
    if (existsSync(join(real, inner)) && statSync(join(real, inner)).isDirectory()) walk(inner, 0);
  }
  return { paths, contents };
}

/**
 * A chart's values schema and defaults (`defaults` `null` for a schema file), from a schema file, a
 * chart directory or a chart archive (gzip bytes), read by the library's chart loader.
 */
function schemaOf(given, what) {
  const { name, real } = inside(given, what);
  try {
    if (statSync(real).isDirectory()) {
      const { paths, contents } = chartFiles(given, what, real);
      const chart = api.readChartFiles(name, paths, contents);
      return { schema: chart.schema, defaults: chart.defaults, templates: chart.templates };
    }
    const bytes = readFileSync(real);
    if (bytes[0] === 0x1f && bytes[1] === 0x8b) {
      const chart = api.readChart(name, bytes);
      return { schema: chart.schema, defaults: chart.defaults, templates: chart.templates };
    }
  } catch (e) {
    if (e instanceof ToolError) throw e;
    throw new ToolError(`${what}: ${given}: ${e.message}`);
  }
  return { schema: read(given, what).text, defaults: null, templates: null };
}

/** The defaults: the `defaults` file when given, else the target chart's own. */
function defaultsOf(given, chart) {
  return given === undefined ? chart.defaults : read(given, 'defaults').text;
}

/** Replaces a file inside the working directory with `text`, atomically (temporary file + rename). */
function writeAtomically(given, text) {
  const { real } = inside(given, 'write');
  const temp = join(dirname(real), `.${basename(real)}.values-migrate.${process.pid}.tmp`);
  try {
    writeFileSync(temp, text);
    chmodSync(temp, statSync(real).mode & 0o7777);
    renameSync(temp, real);
  } catch (e) {
    rmSync(temp, { force: true });
    throw new ToolError(`${given}: cannot write: ${e.message}`);
  }
}

/** Writes each changed file of a result when asked and `ok`; the paths written. */
function writeFiles(files, write, ok) {
  if (!write || !ok) return [];
  const changed = files.filter((f) => f.changed);
  for (const file of changed) writeAtomically(file.path, file.after);
  return changed.map((f) => f.path);
}

// --- Input schemas: paths are relative to the server's working directory. ---

const TYPING = z.enum(['helm', 'yaml-1.2']).optional().describe('How scalars are typed: `helm` (YAML 1.1 words, the default) or `yaml-1.2`.');
const CHART_INPUTS = {
  values: z.array(z.string()).min(1).describe('The values files holding the old values, in order (paths).'),
  base: z.string().describe('The chart version moved from: its values.schema.json, its directory or its .tgz (path).'),
  target: z.string().describe('The chart version moved to: its values.schema.json, its directory or its .tgz (path).'),
  prefix: z.string().optional().describe('Where the values live in the file (`bosun.valuesObject`); discovered when absent.'),
  answers: z.record(z.string(), z.unknown()).optional().describe("A person's values for escalated keys, by value path."),
  defaults: z.string().optional().describe("The target chart's own values.yaml (path); a chart given as `target` brings its own."),
  typing: TYPING,
};

// --- Output schemas: the result shapes of CONTRACT.md, open (fields may be added, never removed). ---

const at = { file: z.string().nullable(), line: z.number().nullable(), column: z.number().nullable() };
const fileResult = z.looseObject({ path: z.string(), changed: z.boolean(), before: z.string(), after: z.string(), diff: z.string() });
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
};
const WRITTEN = { written: z.array(z.string()).describe('The files written (only with `write`, only when planned).') };

/** A tool result: the object as structured content, and as JSON text for clients that read text. */
function result(object) {
  return { content: [{ type: 'text', text: JSON.stringify(object, null, 2) }], structuredContent: object };
}

/** The library's migrate/diagnose input from a tool call's arguments. */
function migrateInput(a) {
  const target = schemaOf(a.target, 'target');
  const base = schemaOf(a.base, 'base');
  return {
    files: a.values.map((v) => read(v, 'values')),
    baseSchema: base.schema,
    targetSchema: target.schema,
    prefix: a.prefix ?? null,
    answers: a.answers ?? {},
    defaults: defaultsOf(a.defaults, target),
    baseDefaults: base.defaults,
    typing: a.typing ?? 'helm',
    // Both charts' templates (charts, not schema files): values the target reads nowhere are displaced.
    baseTemplates: base.templates,
    targetTemplates: target.templates,
  };
}

/** Registers the tools and the brief prompt on `server`. */
function register(server) {
  server.registerTool('diagnose', {
    title: 'Diagnose values after a chart bump',
    description: 'Diagnoses old values against both chart schemas: the displaced values, the newly required keys, and the brief (what a proposal must fix). Read-only.',
    inputSchema: CHART_INPUTS,
    outputSchema: z.looseObject(MIGRATE_RESULT),
    annotations: { readOnlyHint: true, openWorldHint: false },
  }, (a) => result(api.diagnose(migrateInput(a))));

  server.registerTool('migrate', {
    title: 'Judge a proposal and plan the edit',
    description: 'Judges a proposal (the migrated values document, YAML), derives the plan, splices it into the original text and verifies it. '
      + 'A refusal says why; `notCarried` lists each value the plan would drop, with a hint when the target gained a close key. '
      + 'Writes the files only with `write: true` and only when the status is `planned`.',
    inputSchema: {
      ...CHART_INPUTS,
      proposal: z.string().describe('The migrated values document (YAML or JSON text), rooted at the values root.'),
      write: z.boolean().optional().describe('Write the edited files (atomically) when the status is `planned`.'),
    },
    outputSchema: z.looseObject({ ...MIGRATE_RESULT, ...WRITTEN }),
    annotations: { destructiveHint: false, idempotentHint: true, openWorldHint: false },
  }, (a) => {
    const report = api.migrate({ ...migrateInput(a), proposal: a.proposal });
    return result({ ...report, written: writeFiles(report.files, a.write, report.status === 'planned') });
  });

  server.registerTool('validate', {
    title: 'Validate values against a schema',
    description: "Validates values files (coalesced with the chart's defaults) against a values schema, as Helm does. Read-only.",
    inputSchema: {
      values: z.array(z.string()).min(1).describe('The values files (paths).'),
      schema: z.string().describe('The values.schema.json (path).'),
      prefix: z.string().optional().describe('Where the values live in the file.'),
      defaults: z.string().optional().describe("The chart's own values.yaml (path)."),
      typing: TYPING,
    },
    outputSchema: z.looseObject({
      valid: z.boolean(),
      violations: z.array(z.looseObject({ path: z.string(), message: z.string(), ...at })),
      defaultsViolations: z.array(z.looseObject({ path: z.string(), message: z.string() })),
      errors: z.array(z.looseObject({ message: z.string() })),
    }),
    annotations: { readOnlyHint: true, openWorldHint: false },
  }, (a) => {
    const chart = schemaOf(a.schema, 'schema');
    const session = new api.Session({
      baseSchema: chart.schema,
      targetSchema: chart.schema,
      defaults: defaultsOf(a.defaults, chart),
      typing: a.typing ?? 'helm',
    });
    try {
      const files = a.values.map((v) => read(v, 'values'));
      if (session.errors.length > 0) return result({ valid: false, violations: [], defaultsViolations: [], errors: session.errors });
      return result(session.validate({ files, prefix: a.prefix ?? null }));
    } finally {
      session.free();
    }
  });

  server.registerTool('patch_manifest', {
    title: 'Patch one scalar of a manifest',
    description: 'Replaces one scalar of one object in a Kubernetes manifest file in place (only that value changes), after checking it holds `from`. '
      + 'Writes only with `write: true` and only when patched.',
    inputSchema: {
      file: z.string().describe('The manifest file (path).'),
      apiVersion: z.string(),
      kind: z.string(),
      namespace: z.string().optional(),
      name: z.string(),
      container: z.string().optional().describe('The container whose field is patched; `field` is then relative to it.'),
      field: z.string().describe('The field, as a value path (`resources.limits.memory`).'),
      from: z.string().describe('The value the file must hold now (compared by value).'),
      to: z.string().describe('The new value.'),
      write: z.boolean().optional(),
    },
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
    const report = api.patch({
      file: read(a.file, 'file'),
      apiVersion: a.apiVersion,
      kind: a.kind,
      namespace: a.namespace ?? null,
      name: a.name,
      container: a.container ?? null,
      field: a.field,
      from: a.from,
      to: a.to,
    });
    return result({ ...report, written: writeFiles([report.file], a.write, report.status === 'patched') });
  });

  server.registerTool('replay', {
    title: 'Replay a recorded migration',
    description: 'Replays a recorded migration (`migrate --record`) on other values files: each is judged like a proposal. Writes only with `write: true` and only when planned.',
    inputSchema: {
      migration: z.string().describe('The recording (JSON file path).'),
      values: z.array(z.string()).min(1).describe('The values files (paths).'),
      base: z.string().describe("The base chart's values.schema.json (path)."),
      target: z.string().describe("The target chart's values.schema.json (path)."),
      prefix: z.string().optional(),
      defaults: z.string().optional(),
      typing: TYPING,
      allowSchemaDrift: z.boolean().optional().describe("Replay even when a schema's SHA-256 differs from the recording's."),
      write: z.boolean().optional(),
    },
    outputSchema: z.looseObject({ ...MIGRATE_RESULT, replayed: z.array(z.looseObject({ op: z.string() })), skipped: z.array(z.looseObject({ op: z.string() })), ...WRITTEN }),
    annotations: { destructiveHint: false, openWorldHint: false },
  }, (a) => {
    const target = schemaOf(a.target, 'target');
    const report = api.replay({
      migration: read(a.migration, 'migration').text,
      files: a.values.map((v) => read(v, 'values')),
      baseSchema: schemaOf(a.base, 'base').schema,
      targetSchema: target.schema,
      prefix: a.prefix ?? null,
      defaults: defaultsOf(a.defaults, target),
      typing: a.typing ?? 'helm',
      allowSchemaDrift: a.allowSchemaDrift ?? false,
    });
    return result({ ...report, written: writeFiles(report.files, a.write, report.status === 'planned') });
  });

  server.registerPrompt('brief', {
    title: 'Write the migrated values',
    description: 'The brief for a chart bump: what a proposal must fix, to answer with the `migrate` tool.',
    argsSchema: {
      values: z.string().describe('The values file (path; several separated by commas).'),
      base: z.string().describe("The base chart's values.schema.json (path)."),
      target: z.string().describe("The target chart's values.schema.json (path)."),
      prefix: z.string().optional().describe('Where the values live in the file.'),
    },
  }, (a) => {
    const values = a.values.split(',').map((v) => v.trim()).filter((v) => v !== '');
    const report = api.diagnose(migrateInput({ ...a, values }));
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
