// What the playground and the embed both draw: elements built from text nodes only (never HTML),
// the plan's rows and the unified diff with `data-line` on each line.

/** Creates an element in `doc`; strings among `children` become text nodes. */
export function el(tag, props = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(props)) {
    if (value == null || value === false) continue;
    if (key === 'class') node.className = value;
    else if (key === 'on') for (const [type, fn] of Object.entries(value)) node.addEventListener(type, fn);
    else if (key === 'dataset') Object.assign(node.dataset, value);
    else if (key in node && typeof value !== 'string') node[key] = value;
    else node.setAttribute(key, value === true ? '' : value);
  }
  node.append(...children.flat(Infinity).filter((c) => c != null && c !== false));
  return node;
}

/** A value as the page prints it: JSON, so that `8083` and `"8083"` stay apart. */
export const shown = (value) => JSON.stringify(value);
export const code = (text) => el('code', {}, text);
export const plural = (n, one, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** One op of the plan as inline content. */
export function opRow(op) {
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

/** The kind of a unified diff line: meta, hunk, add, del or ctx. */
export function lineKind(line) {
  if (line.startsWith('+++ ') || line.startsWith('--- ')) return 'meta';
  if (line.startsWith('@@')) return 'hunk';
  if (line.startsWith('+')) return 'add';
  if (line.startsWith('-')) return 'del';
  return 'ctx';
}

/** A unified diff's lines as spans, each with `data-line` (its text is the diff, byte for byte). */
export function diffLines(text) {
  if (text === '') return [];
  return text.split(/(?<=\n)/).map((line) => {
    const kind = lineKind(line);
    return el('span', { class: `line ${kind}`, dataset: { line: kind } }, line);
  });
}

/** Text with `code` spans (a README's, a reason's) as code elements, the rest as text. */
export const ticked = (text) => text.split('`').map((part, i) => (i % 2 ? code(part) : part));
