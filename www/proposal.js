// "Start a proposal": the values at the prefix as a YAML document, each displaced key marked by a
// comment saying why the target rejects it and what the target declares next to it (from the changelog).

/** Parses a value path (CONTRACT.md "Paths") into segments: strings for keys, numbers (or `*`) for list items. */
export function parsePath(text) {
  const segments = [];
  let i = 0;
  while (i < text.length) {
    if (text[i] === '.') i += 1;
    if (text[i] === '[') {
      const close = text[i + 1] === '"' ? closingQuote(text, i + 1) + 1 : text.indexOf(']', i);
      if (close < 0 || text[close] !== ']') throw new Error(`unclosed [ in path ${text}`);
      const inner = text.slice(i + 1, close);
      segments.push(inner.startsWith('"') ? JSON.parse(inner) : inner === '*' ? '*' : Number(inner));
      i = close + 1;
      continue;
    }
    let end = i;
    while (end < text.length && text[end] !== '.' && text[end] !== '[') end += 1;
    segments.push(text.slice(i, end));
    i = end;
  }
  return segments;
}

function closingQuote(text, open) {
  for (let i = open + 1; i < text.length; i++) {
    if (text[i] === '\\') i += 1;
    else if (text[i] === '"') return i;
  }
  return -1;
}

const PLAIN_KEY = /^[A-Za-z_$][\w$./@+-]*$/;

/** A path's text from segments, as the library prints it. */
export function showPath(segments) {
  return segments.map((s, i) => {
    if (typeof s === 'number') return `[${s}]`;
    if (s !== '' && /^[^.[\]"\s]+$/.test(s)) return i === 0 ? s : `.${s}`;
    return `[${JSON.stringify(s)}]`;
  }).join('');
}

// YAML 1.1 words that Helm reads as booleans or null, which a plain scalar must not spell.
const SPECIAL = /^(y|yes|n|no|true|false|on|off|null|~)$/i;
const PLAIN = /^[A-Za-z_/][\w./@+-]*$/;

function scalar(value) {
  if (value === null) return 'null';
  if (typeof value === 'string') return PLAIN.test(value) && !SPECIAL.test(value) ? value : JSON.stringify(value);
  return JSON.stringify(value);
}

const keyText = (key) => (PLAIN_KEY.test(key) && !SPECIAL.test(key) ? key : JSON.stringify(key));
const isCollection = (v) => v !== null && typeof v === 'object' && Object.keys(v).length > 0;

/** Writes `value` as block YAML, calling `note(path)` for the comment lines above each key. */
function emit(value, path, indent, note, out) {
  const pad = ' '.repeat(indent);
  if (Array.isArray(value)) {
    value.forEach((item, index) => {
      const at = [...path, index];
      for (const line of note(at)) out.push(`${pad}# ${line}`);
      if (isCollection(item) && !Array.isArray(item)) {
        const inner = [];
        emit(item, at, indent + 2, note, inner);
        out.push(`${pad}- ${inner[0].slice(indent + 2)}`, ...inner.slice(1));
      } else if (isCollection(item)) {
        out.push(`${pad}-`);
        emit(item, at, indent + 2, note, out);
      } else {
        out.push(`${pad}- ${Array.isArray(item) ? '[]' : typeof item === 'object' && item !== null ? '{}' : scalar(item)}`);
      }
    });
    return;
  }
  for (const [key, item] of Object.entries(value)) {
    const at = [...path, key];
    for (const line of note(at)) out.push(`${pad}# ${line}`);
    if (isCollection(item)) {
      out.push(`${pad}${keyText(key)}:`);
      emit(item, at, indent + (Array.isArray(item) ? 0 : 2), note, out);
    } else {
      const empty = Array.isArray(item) ? '[]' : item !== null && typeof item === 'object' ? '{}' : scalar(item);
      out.push(`${pad}${keyText(key)}: ${empty}`);
    }
  }
}

/** Whether a changelog shape segment (`<name>`, `*`, `[*]`) stands for the concrete one. */
const matches = (shape, concrete) => shape === concrete || shape === '*' || shape === '<name>'
  || (shape === '*' && typeof concrete === 'number');

/** The changelog's `added` keys whose parent is `parent` (concrete segments). */
function addedNextTo(changelog, parent) {
  const names = [];
  for (const change of changelog) {
    if (change.kind !== 'added' && change.kind !== 'newly-required') continue;
    let shape;
    try {
      shape = parsePath(change.path);
    } catch {
      continue;
    }
    if (shape.length !== parent.length + 1) continue;
    if (!shape.slice(0, -1).every((s, i) => matches(s, parent[i]))) continue;
    const name = String(shape[shape.length - 1]);
    const label = change.kind === 'newly-required' ? `${name} (now required)` : name;
    if (change.kind === 'newly-required') {
      const at = names.indexOf(name);
      if (at >= 0) names.splice(at, 1);
    }
    if (!names.includes(name) && !names.includes(`${name} (now required)`)) names.push(label);
  }
  return names;
}

/**
 * The proposal to start from: `values` (the document at the prefix) written as YAML, with two
 * comment lines above each displaced key.
 */
export function startProposal(values, displaced, changelog) {
  const byPath = new Map(displaced.map((d) => [d.path, d]));
  const note = (segments) => {
    const d = byPath.get(showPath(segments));
    if (!d) return [];
    const next = addedNextTo(changelog, segments.slice(0, -1));
    const where = segments.length > 1 ? `under ${showPath(segments.slice(0, -1))}` : 'at the root';
    return [
      `values-migrate: the target rejects ${d.path}: ${d.reason}`,
      next.length
        ? `values-migrate: next to it (${where}) the target declares: ${next.join(', ')}`
        : `values-migrate: the target declares nothing new next to it (${where}); move the value or leave it out`,
    ];
  };
  const out = [];
  if (isCollection(values) && !Array.isArray(values)) emit(values, [], 0, note, out);
  else out.push(scalar(values ?? {}));
  return `${out.join('\n')}\n`;
}

/** The value at `segments` inside `doc`, or undefined. */
export function valueAt(doc, segments) {
  let at = doc;
  for (const s of segments) {
    if (at === null || typeof at !== 'object' || !(s in at)) return undefined;
    at = at[s];
  }
  return at;
}
