// The workbench only translates: the inputs' text in, the library's result out, as text nodes.
import init, { decode, diagnose, migrate } from './pkg/web/values_migrate.js';
import examples from './examples.js';

const $ = (id) => document.getElementById(id);

/** Creates an element; strings among `children` become text nodes (never HTML). */
function el(tag, props = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(props)) {
    if (value == null || value === false) continue;
    if (key === 'class') node.className = value;
    else if (key === 'on') for (const [type, fn] of Object.entries(value)) node.addEventListener(type, fn);
    else if (key in node && typeof value !== 'string') node[key] = value;
    else node.setAttribute(key, value);
  }
  node.append(...children.flat().filter((c) => c != null && c !== false));
  return node;
}

/** A value as the page prints it: JSON, so that `8083` and `"8083"` stay apart. */
const shown = (value) => JSON.stringify(value);
const code = (text) => el('code', {}, text);
const plural = (n, one, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

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

// ---------------------------------------------------------------- inputs

const inputTabs = $('input-tabs');
const inputPanels = $('input-panels');
const fixed = { base: $('base'), target: $('target'), proposal: $('proposal'), defaults: $('defaults') };
// The names the library gives the non-values inputs in its diagnostics.
const inputByName = { baseSchema: 'base', targetSchema: 'target', proposal: 'proposal', defaults: 'defaults' };

/** The candidate values files, in order: `{ id, tab, panel, name, text }`. */
let valuesFiles = [];
let nextId = 0;

function addValuesFile(name, text) {
  const id = nextId++;
  const label = el('span', { class: 'tab-label' }, name);
  const tab = el('button', {
    type: 'button', role: 'tab', id: `tab-values-${id}`, 'aria-controls': `panel-values-${id}`, class: 'values-tab',
  }, label, el('span', { class: 'marker', 'aria-hidden': 'true' }));
  const nameInput = el('input', {
    id: `values-name-${id}`, type: 'text', value: name, spellcheck: 'false', autocomplete: 'off',
  });
  const remove = el('button', { type: 'button', class: 'ghost small' }, 'Remove file');
  const textarea = el('textarea', { id: `values-${id}`, spellcheck: 'false', autocomplete: 'off', wrap: 'off' });
  textarea.value = text;
  const panel = el('div', { role: 'tabpanel', id: `panel-values-${id}`, 'aria-labelledby': `tab-values-${id}`, class: 'editor', hidden: true },
    el('div', { class: 'file-row' },
      el('label', { for: nameInput.id }, 'File name'), nameInput, remove),
    el('label', { for: textarea.id, class: 'visually-hidden' }, `Contents of values file ${valuesFiles.length + 1}`),
    textarea);
  const file = { id, tab, label, panel, name: nameInput, text: textarea, remove };
  nameInput.addEventListener('input', () => {
    label.textContent = nameInput.value || '(unnamed)';
    schedule();
  });
  textarea.addEventListener('input', schedule);
  remove.addEventListener('click', () => removeValuesFile(file));
  const firstFixed = $('tab-base');
  inputTabs.insertBefore(tab, firstFixed);
  inputPanels.insertBefore(panel, $('panel-base'));
  valuesFiles.push(file);
  syncRemoveButtons();
  return file;
}

function removeValuesFile(file) {
  if (valuesFiles.length === 1) return;
  const wasSelected = file.tab.getAttribute('aria-selected') === 'true';
  file.tab.remove();
  file.panel.remove();
  valuesFiles = valuesFiles.filter((f) => f !== file);
  syncRemoveButtons();
  if (wasSelected) activate(valuesFiles[0].tab, true);
  schedule();
}

function syncRemoveButtons() {
  for (const f of valuesFiles) f.remove.disabled = valuesFiles.length === 1;
}

$('add-file').addEventListener('click', () => {
  const file = addValuesFile(`values-${valuesFiles.length + 1}.yaml`, '');
  activate(file.tab);
  file.text.focus();
  schedule();
});

/** The tab and textarea that a diagnostic's `file` names, if any. */
function editorFor(file) {
  const key = inputByName[file];
  if (key) return { tab: $(`tab-${key}`), textarea: fixed[key] };
  const values = valuesFiles.find((f) => f.name.value === file);
  return values ? { tab: values.tab, textarea: values.text } : null;
}

/** Selects `line`, from UTF-16 `column` to its end, in the input that `file` names. */
function reveal(file, line, column) {
  const editor = editorFor(file);
  if (!editor) return;
  activate(editor.tab);
  const { textarea } = editor;
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
  textarea.scrollIntoView({ block: 'nearest' });
}

/** `file:line:column` as a button that reveals the place, or the file name alone. */
function location(item) {
  if (!item.file) return null;
  const text = item.line == null ? item.file : `${item.file}:${item.line}:${item.column}`;
  if (!editorFor(item.file)) return el('span', { class: 'loc' }, text);
  return el('button', {
    type: 'button', class: 'loc', title: 'Show this place in the input',
    on: { click: () => reveal(item.file, item.line ?? 1, item.utf16Column ?? 1) },
  }, text);
}

/** The answers field's `path=value` lines, each value read as YAML by the library. */
function readAnswers(typing) {
  const answers = {};
  const problems = [];
  for (const [i, line] of $('answers').value.split('\n').entries()) {
    if (line.trim() === '') continue;
    const at = line.indexOf('=');
    if (at < 0) {
      problems.push(`line ${i + 1}: expected path=value`);
      continue;
    }
    const path = line.slice(0, at).trim();
    const value = decode(line.slice(at + 1).trim(), { file: `answer ${path}`, typing });
    if (value.errors.length > 0) {
      problems.push(`line ${i + 1}: ${value.errors[0].message}`);
      continue;
    }
    answers[path] = value.documents[0] ?? null;
  }
  return { answers, problems };
}

function gather() {
  const typing = $('typing').value;
  const { answers, problems } = readAnswers(typing);
  const prefix = $('prefix').value.trim();
  return {
    input: {
      files: valuesFiles.map((f) => ({ path: f.name.value, text: f.text.value })),
      baseSchema: fixed.base.value,
      targetSchema: fixed.target.value,
      proposal: fixed.proposal.value,
      prefix: prefix === '' ? null : prefix,
      answers,
      defaults: fixed.defaults.value.trim() === '' ? null : fixed.defaults.value,
      typing,
    },
    answerProblems: problems,
  };
}

// ---------------------------------------------------------------- results

/** Fills a list section, hiding it when there is nothing to list. */
function fill(list, items, row) {
  const section = $(`${list}-section`);
  const nodes = items.map((item) => el('li', {}, row(item)));
  $(list).replaceChildren(...nodes);
  if ($(`${list}-count`)) $(`${list}-count`).textContent = String(items.length);
  if (section) section.hidden = items.length === 0;
}

const errorRow = (e) => [location(e), ' ', el('span', { class: 'message' }, e.message)];

function opRow(op) {
  switch (op.op) {
    case 'remove':
      return [el('span', { class: 'op op-remove' }, 'remove'), ' ', code(op.path)];
    case 'rename':
      return [el('span', { class: 'op op-rename' }, 'rename'), ' ', code(op.from), ' → ', code(op.to),
        op.reason ? el('span', { class: 'reason' }, op.reason) : null];
    case 'set':
      return [el('span', { class: 'op op-set' }, 'set'), ' ', code(op.path), ' = ', code(shown(op.value)),
        el('span', { class: 'reason' }, `source: ${op.source}`)];
    default:
      return [el('span', { class: 'op' }, op.op), ' ', code(shown(op))];
  }
}

/** Renders a unified diff line by line, each line a text node with its own class. */
function showDiff(text) {
  const lines = text.split(/(?<=\n)/);
  $('diff').replaceChildren(...lines.map((line) => {
    const kind = line.startsWith('+++') || line.startsWith('---') ? 'meta'
      : line.startsWith('@@') ? 'hunk'
        : line.startsWith('+') ? 'add'
          : line.startsWith('-') ? 'del' : 'ctx';
    return el('span', { class: `line ${kind}` }, line);
  }));
  $('diff').hidden = text === '';
  $('diff-empty').hidden = text !== '';
}

function escalationRow(e) {
  return [code(e.path), ' ', el('span', { class: 'message' }, e.message), ' ',
    el('button', { type: 'button', class: 'ghost small', on: { click: () => answer(e.path) } }, 'Answer…')];
}

/** Adds `path=` to the answers and puts the caret after it. */
function answer(path) {
  const field = $('answers');
  const lines = field.value.split('\n').filter((l) => l.trim() !== '');
  lines.push(`${path}=`);
  field.value = lines.join('\n');
  field.focus();
  field.setSelectionRange(field.value.length, field.value.length);
}

let current = null;

function showStatus(result, given) {
  const status = $('status');
  status.dataset.status = result.status;
  $('badge').textContent = result.status;
  $('badge').className = `badge ${result.status}`;
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
  $('summary').replaceChildren(...parts);
}

function showResult(result, withProposal) {
  fill('errors', result.errors, errorRow);
  fill('refusals', result.refusals, (r) => [el('span', { class: 'kind' }, r.kind), ' ',
    r.path ? code(r.path) : null, ' ', location(r), el('div', { class: 'message' }, r.message)]);
  fill('escalations', result.escalations, escalationRow);
  fill('not-carried', result.notCarried, (n) => [code(n.path), ' = ', code(shown(n.value))]);
  fill('ops', result.ops, opRow);
  fill('kept', result.keptComments, (k) => [location({ ...k, column: 1, utf16Column: 1 }), ' ', code(k.path),
    el('div', {}, el('code', { class: 'comment-text' }, k.text))]);
  const diff = result.files.map((f) => f.diff).join('');
  showDiff(diff);
  if (!withProposal) $('diff-empty').textContent = 'No proposal: showing what diagnose() finds. Write a proposal to get a plan and a diff.';
  else $('diff-empty').textContent = result.status === 'planned' || result.status === 'unchanged' ? 'No change to write.' : 'Nothing is written unless the status is planned.';
  $('comment').textContent = result.comment;
  $('comment').hidden = result.comment === '';
  $('comment-empty').hidden = result.comment !== '';
  $('copy-comment').disabled = result.comment === '';
  $('copy-diff').disabled = diff === '';
  $('download').disabled = !(result.status === 'planned' && result.files.some((f) => f.changed));
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

/** Marks the input tabs that a diagnostic points into. */
function markInputs(result) {
  const named = new Set([...result.errors, ...result.refusals].map((p) => p.file).filter(Boolean));
  for (const tab of inputTabs.querySelectorAll('[role="tab"]')) tab.classList.remove('has-problem');
  for (const file of named) editorFor(file)?.tab.classList.add('has-problem');
}

function showAnswerProblems(problems) {
  $('answer-problems').replaceChildren(...problems.map((p) => el('li', {}, p)));
  $('answer-problems').hidden = problems.length === 0;
}

function render() {
  clearTimeout(timer);
  timer = null;
  delete document.body.dataset.pending;
  const { input, answerProblems } = gather();
  try {
    const diagnosis = diagnose(input);
    const withProposal = input.proposal.trim() !== '';
    const result = withProposal ? migrate(input) : diagnosis;
    current = result;
    showStatus(result, input.prefix != null);
    showResult(result, withProposal);
    showDiagnosis(diagnosis);
    markInputs(result);
    showAnswerProblems(answerProblems);
  } catch (error) {
    // The library throws only on a programming error: say so, loudly.
    current = null;
    $('status').dataset.status = 'error';
    $('badge').textContent = 'error';
    $('badge').className = 'badge invalid';
    $('summary').textContent = `internal error: ${error.message ?? error}`;
    console.error(error);
  }
  renderDecode();
}

let timer = null;
function schedule() {
  clearTimeout(timer);
  document.body.dataset.pending = 'true';
  timer = setTimeout(render, 150);
}

// ---------------------------------------------------------------- decode

function renderDecode() {
  const result = decode($('decode-input').value, { file: 'input.yaml', typing: $('typing').value });
  const status = $('decode-status');
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
    const range = document.createRange();
    range.selectNodeContents(fallback);
    getSelection().removeAllRanges();
    getSelection().addRange(range);
    notify(`The clipboard is not available here; ${what.toLowerCase()} is selected, press Ctrl+C to copy it.`);
  }
}

$('copy-diff').addEventListener('click', () => {
  if (!current) return;
  activate($('tab-result'));
  copy(current.files.map((f) => f.diff).join(''), 'The diff', $('diff'));
});
$('copy-comment').addEventListener('click', () => current && copy(current.comment, 'The comment', $('comment')));
$('copy-brief').addEventListener('click', () => copy($('brief').textContent, 'The brief', $('brief')));

$('download').addEventListener('click', () => {
  const file = current?.files.find((f) => f.changed);
  if (!file) return;
  const url = URL.createObjectURL(new Blob([file.after], { type: 'text/yaml' }));
  const link = el('a', { href: url, download: file.path.split('/').pop() });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
  notify(`Downloaded the migrated ${file.path}.`);
});

// ---------------------------------------------------------------- examples

/** An example folder's files, by name: the values file is whichever YAML is not the proposal or an expectation. */
function exampleInputs(files) {
  const values = Object.entries(files)
    .filter(([name]) => /\.ya?ml$/.test(name) && name !== 'proposal.yaml' && name !== 'defaults.yaml'
      && !name.startsWith('expected'))
    .map(([name, text]) => ({ name, text }));
  const about = (files['README.md'] ?? '').split('\n').find((l) => l.startsWith('# '));
  return {
    values: values.length ? values : [{ name: 'values.yaml', text: '' }],
    base: files['base.values.schema.json'] ?? '',
    target: files['target.values.schema.json'] ?? '',
    proposal: files['proposal.yaml'] ?? '',
    defaults: files['defaults.yaml'] ?? '',
    about: about ? about.slice(2) : '',
  };
}

function load(name) {
  const example = exampleInputs(examples[name] ?? {});
  for (const f of valuesFiles) {
    f.tab.remove();
    f.panel.remove();
  }
  valuesFiles = [];
  nextId = 0;
  for (const v of example.values) addValuesFile(v.name, v.text);
  fixed.base.value = example.base;
  fixed.target.value = example.target;
  fixed.proposal.value = example.proposal;
  fixed.defaults.value = example.defaults;
  $('answers').value = '';
  $('prefix').value = '';
  $('decode-input').value = example.values[0].text;
  $('example-about').textContent = example.about;
  notify('');
  activate(valuesFiles[0].tab);
  render();
}

const names = Object.keys(examples);
const first = names.includes('bosun-0.20.0-to-0.25.1') ? 'bosun-0.20.0-to-0.25.1' : names[0];
for (const name of names) $('example').add(new Option(name, name, false, name === first));

await init();
tablist(inputTabs);
tablist($('result-tabs'));
activate($('tab-result'));
for (const field of [...Object.values(fixed), $('answers'), $('prefix')]) field.addEventListener('input', schedule);
$('typing').addEventListener('change', render);
$('decode-input').addEventListener('input', renderDecode);
$('example').addEventListener('change', () => load($('example').value));
load(first);
document.body.dataset.ready = 'true';
