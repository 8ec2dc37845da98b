// The result drawn from the library's reply: the status, the refusals, the plan, the diff, the comment,
// the diagnosis and the patch, as text nodes, with each problem marked in its input.
import { el, code, shown, plural, opRow, diffLines } from './view.js';
import { markInputs, place } from './inputs.js';
import { $ } from './page.js';

export function showTiming(reply, what) {
  $('timing').textContent = `${what} took ${reply.ms < 10 ? reply.ms.toFixed(1) : Math.round(reply.ms)} ms`;
  $('timing').title = 'Time the library spent in the worker on the last run';
}

export function showInternal(message) {
  // The library throws only on a programming error: say so, loudly.
  $('status').dataset.status = 'error';
  $('badge').textContent = 'error';
  $('badge').className = 'badge invalid';
  $('summary').textContent = `internal error: ${message}`;
  delete document.body.dataset.pending;
  console.error(message);
}

/** Fills a list section, hiding it when there is nothing to list. */
export function fill(list, items, row) {
  const section = $(`${list}-section`);
  $(list).replaceChildren(...items.map((item) => el('li', {}, row(item))));
  if ($(`${list}-count`)) $(`${list}-count`).textContent = String(items.length);
  if (section) section.hidden = items.length === 0;
}

export const errorRow = (e) => [place(e), ' ', el('span', { class: 'message' }, e.message)];

export function escalationRow(e) {
  return [code(e.path), ' ', el('span', { class: 'message' }, e.message), ' ',
    el('button', { type: 'button', class: 'ghost small', on: { click: () => answer(e.path) } }, 'Answer…')];
}

/** Adds `path=` to the answers and puts the caret after it. */
export function answer(path) {
  const field = $('answers');
  const lines = field.value.split('\n').filter((l) => l.trim() !== '' && !l.startsWith(`${path}=`));
  lines.push(`${path}=`);
  field.value = lines.join('\n');
  field.focus();
  field.setSelectionRange(field.value.length, field.value.length);
}

/** What is drawn: the result (`current`), whether the diagnosis drawn is the result's, and the key of the last drawing. */
export const drawn = { current: null, diagnosisFresh: false, key: null };

export function showStatus(status, parts) {
  $('status').dataset.status = status;
  $('badge').textContent = status;
  $('badge').className = `badge ${status}`;
  $('summary').replaceChildren(...parts);
}

export function runSummary(result, given) {
  const parts = [];
  if (result.prefix != null) {
    parts.push(el('span', { id: 'prefix-shown' }, 'values at ', code(result.prefix === '' ? '(root)' : result.prefix),
      result.valuesFile ? [' in ', code(result.valuesFile)] : null,
      result.valuesDocument ? ` (document ${result.valuesDocument + 1})` : null,
      result.mergedDocuments ? ` (its ${result.mergedDocuments} documents merged, as Helm's -f reads them)` : null,
      given ? ' (given)' : ' (discovered)'));
    const home = valuesHome(result.valuesIn);
    if (home) parts.push(el('span', { id: 'values-in', 'data-testid': 'values-in' }, home));
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

const HOME_LABELS = {
  'argo-cd-application': 'Argo CD Application', 'argo-cd-application-set': 'Argo CD ApplicationSet',
  'flux-helm-release': 'Flux HelmRelease', 'config-map': 'ConfigMap', secret: 'Secret',
  kustomization: 'kustomization', helmfile: 'helmfile', manifest: 'manifest',
};

/** The document that holds the values, in words, when it is more than a values file. */
function valuesHome(home) {
  if (!home || (!home.string && !HOME_LABELS[home.kind])) return null;
  const label = HOME_LABELS[home.kind] ?? 'YAML file';
  const named = (home.name ? `${label} ${home.name}` : label) + (home.readBy ? `, read by ${home.readBy}` : '');
  return home.string ? `a YAML string (${home.string}) of ${named}` : named;
}

export function showDiff(text, emptyText) {
  $('diff').replaceChildren(...diffLines(text));
  $('diff').hidden = text === '';
  $('diff-empty').hidden = text !== '';
  $('diff-empty').textContent = emptyText;
  $('copy-diff').disabled = text === '';
}

export function showRun({ result, diagnosis, withProposal, answerProblems }, s) {
  drawn.current = { kind: 'run', result };
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
  drawn.diagnosisFresh = diagnosis != null;
  if (diagnosis) showDiagnosis(diagnosis);
  markInputs([...result.errors, ...result.refusals]);
  $('answer-problems').replaceChildren(...answerProblems.map((p) => el('li', {}, p)));
  $('answers').setAttribute('aria-invalid', String(answerProblems.length > 0));
}

export function setValuesSectionsHidden(hidden) {
  for (const id of ['ops-section', 'kept-section', 'escalations-section', 'not-carried-section']) if (hidden) $(id).hidden = true;
  $('manifest-reason-section').hidden = !hidden;
}

export function showPatch(result) {
  drawn.current = { kind: 'patch', result };
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

export function showDiagnosis(result) {
  $('diagnose-badge').textContent = result.status;
  $('diagnose-badge').className = `badge ${result.status}`;
  const brief = result.brief ?? '';
  $('brief').textContent = brief;
  $('brief').hidden = brief === '';
  $('brief-empty').hidden = brief !== '';
  $('copy-brief').disabled = brief === '';
  fill('diagnose-errors', result.errors, errorRow);
  fill('displaced', result.displaced, (d) => [code(d.path), ' = ', code(shown(d.value)),
    el('span', { class: `kind displaced-${d.by}`, 'data-testid': `displaced-by-${d.by}` },
      d.by === 'templates' ? 'ignored by the new chart'
        : d.by === 'chart' ? 'refused by the new chart' : 'refused by the new schema'),
    d.baseAccepts ? null : el('span', { class: 'kind' }, 'base rejects it too'),
    el('div', { class: 'reason' }, d.reason)]);
  fill('derivable', result.derivable, (d) => [code(d.path), ' = ', code(shown(d.value)),
    el('span', { class: 'reason' }, `source: ${d.source}`)]);
  fill('diagnose-escalations', result.escalations, escalationRow);
  fill('changelog', result.changelog, (c) => [el('span', { class: `kind change-${c.kind}` }, c.kind), ' ', code(c.path)]);
}
