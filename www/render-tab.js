// The Rendered tab: a chart dropped on a schema, rendered by the worker as `helm template` renders
// it (the renderer is a wasm module of its own, which the worker loads when the first chart
// arrives), with the values typed here; one collapsed row a file, the spans of random or clock
// output marked.
import { el, plural } from './view.js';
import { textOf } from './line-endings.js';
import { scheduler } from './scheduler.js';
import { ask } from './worker-client.js';
import { $, DEBOUNCE_MS } from './page.js';

/** The charts dropped, by side: the label the chart select shows. */
const charts = {};
/** Whether the shown render is older than the chart or values it was made from. */
let outdated = false;

const shown = () => !$('panel-rendered').hidden;

/** A chart was read on `side`: it is the one rendered, now if the tab is shown, else when it is. */
export function chartArrived(side, chart) {
  charts[side] = `${chart.name} ${chart.version} (${side})`;
  $('render-side').replaceChildren(...Object.entries(charts).map(([s, label]) => new Option(label, s)));
  $('render-side').value = side;
  $('render-side').disabled = false;
  outdated = true;
  if (shown()) rendering.now();
}

/** The tab was shown: renders what changed since. */
export function showRendered() {
  if (outdated) rendering.now();
}

/** The values changed: renders again once they are still, if the tab is shown. */
export function valuesChanged() {
  outdated = true;
  if (shown() && Object.keys(charts).length > 0) rendering.schedule();
}

async function renderNow(stale) {
  const side = $('render-side').value;
  if (!side) return;
  outdated = false;
  setStatus('rendering', 'rendering', `Rendering ${charts[side]}…`);
  const reply = await ask('render', { side, values: textOf($('render-values')) });
  if (stale()) return;
  if (reply.error) {
    setStatus('invalid', 'error', `The renderer could not run: ${reply.error}`);
    $('rendered-files').replaceChildren();
    return;
  }
  show(reply.result, charts[side], reply.ms);
}

export const rendering = scheduler(renderNow, { delay: DEBOUNCE_MS });

function setStatus(status, badge, text) {
  $('render-status').dataset.status = status;
  $('render-badge').className = `badge ${status === 'rendered' ? 'planned' : status === 'rendering' ? '' : 'refused'}`;
  $('render-badge').textContent = badge;
  $('render-summary').textContent = text;
}

/** Draws one render: its status, the refusals, and a collapsed row for each file with text. */
function show(result, label, ms) {
  const masks = new Map();
  for (const m of result.masked) masks.set(m.file, [...(masks.get(m.file) ?? []), m]);
  const files = Object.entries(result.files).filter(([, text]) => text.trim() !== '');
  const empty = Object.keys(result.files).length - files.length;
  const timing = ms == null ? '' : ` in ${ms < 10 ? ms.toFixed(1) : Math.round(ms)} ms`;
  const counts = `${plural(files.length, 'file')}${empty > 0 ? ` (and ${empty} empty, not shown)` : ''}`;
  if (result.error) setStatus('failed', 'failed', `${label}: ${result.error.message}`);
  else if (result.refused.length > 0) setStatus('refused', 'refused', `${label}: ${plural(result.refused.length, 'template')} this renderer does not render yet; ${counts} rendered${timing}.`);
  else setStatus('rendered', 'rendered', `${label}: ${counts}${timing}, as helm template prints them${result.masked.length > 0 ? `; ${plural(result.masked.length, 'span')} of random or clock output marked` : ''}.`);
  $('render-problems-section').hidden = result.refused.length === 0;
  $('render-problems').replaceChildren(...result.refused.map((r) => el('li', {}, el('code', {}, `${r.file}:${r.line}:${r.column}`), ` ${r.message}`)));
  $('rendered-files').replaceChildren(...files.map(([name, text]) => {
    const marked = masks.get(name) ?? [];
    const lines = text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
    return el('details', { class: 'rendered-file', dataset: { file: name } },
      el('summary', {}, el('code', {}, name), ' ', el('span', { class: 'hint' }, `${plural(lines, 'line')}${marked.length > 0 ? `, ${plural(marked.length, 'masked span')}` : ''}`)),
      el('pre', { class: 'text', tabindex: '0' }, withMasks(text, marked)));
  }));
}

/** `text` with each masked span (byte offsets into its UTF-8) as a `mark`; spans inside an earlier one are left in it. */
function withMasks(text, masks) {
  if (masks.length === 0) return [text];
  const bytes = new TextEncoder().encode(text);
  const decoder = new TextDecoder();
  const piece = (from, to) => decoder.decode(bytes.subarray(from, to));
  const out = [];
  let at = 0;
  for (const m of [...masks].sort((a, b) => a.start - b.start || b.end - a.end)) {
    if (m.end <= at) continue;
    const start = Math.max(m.start, at);
    out.push(piece(at, start), el('mark', { class: 'masked', title: `${m.from}: differs from run to run, in Helm's own render too` }, piece(start, m.end)));
    at = m.end;
  }
  out.push(piece(at, bytes.length));
  return out;
}
