// <values-migrate-example>: one migration, read-only, computed live in the reader's browser.
//
//   <script type="module" src="https://docs.example.com/values-migrate/embed.js"></script>
//   <values-migrate-example heading="bosun 0.20 → 0.25" prefix="bosun.valuesObject">
//     <script type="text/yaml" data-role="values" data-name="addons.yaml"> … </script>
//     <script type="text/yaml" data-role="proposal"> … </script>
//     <script type="application/json" data-role="base-schema"> … </script>
//     <script type="application/json" data-role="target-schema"> … </script>
//   </values-migrate-example>
//
// Every input can also be an attribute of the same name (`values`, `proposal`, `base-schema`,
// `target-schema`, `defaults`, `answers`), plus `values-name`, `prefix`, `typing`, `heading`,
// `playground` (where "open in playground" goes; default: the folder holding this script) and
// `theme` (`light` or `dark`; default: the reader's system). docs/embed.md shows how to include it.

// The library's requests start first, before this script's own imports load: the wasm downloads
// while the glue and the helpers do (a docs page far from its server saves round trips).
const wasm = fetch(new URL('./pkg/web/values_migrate_bg.wasm', import.meta.url));
const glue = import(new URL('./pkg/web/values_migrate.js', import.meta.url));
wasm.catch(() => {}); // an error is reported where the library is awaited
glue.catch(() => {});
const [{ el, code, shown, opRow, diffLines }, { encodeState }] = await Promise.all([
  import('./view.js'), import('./share.js'),
]);

const ROLES = ['values', 'proposal', 'base-schema', 'target-schema', 'defaults', 'answers'];
let library = null;

/** The library, loaded and compiled once per page, from next to this script (streamed, with the glue's fallback for a server that sends the wasm as another type). */
function load() {
  library ??= glue.then(async (lib) => {
    await lib.default({ module_or_path: wasm });
    return lib;
  });
  return library;
}

/** A script block's text without the indentation the page gave it. */
function dedent(text) {
  const lines = text.replace(/^[ \t]*\r?\n/, '').replace(/\r?\n[ \t]*$/, '').split('\n');
  const indents = lines.filter((l) => l.trim() !== '').map((l) => /^[ \t]*/.exec(l)[0].length);
  const cut = indents.length ? Math.min(...indents) : 0;
  return `${lines.map((l) => l.slice(cut)).join('\n')}\n`;
}

