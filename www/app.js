// The playground only translates: the inputs' text goes to the library's worker, its result comes
// back and is drawn as text nodes. The main thread never runs the library, so typing never waits.
import { el, code, shown, plural, opRow, diffLines } from './view.js';
import { encodeState, decodeState } from './share.js';
import { setText, keepWholePastes, textOf } from './line-endings.js';
import { runKey } from './run-key.js';
import examples, { load } from './examples.js';
// The example the page opens on and the Manifest tab's sample come with the page (scripts/build bundles
// them into it); every other example is imported when first chosen.
import bosun from './examples/bosun-0.20.0-to-0.25.1.js';
import manifestSample from './examples/manifest-adr-0020.js';

const $ = (id) => document.getElementById(id);
const boot = window.valuesMigrateBoot ?? { worker: new Worker('worker.js', { type: 'module' }), early: [], start: 0 };
const DEBOUNCE_MS = 120;
const FIRST = 'bosun-0.20.0-to-0.25.1';

// ---------------------------------------------------------------- tabs

/** Shows `tab`'s panel and hides its siblings'. */
function activate(tab, focus = false) {
  const list = tab.closest('[role="tablist"]');
  for (const t of list.querySelectorAll('[role="tab"]')) {
    const on = t === tab;
    t.setAttribute('aria-selected', String(on));
    t.tabIndex = on ? 0 : -1;
    $(t.getAttribute('aria-controls')).hidden = !on;
  }
  if (focus) tab.focus();
  list.dispatchEvent(new CustomEvent('activate', { detail: tab }));
}

/** Clicks and arrow keys over a tablist (WAI-ARIA tabs, automatic activation). */
function tablist(list) {
  list.addEventListener('click', (event) => {
    const tab = event.target.closest('[role="tab"]');
    if (tab) activate(tab);
  });
  list.addEventListener('keydown', (event) => {
    const tabs = [...list.querySelectorAll('[role="tab"]')];
    const at = tabs.indexOf(document.activeElement);
    if (at < 0) return;
    const to = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: tabs.length - 1 }[event.key];
    if (to === undefined) return;
    event.preventDefault();
    activate(tabs[(to + tabs.length) % tabs.length], true);
  });
}

const selected = (list) => list.querySelector('[aria-selected="true"]');

// ---------------------------------------------------------------- editors

/**
 * One input document: a tab, and a panel with its label, "Open file…", a textarea that takes
 * paste and dropped files, and the list of problems the last result located in it.
 */
function editor({ key, label, hint, testid, tabs, panels, name = null, nameLabel = 'File name', onRemove = null, placeholder = '', onChange = schedule, onArchive = null }) {
  const tab = el('button', { type: 'button', role: 'tab', id: `tab-${key}`, 'aria-controls': `panel-${key}` },
    el('span', { class: 'tab-label' }, name ?? label),
    el('span', { class: 'marker visually-hidden' }, ''));
  const text = el('textarea', {
    id: `input-${key}`, spellcheck: 'false', autocomplete: 'off', wrap: 'off', placeholder,
    'data-testid': testid, 'aria-describedby': `problems-${key}`,
  });
  const picker = el('input', { type: 'file', class: 'visually-hidden', tabIndex: -1, 'aria-hidden': 'true' });
  const open = el('button', { type: 'button', class: 'small' }, 'Open file…');
  const nameInput = name == null ? null : el('input', {
    id: `name-${key}`, type: 'text', value: name, spellcheck: 'false', autocomplete: 'off', class: 'file-name',
  });
  const remove = onRemove ? el('button', { type: 'button', class: 'ghost small' }, 'Remove file') : null;
  const tools = el('div', { class: 'editor-tools' });
  const problems = el('ul', { id: `problems-${key}`, class: 'problems', 'aria-label': `Problems in ${name ?? label}` });
  const head = nameInput
    ? [el('label', { for: nameInput.id }, nameLabel), nameInput]
    : [el('label', { for: text.id }, label, hint ? el('span', { class: 'hint' }, ` ${hint}`) : null)];
  const panel = el('div', { role: 'tabpanel', id: `panel-${key}`, 'aria-labelledby': tab.id, class: 'editor', hidden: true },
    el('div', { class: 'editor-head' }, head, el('span', { class: 'spacer' }), tools, open, picker, remove),
    nameInput ? el('label', { for: text.id, class: 'visually-hidden' }, `Contents of ${name}`) : null,
    text, problems);
  const ed = { key, tab, panel, text, nameInput, problems, tools, label };
  const load = async (file) => {
    // A chart archive (gzip bytes, whatever its name) goes to the library whole.
    const bytes = onArchive ? new Uint8Array(await file.arrayBuffer()) : null;
    if (bytes && bytes[0] === 0x1f && bytes[1] === 0x8b && bytes[2] === 0x08) {
      await onArchive(file.name, bytes);
      return;
    }
    setText(text, await file.text());
    if (nameInput) {
      nameInput.value = file.name;
      tab.firstChild.textContent = file.name;
    }
    notify(`Read ${file.name} (${plural(file.size, 'byte')}).`);
    onChange();
  };
  open.addEventListener('click', () => picker.click());
  picker.addEventListener('change', () => picker.files[0] && load(picker.files[0]).finally(() => { picker.value = ''; }));
  text.addEventListener('dragover', (event) => {
    if (![...event.dataTransfer.types].includes('Files')) return;
    event.preventDefault();
    text.classList.add('dropping');
  });
  text.addEventListener('dragleave', () => text.classList.remove('dropping'));
  text.addEventListener('drop', (event) => {
    text.classList.remove('dropping');
    const file = event.dataTransfer.files[0];
    if (!file) return;
    event.preventDefault();
    load(file);
  });
  keepWholePastes(text);
  text.addEventListener('input', onChange);
  nameInput?.addEventListener('input', () => {
    tab.firstChild.textContent = nameInput.value || '(unnamed)';
    onChange();
  });
  remove?.addEventListener('click', () => onRemove(ed));
  tabs.append(tab);
  panels.append(panel);
  return ed;
}

const inputTabs = $('input-tabs');
const inputPanels = $('input-panels');
/** The candidate values files, in order. */
let valuesFiles = [];
let nextId = 0;

