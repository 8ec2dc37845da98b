// The playground's library thread: compiles the wasm once (streamed), keeps a session per schema
// pair, and answers one request at a time with the result and the time the library took.
// scripts/build bundles this file with what it imports (the glue, the helpers and the example the page
// opens on) into one script: the wasm is then this worker's only request, started on its first line.
import initGlue, * as glue from './pkg/web/values_migrate.js';
import { runKey } from './run-key.js';
import bosun from './examples/bosun-0.20.0-to-0.25.1.js';

const started = performance.now();
/** A time on the page's clock (the page's `performance.now()`), so that one timeline holds both threads. */
const stamp = () => performance.timeOrigin + performance.now();
const timeline = { workerStart: stamp() };
const compiled = WebAssembly.compileStreaming(fetch(new URL('./pkg/web/values_migrate_bg.wasm', import.meta.url)));
// The page names the example it opens on (the worker's name): the bundled one, or another fetched now.
const OPENING = { 'bosun-0.20.0-to-0.25.1': bosun };
const opening = Object.hasOwn(OPENING, self.name) ? Promise.resolve(OPENING[self.name])
  : /^[\w.-]+$/.test(self.name) ? import(new URL(`./examples/${self.name}.js`, import.meta.url).href).then((m) => m.default, () => null)
    : Promise.resolve(null);
let lib = null;

const ready = compiled.then(async (module) => {
  timeline.compiled = stamp();
  await initGlue({ module_or_path: module });
  timeline.instantiated = stamp();
  lib = glue;
  postMessage({ type: 'ready', ms: performance.now() - started, timeline });
  precompute(await opening);
}, (error) => {
  postMessage({ type: 'fatal', error: String(error?.message ?? error) });
  throw error;
});

// ---------------------------------------------------------------- sessions

/** The session for one (schemas, defaults, typing), compiled once and reused while they stay the same. */
let session = null;
let sessionKey = null;

function sessionFor(input) {
  if (typeof lib.Session !== 'function') return null;
  // The templates and trees are the ones kept for these schema texts: they add nothing else to the key.
  const key = JSON.stringify([input.baseSchema, input.targetSchema, input.defaults, input.typing, input.refs,
    (input.baseTemplates || input.baseChart) && chartTemplates.base.id,
    (input.targetTemplates || input.targetChart) && chartTemplates.target.id]);
  if (key !== sessionKey) {
    session?.free?.();
    session = null;
    sessionKey = key;
    try {
      session = new lib.Session({
        baseSchema: input.baseSchema, targetSchema: input.targetSchema, defaults: input.defaults, typing: input.typing,
        refs: input.refs, baseTemplates: input.baseTemplates, targetTemplates: input.targetTemplates,
        baseChart: input.baseChart, targetChart: input.targetChart,
      });
    } catch {
      // A schema the session cannot compile: the one-shot functions report it as a result.
      session = null;
    }
  }
  return session;
}

const perFile = ({ files, proposal, prefix, answers }) => ({ files, proposal, prefix, answers });

function callMigrate(input) {
  const s = sessionFor(input);
  return s ? s.migrate(perFile(input)) : lib.migrate(input);
}

function callDiagnose(input) {
  const s = sessionFor(input);
  const { proposal, ...rest } = perFile(input);
  return s ? s.diagnose(rest) : lib.diagnose(input);
}

// ---------------------------------------------------------------- requests

/** The charts read with templates, by side: their archives, which the second module renders. */
const renderable = {};
/**
 * The second module (pkg/web-render: every function, the first module's among them, with chart
 * archives and their templates, Helm's render, record and replay, patch and decode), loaded when a
 * request first needs it. Once loaded the worker uses it for everything, for good: the sessions
 * and the replayer of the first module are freed, so that no state crosses modules.
 */
let renderer = null;