const CSS = `
:host {
  display: block; color-scheme: light dark; margin: 1rem 0;
  --fg: light-dark(#1f2328, #e6edf3); --muted: light-dark(#59636e, #9198a1); --line: light-dark(#d1d9e0, #3d444d);
  --soft: light-dark(#f6f8fa, #151b23); --panel: light-dark(#ffffff, #0d1117); --accent: light-dark(#0969da, #4493f8);
  --ok: light-dark(#1a7f37, #3fb950); --ok-bg: light-dark(#dafbe1, #12261e); --bad: light-dark(#cf222e, #f85149);
  --bad-bg: light-dark(#ffebe9, #25171c); --warn: light-dark(#9a6700, #d29922); --warn-bg: light-dark(#fff8c5, #272115);
  --add-bg: light-dark(#e6ffec, #122d1c); --add-fg: light-dark(#116329, #7ee787);
  --del-bg: light-dark(#ffebe9, #35171b); --del-fg: light-dark(#82071e, #ffa198); --hunk: light-dark(#ddf4ff, #121d2f);
  --mono: ui-monospace, "SFMono-Regular", "DejaVu Sans Mono", Menlo, Consolas, monospace;
  font: 14px/1.45 system-ui, -apple-system, "Segoe UI", "Noto Sans", Helvetica, Arial, sans-serif;
}
:host([theme="light"]) { color-scheme: light; }
:host([theme="dark"]) { color-scheme: dark; }
:host([hidden]) { display: none; }
.box { border: 1px solid var(--line); border-radius: 8px; background: var(--panel); color: var(--fg); overflow: hidden; }
header { display: flex; flex-wrap: wrap; align-items: center; gap: 0.4rem 0.75rem; padding: 0.55rem 0.8rem; border-bottom: 1px solid var(--line); background: var(--soft); }
h3 { margin: 0; font-size: 0.95rem; flex: 1 1 12rem; }
a { color: var(--accent); font-size: 0.85rem; white-space: nowrap; }
.badge { padding: 0.1rem 0.55rem; border-radius: 999px; font-size: 0.72rem; font-weight: 700; text-transform: uppercase;
  letter-spacing: 0.04em; border: 1px solid var(--line); color: var(--muted); }
.badge.planned { background: var(--ok-bg); color: var(--ok); }
.badge.refused, .badge.invalid { background: var(--bad-bg); color: var(--bad); }
.badge.escalated, .badge.needs-proposal { background: var(--warn-bg); color: var(--warn); }
.body { padding: 0.6rem 0.8rem 0.8rem; display: flex; flex-direction: column; gap: 0.6rem; }
details { border: 1px solid var(--line); border-radius: 6px; }
summary { cursor: pointer; padding: 0.3rem 0.6rem; font-size: 0.85rem; color: var(--muted); }
details[open] > summary { border-bottom: 1px solid var(--line); }
details details { margin: 0.4rem 0.6rem; }
h4 { margin: 0 0 0.2rem; font-size: 0.75rem; text-transform: uppercase; letter-spacing: 0.05em; color: var(--muted); }
ol, ul { margin: 0; padding-left: 1.2rem; font-size: 0.88rem; }
li { overflow-wrap: anywhere; }
code { font-family: var(--mono); font-size: 0.86em; background: var(--soft); border-radius: 4px; padding: 0.05em 0.3em; }
.op { display: inline-block; min-width: 4rem; font-family: var(--mono); font-size: 0.78rem; font-weight: 600; }
.op-remove { color: var(--bad); } .op-rename { color: var(--accent); } .op-set { color: var(--ok); }
.reason { display: block; color: var(--muted); font-size: 0.8rem; }
.attention { background: var(--warn-bg); border-radius: 6px; padding: 0.4rem 0.6rem; }
.attention h4 { color: var(--warn); }
.problem { background: var(--bad-bg); border-radius: 6px; padding: 0.4rem 0.6rem; }
.problem h4 { color: var(--bad); }
pre { margin: 0; font: 12.5px/1.5 var(--mono); overflow: auto; }
pre.input { padding: 0.4rem 0.6rem; max-height: 20rem; }
pre.diff { border: 1px solid var(--line); border-radius: 6px; padding: 0.3rem 0; display: grid; grid-template-columns: minmax(100%, max-content); }
.line { display: block; padding: 0 0.6rem; min-height: 1.5em; white-space: pre; }
.add { background: var(--add-bg); color: var(--add-fg); } .del { background: var(--del-bg); color: var(--del-fg); }
.hunk { background: var(--hunk); color: var(--muted); } .meta { color: var(--muted); font-weight: 600; }
.muted { color: var(--muted); font-size: 0.85rem; margin: 0; }
`;

let sheet = null;
function styles() {
  if (!sheet) {
    sheet = new CSSStyleSheet();
    sheet.replaceSync(CSS);
  }
  return sheet;
}

class ValuesMigrateExample extends HTMLElement {
  static observedAttributes = [...ROLES, 'values-name', 'prefix', 'typing', 'heading', 'playground'];

  constructor() {
    super();
    this.attachShadow({ mode: 'open' }).adoptedStyleSheets = [styles()];
    this.observer = new MutationObserver(() => this.schedule());
  }

  connectedCallback() {
    this.observer.observe(this, { childList: true, subtree: true, characterData: true });
    this.schedule();
  }

  disconnectedCallback() {
    this.observer.disconnect();
  }

  attributeChangedCallback() {
    this.schedule();
  }

  schedule() {
    if (this.queued) return;
    this.queued = true;
    queueMicrotask(() => {
      this.queued = false;
      this.render();
    });
  }

  /** The inputs, from child script blocks (first) or attributes. */
  inputs() {
    const blocks = (role) => [...this.querySelectorAll(`:scope > script[data-role="${role}"]`)];
    const text = (role) => {
      const block = blocks(role)[0];
      return block ? dedent(block.textContent) : (this.getAttribute(role) ?? '');
    };
    const values = blocks('values').map((b, i) => ({ path: b.dataset.name || (i ? `values-${i + 1}.yaml` : 'values.yaml'), text: dedent(b.textContent) }));
    if (!values.length) values.push({ path: this.getAttribute('values-name') || 'values.yaml', text: this.getAttribute('values') ?? '' });
    return {
      values,
      baseSchema: text('base-schema'),
      targetSchema: text('target-schema'),
      proposal: text('proposal'),
      defaults: text('defaults'),
      answers: text('answers').trim(),
      prefix: this.getAttribute('prefix') ?? '',
      typing: this.getAttribute('typing') === 'yaml-1.2' ? 'yaml-1.2' : 'helm',
    };
  }

