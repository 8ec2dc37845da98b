// Recording the migration, and the Replay tab: the recording replayed on another values file.
import { el, code, plural, opRow, diffLines, ticked } from './view.js';
import { setText } from './line-endings.js';
import { scheduler } from './scheduler.js';
import { activate } from './tabs.js';
import { markEditor, revealIn } from './editor.js';
import { ask } from './worker-client.js';
import { place, replayEditors, state } from './inputs.js';
import { fill, showInternal, showTiming } from './results.js';
import { $, DEBOUNCE_MS, notify, save } from './page.js';

/** The chart bump the recording names, from the optional chart inputs (null when all are empty). */
export function chartBump() {
  const [name, from, to] = ['name', 'from', 'to'].map((f) => $(`chart-${f}`).value.trim() || null);
  return name || from || to ? { name, from, to } : null;
}

/** The recording of the current migration as JSON text, or null (said in the notice) when there is none. */
export async function recording() {
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

export async function downloadMigration() {
  const text = await recording();
  if (text == null) return;
  save(text, 'migration.json', 'application/json');
  notify('Downloaded migration.json: replay it on other values files in the Replay tab, or with values-migrate replay.');
}

export async function replayRecording() {
  const text = await recording();
  if (text == null) return;
  setText(replayEditors.migration.text, text);
  activate($('tab-replay'), true);
  notify('The recording is in the Replay tab: put another values file next to it.');
}

export let replayed = null;

/** Asks the worker to replay; a reply for inputs since changed is not drawn (the scheduler asks again). */
async function replayNow(stale) {
  const s = state();
  if (s.replay.migration.trim() === '') {
    showReplay(null);
    return;
  }
  const reply = await ask('replay', s);
  if (stale()) return;
  if (reply.error) {
    showReplay(null);
    showInternal(reply.error);
    return;
  }
  showReplay(reply.result);
  showTiming(reply, 'replay');
}

export const replaying = scheduler(replayNow, { delay: DEBOUNCE_MS, pending: () => $('replay-status').setAttribute('aria-busy', 'true') });
export const scheduleReplay = () => replaying.schedule();
export const runReplay = () => replaying.now();

/** Where a replay's problem is, as a button that shows it when it is in one of the Replay tab's inputs. */
export function replayPlace(item) {
  // A malformed recording's message already starts with `migration:line:column`.
  if (item.line == null && item.message?.startsWith(`${item.file}:`)) return null;
  const ed = replayEditorFor(item.file);
  if (!ed || item.line == null) return place(item);
  return el('button', {
    type: 'button', class: 'loc', title: 'Show this place in the input',
    on: { click: () => revealIn(ed.text, item.line, item.utf16Column ?? 1) },
  }, `${item.file}:${item.line}:${item.column}`);
}

export const replayEditorFor = (file) => (file === 'migration' ? replayEditors.migration
  : file === replayEditors.values.nameInput.value ? replayEditors.values : null);

export const short = (digest) => `${digest.slice(0, 12)}…`;

/** Draws a replay's result; `null` is the empty tab (no recording yet). */
export function showReplay(result) {
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

export function downloadReplayed() {
  const file = replayed?.files.find((f) => f.changed);
  if (!file) return;
  save(file.after, file.path.split('/').pop(), 'text/yaml');
  notify(`Downloaded the replayed ${file.path}.`);
}