function renderModule() {
  renderer ??= (async () => {
    const t0 = performance.now();
    const loading = { started: stamp() };
    // A URL, not a literal path: the bundler leaves it out of this script, and the first load never fetches it.
    const glue = await import(new URL('./pkg/web-render/values_migrate_render.js', import.meta.url).href);
    await glue.default({ module_or_path: new URL('./pkg/web-render/values_migrate_render_bg.wasm', import.meta.url) });
    session?.free?.();
    session = null;
    sessionKey = null;
    replayer?.free?.();
    replayer = null;
    replayerKey = null;
    lib = glue;
    postMessage({ type: 'second-module', ms: performance.now() - t0, timeline: { ...loading, ready: stamp() } });
    return glue;
  })();
  return renderer;
}

/** A handler that runs on the second module, loading it first. */
const onSecondModule = (handler) => async (request) => {
  await renderModule();
  return handler(request);
};

/** The chart kept for `side` rendered with the values text given (merged over its values.yaml, as `-f`). */
async function render(request) {
  const chart = renderable[request.side];
  if (!chart) return { error: `no chart on the ${request.side} side` };
  const values = request.values.trim() === '' ? [] : [{ path: 'values.yaml', text: request.values }];
  return { result: lib.render({ chart: { name: chart.name, archive: chart.bytes }, values }) };
}

/**
 * The bump's behaviour (the render module's `behaviour`: three renders, a verdict per moved value,
 * the manifest diff) on both sides' charts with the inputs of `run`; `null` unless both sides hold
 * a chart with templates whose schema is still the one shown.
 */
async function behaviour(request) {
  const { base, target } = renderable;
  if (!base || !target || !templatesOf('base', request.baseSchema) || !templatesOf('target', request.targetSchema)) return { behaviour: null };
  await renderModule();
  const { input } = libraryInput(request);
  const render = { base: { name: base.name, archive: base.bytes }, target: { name: target.name, archive: target.bytes } };
  const result = lib.behaviour({ ...input, proposal: input.proposal.trim() === '' ? null : input.proposal, render });
  return { behaviour: result.behaviour ?? null, status: result.status };
}

/** Each side's chart templates and tree, kept while that side's schema is the text the chart gave. */
const chartTemplates = { base: null, target: null };
let chartsRead = 0;

/** A side's templates, when its schema is still the one its chart gave. */
const templatesOf = (side, schema) => (chartTemplates[side]?.schema === schema ? chartTemplates[side].templates : null);

/** A side's chart tree (how Helm reads the tree's values), when its schema is still the one its chart gave. */
const treeOf = (side, schema) => (chartTemplates[side]?.schema === schema ? chartTemplates[side].tree : null);

function libraryInput(request) {
  const { answers, problems } = lib.readAnswers(request.answers, request.typing);
  const prefix = request.prefix.trim();
  return {
    input: {
      files: request.values,
      baseSchema: request.baseSchema,
      targetSchema: request.targetSchema,
      proposal: request.proposal,
      prefix: prefix === '' ? null : prefix,
      answers,
      defaults: request.defaults.trim() === '' ? null : request.defaults,
      typing: request.typing,
      // The referenced documents, by URL (an unnamed one is left out).
      refs: Object.fromEntries((request.refs ?? []).filter((r) => r.url.trim() !== '').map((r) => [r.url.trim(), r.text])),
      baseTemplates: templatesOf('base', request.baseSchema),
      targetTemplates: templatesOf('target', request.targetSchema),
      baseChart: treeOf('base', request.baseSchema),
      targetChart: treeOf('target', request.targetSchema),
    },
    answerProblems: problems,
  };
}

/** migrate when there is a proposal, else diagnose; the diagnosis only when the migrate result lacks its brief. */
function run(request) {
  const { input, answerProblems } = libraryInput(request);
  const withProposal = input.proposal.trim() !== '';
  const result = withProposal ? callMigrate(input) : callDiagnose(input);
  let diagnosis = null;
  if (!withProposal || result.brief != null) diagnosis = result;
  else if (request.wantDiagnosis) diagnosis = callDiagnose(input);
  return { result, diagnosis, withProposal, answerProblems };
}

/** The proposal to start from (the library's `startProposal`), with the diagnosis it comes from. */
function proposal(request) {
  const { input } = libraryInput(request);
  const s = sessionFor(input);
  const { proposal: _, ...rest } = perFile(input);
  return s ? s.startProposal(rest) : lib.startProposal(input);
}

let early = null;

