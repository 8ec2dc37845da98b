// Every input of the page: the values files, the schemas, the proposal, the defaults, the manifest and
// the Replay tab's documents; where a result's place is among them; the state a link or the worker
// takes, and the examples that fill them.
import { el, plural, ticked } from './view.js';
import { setText, textOf } from './line-endings.js';
import { activate, selected } from './tabs.js';
import { editor, markEditor, revealIn } from './editor.js';
import { ask } from './worker-client.js';
import { chartArrived } from './render-tab.js';
import { behaviourChartArrived } from './behaviour-tab.js';
import { $, notify } from './page.js';
import examples, { load } from './examples.js';
// The example the page opens on and the Manifest tab's sample come with the page (scripts/build bundles
// them into it); every other example is imported when first chosen.
import bosun from './examples/bosun-0.20.0-to-0.25.1.js';
import manifestSample from './examples/manifest-adr-0020.js';

/** The example the page opens on. */
export const FIRST = 'bosun-0.20.0-to-0.25.1';

/** What an edit asks for (set by the page: a run of the result, a replay). */
export const changes = { main: () => {}, replay: () => {} };
const changed = () => changes.main();

export const inputTabs = $('input-tabs');
export const inputPanels = $('input-panels');
/** The candidate values files, in order. */
export let valuesFiles = [];
export let nextId = 0;

