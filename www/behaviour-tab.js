// The bump's behaviour, beside the values diff (issue 43, docs/behaviour.md): when both sides hold
// a chart archive with templates, the worker renders them three times (its render module's
// `behaviour`) after each run, and this section draws the verdict table (each moved or dropped
// value: preserved, relocated, changed, lost…, with the fields it rendered before and after) and the
// manifest diff collapsed by object: one row an object, its diff drawn only when opened, so a
// chart's megabytes of CRDs draw as one line each.
import { el, code, plural, diffLines } from './view.js';
import { scheduler } from './scheduler.js';
import { ask } from './worker-client.js';
import { $ } from './page.js';

/** The sides that hold a chart with templates. */
const sides = new Set();
/** The inputs of the last run, judged once the run is drawn; and those of the behaviour drawn. */
let latest = null;
let judgedKey = null;

/** A chart with templates was read on `side`: once both sides hold one, every run is judged. */
export function behaviourChartArrived(side) {
  sides.add(side);
  judgedKey = null;
}

/**
 * A run was drawn for the inputs `state`: their behaviour is asked for once the inputs are still,
 * unless it is drawn already (three renders of a large chart take seconds in the worker).
 */
export function judgeBehaviour(state) {
  if (!(sides.has('base') && sides.has('target')) || state.mode === 'manifest') return;
  const { wantDiagnosis, ...inputs } = state;
  if (JSON.stringify(inputs) === judgedKey) return;
  latest = state;
  // What is drawn is for other inputs now: said at once, not when the wait is over.
  setStatus('rendering', RENDERING);
  judging.schedule();
}

const RENDERING = 'Rendering both charts (the base with the original values, the target with the migrated and the original ones)…';

async function judgeNow(stale) {
  const state = latest;
  if (!state) return;
  const { wantDiagnosis, ...inputs } = state;
  judgedKey = JSON.stringify(inputs);
  setStatus('rendering', RENDERING);
  $('behaviour-section').hidden = false;
  const reply = await ask('behaviour', state);
  if (stale()) {
    judgedKey = null;
    return;
  }
  if (reply.error) return setStatus('failed', `The renderer could not run: ${reply.error}`);
  if (reply.behaviour == null) {
    $('behaviour-section').hidden = true;
    return;
  }
  show(reply.behaviour, reply.ms);
}

const judging = scheduler(judgeNow, { delay: 300 });

function setStatus(status, text) {
  $('behaviour-status').dataset.status = status;
  $('behaviour-status').textContent = text;
}

/** Draws the verdicts and the manifest diff of one behaviour report. */
function show(behaviour, ms) {
  const { values, manifests, unrendered } = behaviour;
  const timing = ms == null ? '' : ` in ${ms < 10 ? ms.toFixed(1) : Math.round(ms)} ms`;
  if (unrendered) setStatus('unrendered', `Not rendered: ${unrendered}. The findings above stand on the schemas and templates alone.`);
  else setStatus('rendered', `${plural(values.length, 'value')} judged, ${plural(manifests.objects.length, 'object')} changed, ${manifests.unchanged} the same${timing}.`);
  $('behaviour-verdicts-section').hidden = values.length === 0;
  $('behaviour-verdicts').replaceChildren(...values.map(verdictRow));
  $('behaviour-churn').textContent = manifests.churn ?? '';
  $('behaviour-churn').hidden = manifests.churn == null;
  $('behaviour-objects').replaceChildren(...manifests.objects.map(objectRow));
}

/** How many objects a cell lists, and fields an object, before saying how many more there are. */
const SITES_SHOWN = 3;

/** One value's row: its path (and where it went), its verdict, its sites before and after. */
function verdictRow(v) {
  const moved = v.to != null && v.to !== v.path ? [' → ', code(v.to)] : v.to == null ? ' (removed)' : null;
  return el('tr', { dataset: { path: v.path, verdict: v.verdict } },
    el('td', {}, code(v.path), moved),
    el('td', {}, el('span', { class: `badge verdict-${v.verdict}` }, v.verdict)),
    el('td', {}, sites(v.before)),
    el('td', {}, sites(v.after)));
}

/** A side's sites, one line an object: the fields the value made there, or that it decides the object. */
function sites(list) {
  if (list.length === 0) return el('span', { class: 'muted' }, 'nowhere');
  const byObject = new Map();
  for (const s of list) byObject.set(s.object, [...(byObject.get(s.object) ?? []), s]);
  const lines = [...byObject].slice(0, SITES_SHOWN).map(([object, at]) => {
    const made = at.filter((s) => !s.control);
    const fields = made.slice(0, SITES_SHOWN).map((s) => [' ', el('code', { title: s.text }, s.field)]);
    const more = made.length > SITES_SHOWN ? el('span', { class: 'hint' }, ` and ${made.length - SITES_SHOWN} more fields`) : null;
    return el('div', { class: 'site' }, code(object), made.length === 0 ? el('span', { class: 'hint' }, ' (decides whether it renders)') : [fields, more]);
  });
  if (byObject.size > SITES_SHOWN) lines.push(el('div', { class: 'hint' }, `and ${byObject.size - SITES_SHOWN} more objects`));
  return lines;
}

/** One object's row, collapsed: its diff is drawn when first opened. */
function objectRow(o) {
  const note = o.collapsed ? `${plural(o.lines, 'line')} changed, not shown (a CustomResourceDefinition or a long object)` : plural(o.lines, 'line');
  const row = el('details', { class: 'manifest-object', dataset: { object: o.object, change: o.change, cause: o.cause } },
    el('summary', {}, el('span', { class: `badge change-${o.change}` }, o.change), ' ', code(o.object), ' ',
      el('span', { class: 'hint' }, `${note}; ${CAUSES[o.cause]}`)));
  if (!o.collapsed) {
    row.addEventListener('toggle', () => {
      if (row.open && row.childElementCount === 1) row.append(el('pre', { class: 'diff', tabindex: '0' }, diffLines(o.diff)));
    }, { once: false });
  }
  return row;
}

const CAUSES = { chart: 'the chart\'s own change', migration: 'the migration\'s', both: 'the chart\'s and the migration\'s' };