function addValuesFile(name, text) {
  const ed = editor({
    key: `values-${nextId}`, label: 'values file', name, testid: nextId === 0 ? 'values' : `values-${nextId}`,
    tabs: inputTabs, panels: inputPanels, onRemove: removeValuesFile,
  });
  nextId += 1;
  ed.tab.classList.add('values-tab');
  setText(ed.text, text);
  // Values files come first, before the fixed documents.
  inputTabs.insertBefore(ed.tab, fixed.base.tab);
  inputPanels.insertBefore(ed.panel, fixed.base.panel);
  valuesFiles.push(ed);
  syncRemoveButtons();
  return ed;
}

function removeValuesFile(ed) {
  if (valuesFiles.length === 1) return;
  const wasSelected = ed.tab.getAttribute('aria-selected') === 'true';
  ed.tab.remove();
  ed.panel.remove();
  valuesFiles = valuesFiles.filter((f) => f !== ed);
  syncRemoveButtons();
  if (wasSelected) activate(valuesFiles[0].tab, true);
  schedule();
}

/** The documents the schemas' `$ref`s name elsewhere, each named by its URL (nothing is fetched). */
let schemaRefs = [];

function addSchemaRef(url, text) {
  const ed = editor({
    key: `schema-ref-${nextId}`, label: 'referenced document', name: url, nameLabel: 'URL', testid: `schema-ref-${schemaRefs.length}`,
    hint: "a document a schema's $ref names: its URL as the name", tabs: inputTabs, panels: inputPanels,
    onRemove: (gone) => {
      gone.tab.remove();
      gone.panel.remove();
      schemaRefs = schemaRefs.filter((r) => r !== gone);
      activate(fixed.target.tab, true);
      schedule();
    },
  });
  nextId += 1;
  setText(ed.text, text);
  schemaRefs.push(ed);
  return ed;
}

function syncRemoveButtons() {
  for (const f of valuesFiles) f.panel.querySelector('.ghost').disabled = valuesFiles.length === 1;
}

function clearValuesFiles() {
  for (const f of valuesFiles) {
    f.tab.remove();
    f.panel.remove();
  }
  valuesFiles = [];
  nextId = 0;
}

/** Reads a dropped or picked chart archive into the base or target schema (and, for the target,
 * the defaults: the chart's values.yaml, its subcharts' coalesced as Helm does). */
const chartInto = (side) => async (name, bytes) => {
  const reply = await ask('chart', { name, bytes });
  if (reply.chartError !== undefined) {
    notify(`Not read: ${reply.chartError}`);
    return;
  }
  const { chart } = reply;
  setText(fixed[side].text, chart.schema);
  const withDefaults = side === 'target' && chart.defaults !== null;
  if (withDefaults) setText(fixed.defaults.text, chart.defaults);
  notify(`Read the chart ${chart.name} ${chart.version} from ${name} (${plural(chart.charts.length, 'chart')}): `
    + `its schema is the ${side} schema${withDefaults ? ', its values.yaml the defaults' : ''}.`);
  schedule();
};

const fixed = {
  base: editor({ key: 'base', label: 'base schema', hint: "values.schema.json of the chart version moved from, or drop its chart (.tgz)", testid: 'base-schema', tabs: inputTabs, panels: inputPanels, onArchive: chartInto('base') }),
  target: editor({ key: 'target', label: 'target schema', hint: 'values.schema.json of the chart version moved to, or drop its chart (.tgz)', testid: 'target-schema', tabs: inputTabs, panels: inputPanels, onArchive: chartInto('target') }),
  proposal: editor({ key: 'proposal', label: 'proposal', hint: 'the migrated values document (YAML or JSON), rooted at the values root; empty: diagnose only', testid: 'proposal', tabs: inputTabs, panels: inputPanels }),
  defaults: editor({ key: 'defaults', label: 'defaults', hint: "optional: the target chart's own values.yaml, coalesced as Helm does", testid: 'defaults', tabs: inputTabs, panels: inputPanels, placeholder: '(none)' }),
};
const manifestEditor = editor({ key: 'manifest', label: 'manifest', name: 'deployment.yaml', testid: 'manifest', tabs: el('div'), panels: $('manifest-editor') });
manifestEditor.panel.hidden = false;
// The Replay tab's two documents: the recording and the values file it is replayed on.
const replayEditors = {
  migration: editor({
    key: 'replay-migration', label: 'migration', hint: 'the recording (migration.json) to replay', testid: 'replay-migration',
    tabs: el('div'), panels: $('replay-editors'), placeholder: '{"format": "values-migrate/migration@1", …}', onChange: () => scheduleReplay(),
  }),
  values: editor({
    key: 'replay-values', label: 'values file', name: 'values.yaml', testid: 'replay-values',
    tabs: el('div'), panels: $('replay-editors'), onChange: () => scheduleReplay(),
  }),
};
for (const ed of Object.values(replayEditors)) {
  // Two documents shown together, not tabs: the panels are plain groups.
  ed.panel.hidden = false;
  ed.panel.removeAttribute('role');
  ed.panel.removeAttribute('aria-labelledby');
}
const manifestFields = ['apiVersion', 'kind', 'namespace', 'name', 'container', 'field', 'from', 'to'];

const startButton = el('button', { type: 'button', id: 'start-proposal', class: 'small primary-outline', title: 'Fill the proposal with the values at the prefix, each displaced key marked with why the target rejects it' }, 'Start a proposal');
const briefButton = el('button', { type: 'button', id: 'copy-model-brief', class: 'small', title: "Copy diagnose()'s brief: what a model needs to write the proposal" }, 'Copy brief for a model');
fixed.proposal.tools.append(startButton, briefButton);

// The names the library gives the non-values inputs in its diagnostics.
const inputByName = { baseSchema: fixed.base, targetSchema: fixed.target, proposal: fixed.proposal, defaults: fixed.defaults };

/** The editor that a diagnostic's `file` names, if any. */
function editorFor(file) {
  if (mode() === 'manifest') return file === manifestEditor.nameInput.value ? manifestEditor : null;
  return inputByName[file] ?? valuesFiles.find((f) => f.nameInput.value === file)
    ?? schemaRefs.find((r) => r.nameInput.value === file) ?? null;
}