  async render() {
    const generation = (this.generation = (this.generation ?? 0) + 1);
    const s = this.inputs();
    let result;
    try {
      const lib = await load();
      const { answers } = lib.readAnswers(s.answers, s.typing);
      const input = {
        files: s.values, baseSchema: s.baseSchema, targetSchema: s.targetSchema, proposal: s.proposal,
        prefix: s.prefix.trim() || null, answers, defaults: s.defaults.trim() ? s.defaults : null, typing: s.typing,
      };
      result = s.proposal.trim() ? lib.migrate(input) : lib.diagnose(input);
    } catch (error) {
      result = { error: String(error?.message ?? error) };
    }
    if (generation !== this.generation) return;
    const link = await this.playgroundLink(s);
    if (generation !== this.generation) return;
    this.shadowRoot.replaceChildren(this.draw(s, result, link));
    this.dataset.status = result.status ?? 'error';
    this.dispatchEvent(new CustomEvent('values-migrate-result', { detail: result }));
  }

  async playgroundLink(s) {
    const base = this.getAttribute('playground') || new URL('./', import.meta.url).href;
    try {
      return `${new URL(base, document.baseURI).href.split('#')[0]}#${await encodeState({ mode: 'values', ...s }, null)}`;
    } catch {
      return null;
    }
  }

  draw(s, result, link) {
    const heading = this.getAttribute('heading') || s.values.map((f) => f.path).join(', ');
    const header = el('header', {},
      el('h3', {}, heading),
      el('span', { class: `badge ${result.status ?? 'invalid'}`, 'data-testid': 'status' }, result.status ?? 'error'),
      link ? el('a', { href: link, target: '_blank', rel: 'noopener', 'data-testid': 'open-in-playground' }, 'Open in playground ↗') : null);
    if (result.error) return el('div', { class: 'box' }, header, el('div', { class: 'body' }, el('p', { class: 'muted' }, `Could not run: ${result.error}`)));
    const input = (title, text) => (text.trim() === '' ? null
      : el('details', {}, el('summary', {}, title), el('pre', { class: 'input' }, text)));
    const section = (cls, title, items, row) => (items.length === 0 ? null
      : el('section', { class: cls }, el('h4', {}, title), el(cls === 'plan' ? 'ol' : 'ul', cls === 'plan' ? { 'data-testid': 'plan' } : {},
        items.map((item) => el('li', {}, row(item))))));
    const diff = result.files.map((f) => f.diff).join('');
    return el('div', { class: 'box' }, header, el('div', { class: 'body' },
      el('details', {}, el('summary', {}, 'Inputs'),
        s.values.map((f) => input(f.path, f.text)), input('proposal', s.proposal),
        input('base schema', s.baseSchema), input('target schema', s.targetSchema), input('defaults', s.defaults),
        input('answers', s.answers), s.prefix ? el('p', { class: 'muted' }, 'prefix ', code(s.prefix)) : null),
      section('problem', 'Refusals', result.refusals, (r) => [code(r.kind), ' ', r.path ? code(r.path) : null, ' ', r.message]),
      section('problem', 'Errors', result.errors, (e) => [e.line == null ? e.file : `${e.file}:${e.line}:${e.column}`, ': ', e.message]),
      section('attention', 'Escalations', result.escalations, (e) => [code(e.path), ' ', e.message]),
      section('plan', 'Plan', result.ops, opRow),
      section('attention', 'Not carried across', result.notCarried, (n) => [code(n.path), ' = ', code(shown(n.value))]),
      diff ? el('pre', { class: 'diff', 'data-testid': 'diff', 'aria-label': 'Unified diff' }, diffLines(diff))
        : el('p', { class: 'muted' }, s.proposal.trim() ? 'No change to write.' : 'No proposal: what the old values need is above.')));
  }
}

if (!customElements.get('values-migrate-example')) customElements.define('values-migrate-example', ValuesMigrateExample);
