// One input document as the page shows it (a tab, a textarea taking paste, drops and files, and the
// problems located in it), and selecting a place in it.
import { el, plural } from './view.js';
import { setText, keepWholePastes } from './line-endings.js';
import { notify } from './page.js';

/**
 * One input document: a tab, and a panel with its label, "Open file…", a textarea that takes
 * paste and dropped files, and the list of problems the last result located in it.
 */
export function editor({ key, label, hint, testid, tabs, panels, name = null, nameLabel = 'File name', onRemove = null, placeholder = '', onChange, onArchive = null }) {
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

/** Selects `line`, from UTF-16 `column` to its end, in `textarea`, and scrolls it into view. */
export function revealIn(textarea, line, column) {
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

/** Marks one editor with the problems located in it; `show(problem)` reveals one. */
export function markEditor(ed, list, show) {
  ed.tab.classList.toggle('has-problem', list.length > 0);
  ed.tab.querySelector('.marker').textContent = list.length ? ` (${plural(list.length, 'problem')})` : '';
  ed.text.setAttribute('aria-invalid', String(list.length > 0));
  ed.problems.replaceChildren(...list.map((p) => el('li', {},
    p.line == null ? '' : el('button', { type: 'button', class: 'loc', on: { click: () => show(p) } }, `line ${p.line}, column ${p.column}`),
    p.line == null ? '' : ': ', p.kind ? `${p.kind}: ` : '', p.message)));
}