/** Selects `line`, from UTF-16 `column` to its end, in the input that `file` names. */
function reveal(file, line, column) {
  const ed = editorFor(file);
  if (!ed) return;
  if (ed !== manifestEditor) activate(ed.tab);
  revealIn(ed.text, line, column);
}

/** Selects `line`, from UTF-16 `column` to its end, in `textarea`, and scrolls it into view. */
function revealIn(textarea, line, column) {
  const text = textarea.value;
  let start = 0;
  for (let n = 1; n < line; n++) {
    const newline = text.indexOf('\n', start);
    if (newline < 0) break;
    start = newline + 1;
  }
  let end = text.indexOf('\n', start);
  if (end < 0) end = text.length;
  const from = Math.min(start + Math.max((column ?? 1) - 1, 0), end);
  textarea.focus();
  textarea.setSelectionRange(from === end ? start : from, end);
  const lineHeight = parseFloat(getComputedStyle(textarea).lineHeight) || 18;
  textarea.scrollTop = Math.max(0, (line - 1) * lineHeight - textarea.clientHeight / 3);
}

/** `file:line:column` as a button that reveals the place, or the file name alone. */
function place(item) {
  if (!item.file) return null;
  const text = item.line == null ? item.file : `${item.file}:${item.line}:${item.column}`;
  if (!editorFor(item.file)) return el('span', { class: 'loc' }, text);
  return el('button', {
    type: 'button', class: 'loc', title: 'Show this place in the input',
    on: { click: () => reveal(item.file, item.line ?? 1, item.utf16Column ?? 1) },
  }, text);
}

// ---------------------------------------------------------------- state

const mode = () => (selected($('mode-tabs'))?.id === 'tab-mode-manifest' ? 'manifest' : 'values');

/** Every input, as the share link and the worker take it. */
function state() {
  const manifest = { file: { path: manifestEditor.nameInput.value, text: textOf(manifestEditor.text) } };
  for (const f of manifestFields) manifest[f] = $(`m-${f}`).value;
  return {
    example: $('example').value || null,
    mode: mode(),
    values: valuesFiles.map((f) => ({ path: f.nameInput.value, text: textOf(f.text) })),
    baseSchema: textOf(fixed.base.text),
    targetSchema: textOf(fixed.target.text),
    proposal: textOf(fixed.proposal.text),
    defaults: textOf(fixed.defaults.text),
    refs: schemaRefs.map((r) => ({ url: r.nameInput.value, text: textOf(r.text) })),
    prefix: $('prefix').value,
    answers: $('answers').value,
    typing: $('typing').value,
    manifest,
    chart: { name: $('chart-name').value, from: $('chart-from').value, to: $('chart-to').value },
    replay: {
      migration: textOf(replayEditors.migration.text),
      file: { path: replayEditors.values.nameInput.value, text: textOf(replayEditors.values.text) },
      prefix: $('replay-prefix').value,
      allowSchemaDrift: $('replay-drift').checked,
    },
  };
}

const str = (v) => (typeof v === 'string' ? v : '');

/** Text with `code` spans (a README's, a reason's) as code elements, the rest as text. */
const ticked = (text) => text.split('`').map((part, i) => (i % 2 ? code(part) : part));

/** Puts a state (an example's, or a link's) into the inputs; anything not a string becomes empty. */
function applyState(s) {
  clearValuesFiles();
  const files = Array.isArray(s.values) && s.values.length ? s.values : [{ path: 'values.yaml', text: '' }];
  for (const f of files) addValuesFile(str(f?.path) || 'values.yaml', str(f?.text));
  setText(fixed.base.text, str(s.baseSchema));
  setText(fixed.target.text, str(s.targetSchema));
  setText(fixed.proposal.text, str(s.proposal));
  setText(fixed.defaults.text, str(s.defaults));
  for (const r of schemaRefs) { r.tab.remove(); r.panel.remove(); }
  schemaRefs = [];
  for (const r of Array.isArray(s.refs) ? s.refs : []) addSchemaRef(str(r?.url), str(r?.text));
  $('prefix').value = str(s.prefix);
  $('answers').value = str(s.answers);
  $('typing').value = s.typing === 'yaml-1.2' ? 'yaml-1.2' : 'helm';
  const m = s.manifest && typeof s.manifest === 'object' ? s.manifest : {};
  manifestEditor.nameInput.value = str(m.file?.path) || 'manifest.yaml';
  setText(manifestEditor.text, str(m.file?.text));
  for (const f of manifestFields) $(`m-${f}`).value = str(m[f]);
  setText($('decode-input'), files[0] ? str(files[0].text) : '');
  // An example holds neither: the chart and the Replay tab keep what they hold when another example is chosen.
  if (s.chart && typeof s.chart === 'object') for (const f of ['name', 'from', 'to']) $(`chart-${f}`).value = str(s.chart[f]);
  if (s.replay && typeof s.replay === 'object') {
    setText(replayEditors.migration.text, str(s.replay.migration));
    replayEditors.values.nameInput.value = str(s.replay.file?.path) || 'values.yaml';
    setText(replayEditors.values.text, str(s.replay.file?.text));
    $('replay-prefix').value = str(s.replay.prefix);
    $('replay-drift').checked = s.replay.allowSchemaDrift === true;
  }
  const example = Object.hasOwn(examples, s.example) ? examples[s.example] : null;
  $('example').value = example ? s.example : '';
  $('example-about').replaceChildren(...ticked(example?.about ?? ''));
  const manifestMode = s.mode ? s.mode === 'manifest' : s.kind === 'manifest';
  activate(manifestMode ? $('tab-mode-manifest') : $('tab-mode-values'));
  activate(valuesFiles[0].tab);
}

const MANIFEST_SAMPLE = 'manifest-adr-0020';
const BUNDLED = { [FIRST]: bosun, [MANIFEST_SAMPLE]: manifestSample };
const loadExampleData = (name) => (Object.hasOwn(BUNDLED, name) ? BUNDLED[name] : load(name));