/**
 * Runs the example the page opens on as soon as the library is ready, while the page is still
 * loading, and posts the reply unasked with the key of its inputs: the page draws it if its inputs
 * are still the example's. Kept once, it also answers the page's first `run` request with those inputs.
 */
function precompute(ex) {
  if (!ex) return;
  const request = {
    values: ex.values, baseSchema: ex.baseSchema, targetSchema: ex.targetSchema, proposal: ex.proposal,
    defaults: ex.defaults, prefix: ex.prefix, answers: ex.answers, typing: ex.typing, wantDiagnosis: false,
  };
  const t0 = performance.now();
  const started = stamp();
  early = { key: runKey(request), reply: { ...run(request), ms: performance.now() - t0, started, done: stamp() } };
  postMessage({ type: 'early', key: early.key, ...early.reply });
}

/** The recording of the migration the inputs describe (`migration` is null unless it is planned or unchanged). */
function record(request) {
  const { input } = libraryInput(request);
  const result = lib.record({ ...input, chart: request.chart });
  return { status: result.status, migration: result.migration };
}

/** The replayer for one (recording, schemas, defaults, typing, drift), compiled once and reused while they stay the same. */
let replayer = null;
let replayerKey = null;

function replayerFor(options) {
  const key = JSON.stringify(options);
  if (key !== replayerKey) {
    replayer?.free();
    replayer = new lib.Replayer(options);
    replayerKey = key;
  }
  return replayer;
}

/** A recorded migration replayed on one values file, with the schemas, defaults and typing of the inputs. */
function replay(request) {
  const { input } = libraryInput(request);
  const prefix = request.replay.prefix.trim();
  const options = {
    migration: request.replay.migration, baseSchema: input.baseSchema, targetSchema: input.targetSchema,
    baseChart: input.baseChart, targetChart: input.targetChart,
    defaults: input.defaults, typing: input.typing, allowSchemaDrift: request.replay.allowSchemaDrift,
  };
  const files = [request.replay.file];
  return { result: replayerFor(options).replay({ files, prefix: prefix === '' ? null : prefix }) };
}

const handlers = {
  run: (request) => {
    if (early && early.key === runKey(request)) {
      const { reply } = early;
      early = null;
      return reply;
    }
    early = null;
    return run(request);
  },
  proposal,
  brief: (request) => ({ diagnosis: callDiagnose(libraryInput(request).input) }),
  // What the first module does not hold (docs/size.md, "Modules by need").
  patch: onSecondModule((request) => ({ result: lib.patch(request.input) })),
  record: onSecondModule(record),
  replay: onSecondModule(replay),
  decode: onSecondModule((request) => ({ result: lib.decode(request.text, { file: request.file, typing: request.typing }) })),
  render: onSecondModule(render),
  behaviour,
  // A chart archive read in memory (untrusted: a refusal names the archive and the entry).
  chart: onSecondModule((request) => {
    try {
      const chart = lib.readChart(request.name, request.bytes);
      // The templates and the tree stay here, with the schema text they came with (docs/templates.md).
      if (request.side === 'base' || request.side === 'target') {
        chartTemplates[request.side] = { schema: chart.schema, templates: chart.templates, tree: chart.chart, id: ++chartsRead };
        if (chart.templates.files.length > 0) renderable[request.side] = { name: request.name, bytes: request.bytes };
      }
      const { templates, chart: tree, ...shown } = chart;
      return { chart: { ...shown, templateFiles: templates.files.length } };
    } catch (error) {
      return { chartError: String(error?.message ?? error) };
    }
  }),
};

onmessage = async ({ data }) => {
  const received = stamp();
  try {
    await ready;
  } catch {
    return; // already reported as `fatal`
  }
  const t0 = performance.now();
  try {
    const out = await handlers[data.type](data);
    // A precomputed reply keeps its own times.
    const reply = { ms: performance.now() - t0, started: performance.timeOrigin + t0, done: stamp(), ...out };
    postMessage({ id: data.id, type: data.type, ...reply, received });
  } catch (error) {
    // The library throws only on a programming error: say so, loudly.
    postMessage({ id: data.id, type: data.type, error: String(error?.message ?? error), ms: performance.now() - t0 });
  }
};