export function addValuesFile(name, text) {
  const ed = editor({
    key: `values-${nextId}`, label: 'values file', name, testid: nextId === 0 ? 'values' : `values-${nextId}`,
    tabs: inputTabs, panels: inputPanels, onRemove: removeValuesFile, onChange: changed,
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

export function removeValuesFile(ed) {
  if (valuesFiles.length === 1) return;
  const wasSelected = ed.tab.getAttribute('aria-selected') === 'true';
  ed.tab.remove();
  ed.panel.remove();
  valuesFiles = valuesFiles.filter((f) => f !== ed);
  syncRemoveButtons();
  if (wasSelected) activate(valuesFiles[0].tab, true);
  changed();
}

/** The documents the schemas' `$ref`s name elsewhere, each named by its URL (nothing is fetched). */
export let schemaRefs = [];

export function addSchemaRef(url, text) {
  const ed = editor({
    key: `schema-ref-${nextId}`, label: 'referenced document', name: url, nameLabel: 'URL', testid: `schema-ref-${schemaRefs.length}`,
    hint: "a document a schema's $ref names: its URL as the name", tabs: inputTabs, panels: inputPanels,
    onChange: changed,
    onRemove: (gone) => {
      gone.tab.remove();
      gone.panel.remove();
      schemaRefs = schemaRefs.filter((r) => r !== gone);
      activate(fixed.target.tab, true);
      changed();
    },
  });
  nextId += 1;
  setText(ed.text, text);
  schemaRefs.push(ed);
  return ed;
}

export function syncRemoveButtons() {
  for (const f of valuesFiles) f.panel.querySelector('.ghost').disabled = valuesFiles.length === 1;
}

export function clearValuesFiles() {
  for (const f of valuesFiles) {
    f.tab.remove();
    f.panel.remove();
  }
  valuesFiles = [];
  nextId = 0;
}

/** Reads a dropped or picked chart archive into the base or target schema (and, for the target,
 * the defaults: the chart's values.yaml, its subcharts' coalesced as Helm does). */
export const chartInto = (side) => async (name, bytes) => {
  const reply = await ask('chart', { name, bytes, side });
  if (reply.chartError !== undefined) {
    notify(`Not read: ${reply.chartError}`);
    return;
  }
  const { chart } = reply;
  setText(fixed[side].text, chart.schema);
  const withDefaults = side === 'target' && chart.defaults !== null;
  if (withDefaults) setText(fixed.defaults.text, chart.defaults);
  notify(`Read the chart ${chart.name} ${chart.version} from ${name} (${plural(chart.charts.length, 'chart')}, `
    + `${plural(chart.templateFiles, 'template')}): its schema is the ${side} schema${withDefaults ? ', its values.yaml the defaults' : ''}`
    + `${chart.templateFiles > 0 ? ', its templates say which values it reads; the Rendered tab shows them rendered' : ''}.`);
  if (chart.templateFiles > 0) {
    chartArrived(side, chart);
    behaviourChartArrived(side);
  }
  changed();
};

export const fixed = {
  base: editor({ key: 'base', label: 'base schema', hint: "values.schema.json of the chart version moved from, or drop its chart (.tgz)", testid: 'base-schema', tabs: inputTabs, panels: inputPanels, onArchive: chartInto('base'), onChange: changed }),
  target: editor({ key: 'target', label: 'target schema', hint: 'values.schema.json of the chart version moved to, or drop its chart (.tgz)', testid: 'target-schema', tabs: inputTabs, panels: inputPanels, onArchive: chartInto('target'), onChange: changed }),
  proposal: editor({ key: 'proposal', label: 'proposal', hint: 'the migrated values document (YAML or JSON), rooted at the values root; empty: diagnose only', testid: 'proposal', tabs: inputTabs, panels: inputPanels, onChange: changed }),
  defaults: editor({ key: 'defaults', label: 'defaults', hint: "optional: the target chart's own values.yaml, coalesced as Helm does", testid: 'defaults', tabs: inputTabs, panels: inputPanels, placeholder: '(none)', onChange: changed }),
};
export const manifestEditor = editor({ key: 'manifest', label: 'manifest', name: 'deployment.yaml', testid: 'manifest', tabs: el('div'), panels: $('manifest-editor'), onChange: changed });
manifestEditor.panel.hidden = false;
// The Replay tab's two documents: the recording and the values file it is replayed on.
export const replayEditors = {
  migration: editor({
    key: 'replay-migration', label: 'migration', hint: 'the recording (migration.json) to replay', testid: 'replay-migration',
    tabs: el('div'), panels: $('replay-editors'), placeholder: '{"format": "values-migrate/migration@1", …}', onChange: () => changes.replay(),
  }),
  values: editor({
    key: 'replay-values', label: 'values file', name: 'values.yaml', testid: 'replay-values',
    tabs: el('div'), panels: $('replay-editors'), onChange: () => changes.replay(),
  }),
};
for (const ed of Object.values(replayEditors)) {
  // Two documents shown together, not tabs: the panels are plain groups.
  ed.panel.hidden = false;
  ed.panel.removeAttribute('role');
  ed.panel.removeAttribute('aria-labelledby');
}
export const manifestFields = ['apiVersion', 'kind', 'namespace', 'name', 'container', 'field', 'from', 'to'];

export const startButton = el('button', { type: 'button', id: 'start-proposal', class: 'small primary-outline', title: 'Fill the proposal with the values at the prefix, each displaced key marked with why the target rejects it' }, 'Start a proposal');
export const briefButton = el('button', { type: 'button', id: 'copy-model-brief', class: 'small', title: "Copy diagnose()'s brief: what a model needs to write the proposal" }, 'Copy brief for a model');
fixed.proposal.tools.append(startButton, briefButton);

// The names the library gives the non-values inputs in its diagnostics.
export const inputByName = { baseSchema: fixed.base, targetSchema: fixed.target, proposal: fixed.proposal, defaults: fixed.defaults };

/** The editor that a diagnostic's `file` names, if any. */
export function editorFor(file) {
  if (mode() === 'manifest') return file === manifestEditor.nameInput.value ? manifestEditor : null;
  return inputByName[file] ?? valuesFiles.find((f) => f.nameInput.value === file)
    ?? schemaRefs.find((r) => r.nameInput.value === file) ?? null;
}

/** Selects `line`, from UTF-16 `column` to its end, in the input that `file` names. */
export function reveal(file, line, column) {
  const ed = editorFor(file);
  if (!ed) return;
  if (ed !== manifestEditor) activate(ed.tab);
  revealIn(ed.text, line, column);
}

/** `file:line:column` as a button that reveals the place, or the file name alone. */
export function place(item) {
  if (!item.file) return null;
  const text = item.line == null ? item.file : `${item.file}:${item.line}:${item.column}`;
  if (!editorFor(item.file)) return el('span', { class: 'loc' }, text);
  return el('button', {
    type: 'button', class: 'loc', title: 'Show this place in the input',
    on: { click: () => reveal(item.file, item.line ?? 1, item.utf16Column ?? 1) },
  }, text);
}

export const mode = () => (selected($('mode-tabs'))?.id === 'tab-mode-manifest' ? 'manifest' : 'values');

/** Every input, as the share link and the worker take it. */
export function state() {
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

export const str = (v) => (typeof v === 'string' ? v : '');

/** Puts a state (an example's, or a link's) into the inputs; anything not a string becomes empty. */
export function applyState(s) {
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

export const MANIFEST_SAMPLE = 'manifest-adr-0020';
export const BUNDLED = { [FIRST]: bosun, [MANIFEST_SAMPLE]: manifestSample };
export const loadExampleData = (name) => (Object.hasOwn(BUNDLED, name) ? BUNDLED[name] : load(name));

/** An example as a state (its module is imported when first chosen); a values example keeps the ADR sample in the Manifest tab. */
export async function exampleFor(name) {
  if (typeof name !== 'string' || !Object.hasOwn(examples, name)) return null;
  // Both at once (the opening example's two are bundled).
  const [ex, sample] = await Promise.all([
    loadExampleData(name), Object.hasOwn(examples, MANIFEST_SAMPLE) ? loadExampleData(MANIFEST_SAMPLE) : null,
  ]);
  const manifest = ex.manifest ?? sample?.manifest ?? {};
  return { ...ex, example: name, mode: ex.kind, manifest };
}

/**
 * Marks each input that a problem points into: a dot on its tab with words for screen readers,
 * `aria-invalid` on the textarea, and the problems listed under it (its `aria-describedby`).
 */
export function markInputs(problems) {
  const all = [...valuesFiles, ...Object.values(fixed), ...schemaRefs, manifestEditor];
  const byEditor = new Map(all.map((ed) => [ed, []]));
  for (const p of problems) {
    const ed = p.file ? editorFor(p.file) : null;
    if (ed) byEditor.get(ed).push(p);
  }
  for (const [ed, list] of byEditor) markEditor(ed, list, (p) => reveal(p.file, p.line, p.utf16Column ?? 1));
}