/** An example as a state (its module is imported when first chosen); a values example keeps the ADR sample in the Manifest tab. */
async function exampleFor(name) {
  if (typeof name !== 'string' || !Object.hasOwn(examples, name)) return null;
  // Both at once (the opening example's two are bundled).
  const [ex, sample] = await Promise.all([
    loadExampleData(name), Object.hasOwn(examples, MANIFEST_SAMPLE) ? loadExampleData(MANIFEST_SAMPLE) : null,
  ]);
  const manifest = ex.manifest ?? sample?.manifest ?? {};
  return { ...ex, example: name, mode: ex.kind, manifest };
}

async function loadExample(name) {
  document.body.dataset.pending = 'true';
  applyState(await exampleFor(name));
  notify('');
  history.replaceState(null, '', location.pathname + location.search);
  runNow();
}

// ---------------------------------------------------------------- the worker

const worker = boot.worker;
let nextRequest = 1;
let latest = 0;
let busy = false;
let dirty = false;
let timer = null;
const pending = new Map();
/** When each step of the cold start happened, on the page's clock (for docs/BENCHMARKS.md). */
const timeline = { boot: performance.timeOrigin + boot.start, appStart: performance.timeOrigin + performance.now() };

/** Sends a request; its reply resolves the promise. A `run` request carries its key (see `early`). */
function ask(type, payload) {
  const id = nextRequest++;
  worker.postMessage({ type, id, ...payload });
  const key = type === 'run' ? runKey(payload) : null;
  return new Promise((resolve) => pending.set(id, { resolve, key }));
}

/** The worker's unasked reply for the example the page opens on, until a `run` with its inputs takes it. */
let early = null;

/** The early reply, if it answers a `run` with this payload (once). */
function takeEarly(payload) {
  if (!early || early.key !== runKey(payload)) return null;
  const reply = early;
  early = null;
  return reply;
}

function onMessage(data) {
  data.arrived = performance.timeOrigin + performance.now();
  if (data.type === 'ready') {
    document.body.dataset.libraryMs = data.ms.toFixed(1);
    Object.assign(timeline, data.timeline);
    return;
  }
  if (data.type === 'fatal') {
    showInternal(`the library could not start: ${data.error}`);
    return;
  }
  if (data.type === 'early') {
    // A `run` already waiting for these inputs takes it now, without waiting for the worker's answer.
    const waiting = [...pending].find(([, p]) => p.key === data.key);
    if (!waiting) early = data;
    else {
      pending.delete(waiting[0]);
      waiting[1].resolve(data);
    }
    return;
  }
  pending.get(data.id)?.resolve(data);
  pending.delete(data.id);
}
worker.onmessage = (event) => onMessage(event.data);
for (const data of boot.early) onMessage(data);

/** Runs after the inputs have been still for a moment; typing only restarts the timer. */
function schedule() {
  clearTimeout(timer);
  document.body.dataset.pending = 'true';
  $('status').setAttribute('aria-busy', 'true');
  timer = setTimeout(runNow, DEBOUNCE_MS);
}

/** Asks the worker for a result, one request at a time; a result for inputs since changed is dropped. */
async function runNow() {
  clearTimeout(timer);
  if (busy) {
    dirty = true;
    return;
  }
  busy = true;
  dirty = false;
  document.body.dataset.pending = 'true';
  $('status').setAttribute('aria-busy', 'true');
  const s = state();
  const id = ++latest;
  timeline.requestSent ??= performance.timeOrigin + performance.now();
  const reply = s.mode === 'manifest'
    ? await ask('patch', { input: { ...s.manifest, namespace: s.manifest.namespace || null, container: s.manifest.container || null } })
    : await runRequest({ ...s, wantDiagnosis: !$('panel-diagnose').hidden });
  busy = false;
  if (dirty || id !== latest) {
    runNow();
    return;
  }
  delete document.body.dataset.pending;
  $('status').removeAttribute('aria-busy');
  // Typing that does not change the outcome (a comment, a value elsewhere) leaves the result's DOM alone.
  const drawn = JSON.stringify([s.mode, reply.error, reply.result, reply.diagnosis != null, reply.answerProblems, s.prefix.trim() !== '']);
  if (drawn !== lastDrawn || reply.diagnosis) {
    lastDrawn = drawn;
    if (reply.error) showInternal(reply.error);
    else if (s.mode === 'manifest') showPatch(reply.result);
    else showRun(reply, s);
  }
  showTiming(reply, s.mode === 'manifest' ? 'patch' : reply.withProposal ? 'migrate' : 'diagnose');
  // The Replay tab uses these schemas, defaults and typing: shown, it follows them.
  if (!$('panel-replay').hidden) runReplay();
  if (!document.body.dataset.ready) firstResult(reply);
}

/** The reply to a `run`: the worker's early reply when it is for these inputs, else the worker's answer. */
const runRequest = (payload) => Promise.resolve(takeEarly(payload) ?? ask('run', payload));

/** Records the cold start's timeline: the first result in the DOM now, then on screen (the frame after). */
function firstResult(reply) {
  const record = () => {
    document.body.dataset.timeline = JSON.stringify(Object.fromEntries(Object.entries(timeline)
      .map(([k, v]) => [k, Math.round((v - performance.timeOrigin) * 10) / 10])));
  };
  // An early reply was never asked for: no time when the worker received a request.
  if (reply.received != null) timeline.requestReceived = reply.received;
  Object.assign(timeline, { runStarted: reply.started, runDone: reply.done, replyArrived: reply.arrived, rendered: performance.timeOrigin + performance.now() });
  record();
  document.body.dataset.ready = 'true';
  document.body.dataset.firstResultMs = performance.now().toFixed(1);
  performance.mark('first-result');
  // A message posted from the next animation frame arrives once that frame (style, layout, paint) is done.
  requestAnimationFrame(() => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      timeline.painted = performance.timeOrigin + performance.now();
      record();
      document.body.dataset.firstPaintMs = performance.now().toFixed(1);
      channel.port1.close();
    };
    channel.port2.postMessage(null);
  });
}

function showTiming(reply, what) {
  $('timing').textContent = `${what} took ${reply.ms < 10 ? reply.ms.toFixed(1) : Math.round(reply.ms)} ms`;
  $('timing').title = 'Time the library spent in the worker on the last run';
}

function showInternal(message) {
  // The library throws only on a programming error: say so, loudly.
  $('status').dataset.status = 'error';
  $('badge').textContent = 'error';
  $('badge').className = 'badge invalid';
  $('summary').textContent = `internal error: ${message}`;
  delete document.body.dataset.pending;
  console.error(message);
}

// ---------------------------------------------------------------- results

/** Fills a list section, hiding it when there is nothing to list. */
function fill(list, items, row) {
  const section = $(`${list}-section`);
  $(list).replaceChildren(...items.map((item) => el('li', {}, row(item))));
  if ($(`${list}-count`)) $(`${list}-count`).textContent = String(items.length);
  if (section) section.hidden = items.length === 0;
}

const errorRow = (e) => [place(e), ' ', el('span', { class: 'message' }, e.message)];

function escalationRow(e) {
  return [code(e.path), ' ', el('span', { class: 'message' }, e.message), ' ',
    el('button', { type: 'button', class: 'ghost small', on: { click: () => answer(e.path) } }, 'Answer…')];
}

/** Adds `path=` to the answers and puts the caret after it. */
function answer(path) {
  const field = $('answers');
  const lines = field.value.split('\n').filter((l) => l.trim() !== '' && !l.startsWith(`${path}=`));
  lines.push(`${path}=`);
  field.value = lines.join('\n');
  field.focus();
  field.setSelectionRange(field.value.length, field.value.length);
}

let current = null;
let diagnosisFresh = false;
let lastDrawn = null;

function showStatus(status, parts) {
  $('status').dataset.status = status;
  $('badge').textContent = status;
  $('badge').className = `badge ${status}`;
  $('summary').replaceChildren(...parts);
}

function runSummary(result, given) {
  const parts = [];
  if (result.prefix != null) {
    parts.push(el('span', { id: 'prefix-shown' }, 'values at ', code(result.prefix === '' ? '(root)' : result.prefix),
      result.valuesFile ? [' in ', code(result.valuesFile)] : null,
      result.valuesDocument ? ` (document ${result.valuesDocument + 1})` : null,
      given ? ' (given)' : ' (discovered)'));
  }
  const counts = [];
  if (result.errors.length) counts.push(plural(result.errors.length, 'error'));
  if (result.refusals.length) counts.push(plural(result.refusals.length, 'refusal'));
  if (result.escalations.length) counts.push(plural(result.escalations.length, 'escalation'));
  if (result.ops.length) counts.push(plural(result.ops.length, 'op'));
  if (result.notCarried.length) counts.push(`${result.notCarried.length} not carried`);
  if (counts.length) parts.push(el('span', { class: 'counts' }, counts.join(' · ')));
  return parts;
}

function showDiff(text, emptyText) {
  $('diff').replaceChildren(...diffLines(text));
  $('diff').hidden = text === '';
  $('diff-empty').hidden = text !== '';
  $('diff-empty').textContent = emptyText;
  $('copy-diff').disabled = text === '';
}

function showRun({ result, diagnosis, withProposal, answerProblems }, s) {
  current = { kind: 'run', result };
  showStatus(result.status, runSummary(result, s.prefix.trim() !== ''));
  setValuesSectionsHidden(false);
  fill('errors', result.errors, errorRow);
  fill('refusals', result.refusals, (r) => [el('span', { class: 'kind' }, r.kind), ' ',
    r.path ? code(r.path) : null, ' ', place(r), el('div', { class: 'message' }, r.message)]);
  fill('escalations', result.escalations, escalationRow);
  fill('not-carried', result.notCarried, (n) => [code(n.path), ' = ', code(shown(n.value))]);
  fill('ops', result.ops, (op) => opRow(op));
  fill('kept', result.keptComments, (k) => [place({ ...k, column: 1, utf16Column: 1 }), ' ', code(k.path),
    el('div', {}, el('code', { class: 'comment-text' }, k.text))]);
  const diff = result.files.map((f) => f.diff).join('');
  showDiff(diff, !withProposal
    ? 'No proposal: showing what diagnose() finds. Write one, or press "Start a proposal", to get a plan and a diff.'
    : result.status === 'planned' || result.status === 'unchanged' ? 'No change to write.' : 'Nothing is written unless the status is planned.');
  $('comment').textContent = result.comment;
  $('comment-empty').hidden = result.comment !== '';
  $('copy-comment').disabled = result.comment === '';
  $('download').disabled = !(result.status === 'planned' && result.files.some((f) => f.changed));
  $('download').textContent = 'Download migrated file';
  $('record-section').hidden = false;
  for (const id of ['download-migration', 'replay-recording']) $(id).disabled = !(withProposal && result.status === 'planned');
  diagnosisFresh = diagnosis != null;
  if (diagnosis) showDiagnosis(diagnosis);
  markInputs([...result.errors, ...result.refusals]);
  $('answer-problems').replaceChildren(...answerProblems.map((p) => el('li', {}, p)));
  $('answers').setAttribute('aria-invalid', String(answerProblems.length > 0));
}

function setValuesSectionsHidden(hidden) {
  for (const id of ['ops-section', 'kept-section', 'escalations-section', 'not-carried-section']) if (hidden) $(id).hidden = true;
  $('manifest-reason-section').hidden = !hidden;
}

function showPatch(result) {
  current = { kind: 'patch', result };
  const at = result.line == null ? null : { file: result.file.path, line: result.line, column: result.column, utf16Column: result.utf16Column };
  showStatus(result.status, [el('span', { class: 'counts' }, result.status === 'patched' ? 'one scalar replaced in place' : 'nothing written')]);
  setValuesSectionsHidden(true);
  fill('errors', [], errorRow);
  fill('refusals', [], errorRow);
  $('manifest-reason').replaceChildren(at ? place(at) : '', at ? ' ' : '', result.reason);
  $('manifest-reason-section').className = `block ${result.status === 'patched' ? '' : 'problem'}`;
  showDiff(result.file.diff, result.status === 'patched' ? 'No change to write.' : 'Nothing is written unless the status is patched.');
  $('comment').textContent = '';
  $('comment-empty').hidden = false;
  $('copy-comment').disabled = true;
  $('download').disabled = !(result.status === 'patched' && result.file.changed);
  $('download').textContent = 'Download patched file';
  $('record-section').hidden = true;
  markInputs(at && result.status !== 'patched' ? [{ ...at, message: result.reason }] : []);
}

function showDiagnosis(result) {
  $('diagnose-badge').textContent = result.status;
  $('diagnose-badge').className = `badge ${result.status}`;
  const brief = result.brief ?? '';
  $('brief').textContent = brief;
  $('brief').hidden = brief === '';
  $('brief-empty').hidden = brief !== '';
  $('copy-brief').disabled = brief === '';
  fill('diagnose-errors', result.errors, errorRow);
  fill('displaced', result.displaced, (d) => [code(d.path), ' = ', code(shown(d.value)),
    d.baseAccepts ? null : el('span', { class: 'kind' }, 'base rejects it too'),
    el('div', { class: 'reason' }, d.reason)]);
  fill('derivable', result.derivable, (d) => [code(d.path), ' = ', code(shown(d.value)),
    el('span', { class: 'reason' }, `source: ${d.source}`)]);
  fill('diagnose-escalations', result.escalations, escalationRow);
  fill('changelog', result.changelog, (c) => [el('span', { class: `kind change-${c.kind}` }, c.kind), ' ', code(c.path)]);
}

/**
 * Marks each input that a problem points into: a dot on its tab with words for screen readers,
 * `aria-invalid` on the textarea, and the problems listed under it (its `aria-describedby`).
 */
function markInputs(problems) {
  const all = [...valuesFiles, ...Object.values(fixed), ...schemaRefs, manifestEditor];
  const byEditor = new Map(all.map((ed) => [ed, []]));
  for (const p of problems) {
    const ed = p.file ? editorFor(p.file) : null;
    if (ed) byEditor.get(ed).push(p);
  }
  for (const [ed, list] of byEditor) markEditor(ed, list, (p) => reveal(p.file, p.line, p.utf16Column ?? 1));
}

/** Marks one editor with the problems located in it; `show(problem)` reveals one. */
function markEditor(ed, list, show) {
  ed.tab.classList.toggle('has-problem', list.length > 0);
  ed.tab.querySelector('.marker').textContent = list.length ? ` (${plural(list.length, 'problem')})` : '';
  ed.text.setAttribute('aria-invalid', String(list.length > 0));
  ed.problems.replaceChildren(...list.map((p) => el('li', {},
    p.line == null ? '' : el('button', { type: 'button', class: 'loc', on: { click: () => show(p) } }, `line ${p.line}, column ${p.column}`),
    p.line == null ? '' : ': ', p.kind ? `${p.kind}: ` : '', p.message)));
}

// ---------------------------------------------------------------- decode

let decodeTimer = null;
async function renderDecode() {
  const reply = await ask('decode', { text: textOf($('decode-input')), file: 'input.yaml', typing: $('typing').value });
  const result = reply.result;
  const status = $('decode-status');
  if (!result) return;
  if (result.errors.length === 0) {
    status.className = 'decode-status ok';
    status.textContent = plural(result.documents.length, 'document');
    $('decode-output').textContent = JSON.stringify(result.documents, null, 2);
  } else {
    status.className = 'decode-status error';
    status.textContent = result.errors
      .map((e) => (e.line == null ? `${e.file}: ${e.message}` : `${e.file}:${e.line}:${e.column}: ${e.message}`))
      .join('\n');
    $('decode-output').textContent = '';
  }
}

// ---------------------------------------------------------------- actions

function notify(text) {
  $('notice').textContent = text;
}

async function copy(text, what, fallback) {
  try {
    await navigator.clipboard.writeText(text);
    notify(`${what} copied to the clipboard.`);
  } catch {
    // No clipboard permission: select the text so that the person can copy it.
    if (fallback instanceof HTMLInputElement || fallback instanceof HTMLTextAreaElement) {
      fallback.focus();
      fallback.select();
    } else {
      const range = document.createRange();
      range.selectNodeContents(fallback);
      getSelection().removeAllRanges();
      getSelection().addRange(range);
    }
    notify(`The clipboard is not available here; ${what.toLowerCase()} is selected, press Ctrl+C to copy it.`);
  }
}

/** The playground link for the current state. */
async function shareLink() {
  const s = state();
  const fragment = await encodeState(s, await exampleFor(s.example));
  return `${location.origin}${location.pathname}#${fragment}`;
}

async function copyLink() {
  const link = await shareLink();
  $('share-link').value = link;
  history.replaceState(null, '', link);
  await copy(link, 'The link', $('share-link'));
  updateEmbed(link);
}

/** The HTML a docs page needs to show this migration. */
function updateEmbed(link) {
  const s = state();
  const indent = (text) => text.replace(/<\/script/gi, '<\\/script').replace(/\n?$/, '\n');
  const block = (role, text, extra = '') => (text.trim() === '' ? ''
    : `  <script type="text/yaml" data-role="${role}"${extra}>\n${indent(text)}  </script>\n`);
  const attrs = [s.prefix.trim() ? ` prefix="${escapeAttr(s.prefix.trim())}"` : '', s.typing !== 'helm' ? ` typing="${s.typing}"` : '',
    s.answers.trim() ? ` answers="${escapeAttr(s.answers.trim())}"` : ''].join('');
  const base = new URL('embed.js', location.href).href;
  $('embed-snippet').value = `<script type="module" src="${base}"></script>\n`
    + `<values-migrate-example playground="${new URL('./', location.href).href}"${attrs}>\n`
    + s.values.map((f) => block('values', f.text, ` data-name="${escapeAttr(f.path)}"`)).join('')
    + block('base-schema', s.baseSchema) + block('target-schema', s.targetSchema) + block('proposal', s.proposal)
    + block('defaults', s.defaults)
    + '</values-migrate-example>\n';
  if (link) $('share-link').value = link;
}

const escapeAttr = (text) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

async function startProposal() {
  const reply = await ask('proposal', state());
  if (reply.error) return showInternal(reply.error);
  if (reply.text == null) {
    notify('No values found to start from: the values must be readable and their place (the prefix) found. See the result.');
    return;
  }
  setText(fixed.proposal.text, reply.text);
  activate(fixed.proposal.tab);
  fixed.proposal.text.focus();
  fixed.proposal.text.setSelectionRange(0, 0);
  fixed.proposal.text.scrollTop = 0;
  const n = reply.diagnosis.displaced.length;
  notify(`Proposal started from the values at ${reply.diagnosis.prefix || 'the root'}: ${plural(n, 'displaced key')} marked with a comment. Move or delete each; the plan follows as you edit.`);
  runNow();
}

async function copyModelBrief() {
  const reply = await ask('brief', state());
  if (reply.error) return showInternal(reply.error);
  showDiagnosis(reply.diagnosis);
  await copy(reply.diagnosis.brief ?? '', 'The brief', $('brief'));
}

/** Saves `text` as a file named `name`, made in the page (a blob: URL, nothing uploaded). */
function save(text, name, type) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = el('a', { href: url, download: name });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

function download() {
  const file = current?.kind === 'patch' ? current.result.file : current?.result.files.find((f) => f.changed);
  if (!file) return;
  save(file.after, file.path.split('/').pop(), 'text/yaml');
  notify(`Downloaded the new ${file.path}.`);
}

// ---------------------------------------------------------------- recording and replay

/** The chart bump the recording names, from the optional chart inputs (null when all are empty). */
function chartBump() {
  const [name, from, to] = ['name', 'from', 'to'].map((f) => $(`chart-${f}`).value.trim() || null);
  return name || from || to ? { name, from, to } : null;
}

/** The recording of the current migration as JSON text, or null (said in the notice) when there is none. */
async function recording() {
  const reply = await ask('record', { ...state(), chart: chartBump() });
  if (reply.error) {
    showInternal(reply.error);
    return null;
  }
  if (!reply.migration) {
    notify(`Nothing to record: the migration is ${reply.status}, and only a verified one is recorded.`);
    return null;
  }
  return `${JSON.stringify(reply.migration, null, 2)}\n`;
}

async function downloadMigration() {
  const text = await recording();
  if (text == null) return;
  save(text, 'migration.json', 'application/json');
  notify('Downloaded migration.json: replay it on other values files in the Replay tab, or with values-migrate replay.');
}

async function replayRecording() {
  const text = await recording();
  if (text == null) return;
  setText(replayEditors.migration.text, text);
  activate($('tab-replay'), true);
  notify('The recording is in the Replay tab: put another values file next to it.');
}

let replayTimer = null;
let replayBusy = false;
let replayDirty = false;
let replayed = null;

function scheduleReplay() {
  clearTimeout(replayTimer);
  $('replay-status').setAttribute('aria-busy', 'true');
  replayTimer = setTimeout(runReplay, DEBOUNCE_MS);
}

/** Asks the worker to replay, one request at a time; a reply for inputs since changed is asked again. */
async function runReplay() {
  clearTimeout(replayTimer);
  if (replayBusy) {
    replayDirty = true;
    return;
  }
  const s = state();
  if (s.replay.migration.trim() === '') {
    showReplay(null);
    return;
  }
  replayBusy = true;
  replayDirty = false;
  $('replay-status').setAttribute('aria-busy', 'true');
  const reply = await ask('replay', s);
  replayBusy = false;
  if (replayDirty) {
    runReplay();
    return;
  }
  if (reply.error) {
    showReplay(null);
    showInternal(reply.error);
    return;
  }
  showReplay(reply.result);
  showTiming(reply, 'replay');
}

/** Where a replay's problem is, as a button that shows it when it is in one of the Replay tab's inputs. */
function replayPlace(item) {
  // A malformed recording's message already starts with `migration:line:column`.
  if (item.line == null && item.message?.startsWith(`${item.file}:`)) return null;
  const ed = replayEditorFor(item.file);
  if (!ed || item.line == null) return place(item);
  return el('button', {
    type: 'button', class: 'loc', title: 'Show this place in the input',
    on: { click: () => revealIn(ed.text, item.line, item.utf16Column ?? 1) },
  }, `${item.file}:${item.line}:${item.column}`);
}

const replayEditorFor = (file) => (file === 'migration' ? replayEditors.migration
  : file === replayEditors.values.nameInput.value ? replayEditors.values : null);

const short = (digest) => `${digest.slice(0, 12)}…`;

/** Draws a replay's result; `null` is the empty tab (no recording yet). */
function showReplay(result) {
  replayed = result;
  const status = $('replay-status');
  status.removeAttribute('aria-busy');
  status.dataset.status = result?.status ?? 'empty';
  $('replay-badge').textContent = result?.status ?? '';
  $('replay-badge').className = `badge ${result?.status ?? ''}`;
  const r = result ?? { errors: [], refusals: [], schemaDrift: [], replayed: [], skipped: [], files: [] };
  const counts = [plural(r.replayed.length, 'op') + ' replayed', `${r.skipped.length} skipped`];
  if (r.refusals.length) counts.push(plural(r.refusals.length, 'refusal'));
  if (r.errors.length) counts.push(plural(r.errors.length, 'error'));
  $('replay-summary').replaceChildren(...(result ? [
    result.prefix == null ? null : el('span', {}, 'values at ', code(result.prefix === '' ? '(root)' : result.prefix)),
    el('span', { class: 'counts' }, counts.join(' · '))] : ['Paste or open a migration (migration.json) to replay it on the values file.']));
  fill('replay-errors', r.errors, (e) => [replayPlace(e), ' ', el('span', { class: 'message' }, e.message)]);
  fill('replay-refusals', r.refusals, (f) => [el('span', { class: 'kind' }, f.kind), ' ', f.path ? code(f.path) : null, ' ',
    replayPlace(f), el('div', { class: 'message' }, f.message)]);
  fill('replay-drift', r.schemaDrift, (d) => [code(d.schema), ' schema ', code(d.given.file), ': recorded ',
    code(short(d.recorded.sha256)), ', given ', code(short(d.given.sha256))]);
  fill('replay-replayed', r.replayed, (op) => [opRow(op), op.note ? el('span', { class: 'reason' }, ...ticked(op.note)) : null]);
  // A skipped op's `reason` is why it is skipped (for a rename, in place of the recorded one).
  fill('replay-skipped', r.skipped, (op) => [opRow({ ...op, reason: null }), el('span', { class: 'reason' }, ...ticked(op.reason))]);
  const diff = r.files.map((f) => f.diff).join('');
  $('replay-diff').replaceChildren(...diffLines(diff));
  $('replay-diff').hidden = diff === '';
  $('replay-diff-empty').hidden = diff !== '';
  $('replay-diff-empty').textContent = !result ? '' : result.status === 'planned' || result.status === 'unchanged'
    ? 'No change to write: every recorded op is skipped for this file.' : 'Nothing is written unless the status is planned.';
  $('replay-download').disabled = !(result?.status === 'planned' && r.files.some((f) => f.changed));
  for (const ed of Object.values(replayEditors)) {
    const list = [...r.errors, ...r.refusals].filter((p) => p.line != null && replayEditorFor(p.file) === ed);
    markEditor(ed, list, (p) => revealIn(ed.text, p.line, p.utf16Column ?? 1));
  }
}

function downloadReplayed() {
  const file = replayed?.files.find((f) => f.changed);
  if (!file) return;
  save(file.after, file.path.split('/').pop(), 'text/yaml');
  notify(`Downloaded the replayed ${file.path}.`);
}

// ---------------------------------------------------------------- theme

const THEMES = ['auto', 'light', 'dark'];
function setTheme(theme) {
  if (theme === 'auto') delete document.documentElement.dataset.theme;
  else document.documentElement.dataset.theme = theme;
  const said = { auto: 'follows the system', light: 'light', dark: 'dark' }[theme];
  $('theme').textContent = { auto: '◐ auto', light: '☀ light', dark: '☾ dark' }[theme];
  $('theme').setAttribute('aria-label', `Theme: ${said}`);
  try {
    localStorage.setItem('values-migrate-theme', theme);
  } catch {
    // Storage may be off; the choice then lasts for this page only.
  }
}

// ---------------------------------------------------------------- wiring

function exampleOptions() {
  const groups = new Map();
  for (const [name, ex] of Object.entries(examples)) {
    if (!groups.has(ex.group)) groups.set(ex.group, el('optgroup', { label: ex.group }));
    groups.get(ex.group).append(new Option(ex.title, name));
  }
  $('example').append(new Option('(your own inputs)', ''), ...groups.values());
  $('example').options[0].disabled = true;
}

function wire() {
  tablist(inputTabs);
  tablist($('result-tabs'));
  tablist($('mode-tabs'));
  $('mode-tabs').addEventListener('activate', schedule);
  $('result-tabs').addEventListener('activate', (event) => {
    if (event.detail.id === 'tab-diagnose' && current?.kind === 'run' && !diagnosisFresh) runNow();
    if (event.detail.id === 'tab-share') shareLink().then(updateEmbed);
    if (event.detail.id === 'tab-decode') renderDecode();
    if (event.detail.id === 'tab-replay') runReplay();
  });
  $('replay-prefix').addEventListener('input', scheduleReplay);
  $('replay-drift').addEventListener('change', runReplay);
  $('replay-download').addEventListener('click', downloadReplayed);
  $('download-migration').addEventListener('click', downloadMigration);
  $('replay-recording').addEventListener('click', replayRecording);
  for (const field of [$('answers'), $('prefix'), ...manifestFields.map((f) => $(`m-${f}`))]) field.addEventListener('input', schedule);
  $('typing').addEventListener('change', () => {
    runNow();
    renderDecode();
  });
  keepWholePastes($('decode-input'));
  $('decode-input').addEventListener('input', () => {
    clearTimeout(decodeTimer);
    decodeTimer = setTimeout(renderDecode, DEBOUNCE_MS);
  });
  $('example').addEventListener('change', () => loadExample($('example').value));
  $('add-schema-ref').addEventListener('click', () => {
    const ed = addSchemaRef('https://', '');
    activate(ed.tab);
    ed.nameInput.focus();
  });
  $('add-file').addEventListener('click', () => {
    const ed = addValuesFile(`values-${valuesFiles.length + 1}.yaml`, '');
    activate(ed.tab);
    ed.text.focus();
    schedule();
  });
  $('copy-diff').addEventListener('click', () => copy($('diff').textContent, 'The diff', $('diff')));
  $('copy-comment').addEventListener('click', () => current && copy(current.result.comment, 'The comment', $('comment')));
  $('copy-brief').addEventListener('click', () => copy($('brief').textContent, 'The brief', $('brief')));
  $('copy-link').addEventListener('click', copyLink);
  $('copy-link-2').addEventListener('click', copyLink);
  $('copy-embed').addEventListener('click', () => copy($('embed-snippet').value, 'The HTML', $('embed-snippet')));
  $('share-link').addEventListener('keydown', (event) => {
    if (event.key !== 'Enter') return;
    const hash = $('share-link').value.split('#')[1];
    if (hash) openFragment(`#${hash}`);
  });
  $('download').addEventListener('click', download);
  startButton.addEventListener('click', startProposal);
  briefButton.addEventListener('click', copyModelBrief);
  $('theme').addEventListener('click', () => {
    const now = document.documentElement.dataset.theme ?? 'auto';
    setTheme(THEMES[(THEMES.indexOf(now) + 1) % THEMES.length]);
  });
  window.addEventListener('hashchange', () => openFragment(location.hash));
}

/** Restores the inputs from a link's fragment; a damaged one leaves the page on its example and says so. */
async function openFragment(hash) {
  try {
    applyState(await decodeState(hash, exampleFor));
    notify('Opened from a link: every input is as it was shared.');
  } catch (error) {
    await loadExample(FIRST);
    notify(`This link's state could not be read (${error.message}); showing the bosun example instead.`);
    return;
  }
  runNow();
}

exampleOptions();
wire();
setTheme(document.documentElement.dataset.theme ?? 'auto');
activate($('tab-result'));
if (location.hash.startsWith('#s=')) openFragment(location.hash);
else loadExample(FIRST);
