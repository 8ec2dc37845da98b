// The input families of scripts/bench's goal rows: chart-of-charts files (the bosun example's
// `addons.yaml`, bosun's values at `bosun.valuesObject`, among other addons, half before and
// half after) whose other addons differ by family. The same bytes on every machine.
//
//   generated  each addon's values a block of bench/synthetic.mjs (the original bench input)
//   corpus     each addon's values a real chart's values.yaml from ../shared/corpus (the 30
//              files of tests/corpus, byte-exact, indented under `valuesObject:`), in turn
//   shapes     each addon holds every shape a values file has: block scalars of every chomping
//              and an indentation indicator, flow collections over lines, long quoted strings
//              with escapes, anchors, aliases and merge keys off the migrated path, comments
//              everywhere, non-ASCII text; the whole file with CRLF line endings
//   real       an umbrella values file: real charts' own values.yaml files, byte-exact, each
//              under its subchart's key (tests/charts' real and umbrella charts with their
//              subcharts, and tests/corpus: anchors, `---`, a tab in a comment, long strings,
//              comments, templates in strings), every fifth one held in a string instead, as an
//              Argo CD Application holds it (`spec.source.helm.values: |`); the whole file with
//              CRLF line endings
//
// `familyText(family, bytes)` gives a file of at least `bytes`; the bosun migration (remove
// `gate.mode`, `gate.wait`, `gate.inventorySource`, rename `gate.argocd.port`) plans on each.
// `node bench/families.mjs DIR` writes every family at the goal sizes under DIR.

import { readFileSync, readdirSync, writeFileSync, mkdirSync, existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { component, reseed } from './synthetic.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const bosunDir = path.join(here, '..', 'examples', 'bosun-0.20.0-to-0.25.1');
// The repository's copy of ../shared/corpus (the same files, byte for byte).
const corpusDir = path.join(here, '..', 'tests', 'corpus');

/** The addon's head: its key and the chart it installs; `valuesObject:` last. */
function head(name, i) {
  return [`${name}:`, '  enabled: true', '  chart:', '    repo: oci://registry.example.invalid/charts',
    `    version: 1.${i % 17}.${i % 5}`, '  valuesObject:'];
}

/** Indents every line that holds anything by `n` spaces (block scalars keep their content). */
const indent = (text, n) => text.split('\n').map((l) => (l ? ' '.repeat(n) + l : l)).join('\n');

function generatedAddon(i) {
  const body = component(i, 2).split('\n');
  const name = body[1].trim().replace(/:$/, '');
  return [body[0].trim(), ...head(name, i), ...body.slice(2)].join('\n');
}

// The charts of ../shared/corpus: the family stays the same bytes as tests/corpus grows.
const corpusCharts = ['cert-manager', 'console', 'opentelemetry-collector', 'opentelemetry-demo',
  'opentelemetry-operator', 'traefik', 'trust-manager'];

let corpusFiles = null;
/** The real values files, in path order: [{ name, text }]. */
function corpus() {
  if (corpusFiles) return corpusFiles;
  corpusFiles = [];
  for (const chart of corpusCharts) {
    const dir = path.join(corpusDir, chart);
    if (!existsSync(path.join(dir))) continue;
    let versions;
    try { versions = readdirSync(dir).sort(); } catch { continue; }
    for (const v of versions) {
      const file = path.join(dir, v, 'values.yaml');
      if (existsSync(file)) corpusFiles.push({ name: `${chart}-${v}`, text: readFileSync(file, 'utf8') });
    }
  }
  if (!corpusFiles.length) throw new Error(`no values.yaml under ${corpusDir}`);
  return corpusFiles;
}

function corpusAddon(i) {
  const files = corpus();
  const f = files[i % files.length];
  const text = f.text.endsWith('\n') ? f.text : `${f.text}\n`;
  return [`# ${f.name}: that chart's own values.yaml, verbatim`, ...head(`${f.name.replace(/\./g, '_')}-${i}`, i),
    indent(text, 4)].join('\n');
}

let realFiles = null;
/** Every real chart's values.yaml of the repository, in path order: [{ name, text }]. */
function realCharts() {
  if (realFiles) return realFiles;
  const found = [];
  const walk = (dir) => {
    for (const e of readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.name === 'values.yaml') found.push(p);
    }
  };
  const repo = path.join(here, '..');
  const lists = [path.join('tests', 'charts', 'umbrellas'), path.join('tests', 'corpus'), path.join('tests', 'charts', 'real')]
    .map((d) => {
      found.length = 0;
      walk(path.join(repo, d));
      return [...found];
    });
  // Taken in turn from the three folders; a chart's own values only (over 2 KB: the small
  // user-side values files are left out), each text once.
  const seen = new Set();
  realFiles = [];
  for (let i = 0; i < Math.max(...lists.map((l) => l.length)); i++) {
    for (const l of lists) {
      if (i >= l.length) continue;
      const text = readFileSync(l[i], 'utf8');
      if (text.length <= 2048 || seen.has(text)) continue;
      seen.add(text);
      realFiles.push({ name: path.relative(repo, l[i]), text });
    }
  }
  if (!realFiles.length) throw new Error('no real values.yaml under tests/');
  return realFiles;
}

/** A subchart's values (an umbrella's key), or every fifth an Argo CD Application holding them in a string. */
function realAddon(i) {
  const files = realCharts();
  const f = files[i % files.length];
  // A document start on the file's first line goes (under a key it would be a scalar).
  const text = (f.text.endsWith('\n') ? f.text : `${f.text}\n`).replace(/\r\n/g, '\n').replace(/^---[ \t]*\n/, '');
  // The subchart's key: the chart's name (the last folder that is not a version or a role).
  const chart = f.name.split(path.sep).slice(0, -1).reverse()
    .find((d) => !/^v?[0-9.]+$/.test(d) && !['base-chart', 'target-chart', 'charts'].includes(d));
  const key = `${chart.replace(/[^A-Za-z0-9-]/g, '-')}-${i}`;
  if (i % 5 === 1) {
    return [`# ${f.name}: held in a string, as an Argo CD Application holds a chart's values`, `${key}:`,
      '  apiVersion: argoproj.io/v1alpha1', '  kind: Application', '  spec:', '    source:',
      `      repoURL: https://charts.example.invalid/${key}`, `      targetRevision: 1.${i % 17}.${i % 5}`,
      '      helm:', '        values: |', indent(text, 10)].join('\n');
  }
  return [`# ${f.name}: that chart's own values.yaml, verbatim`, `${key}:`, indent(text, 2)].join('\n');
}

/** One addon holding every shape a values file has (LF here; the family's file is CRLF). */
function shapesAddon(i) {
  const a = `defaults${i}`;
  const values = `# ── addon ${i}: every shape (comments everywhere, ünïcödé, «quotes») ──
global: &${a}   # an anchor off the migrated path
  labels: {team: platform-${i}, "app.kubernetes.io/part-of": shapes, tier: [a, b, c]}
  annotations:
    example.invalid/note: "line one\\nline two\\ttabbed \\"quoted\\" \\\\ back\\u00e9 \\x41 ${'x'.repeat(120)} end"
    example.invalid/single: 'it''s a single-quoted string with ''quotes'' and # not a comment ${'y'.repeat(90)}'
    example.invalid/folded-quoted: "a double-quoted string
      that folds over
      three lines"
  empty: {}
  none: []
  nothing:
  tilde: ~
server:
  <<: *${a}    # merge key
  replicas: ${1 + (i % 5)}
  ratio: ${(i % 100) / 7}
  hex: 0x${(i * 31).toString(16)}
  exp: 1.5e-${1 + (i % 8)}
  notANumber: "0${i % 8}${i % 7}"
  args: [--port=80${i % 10}, "--name=shapes-${i}", '--flag', {inline: map, with: [nested, "flow"]}]
  multilineFlow: {
    key: value,   # a comment inside a flow mapping
    other: [1, 2,
      3, 4],
    last: "end"
  }
  scripts:
    literal: |
      #!/bin/sh
      echo "addon ${i}"   # not a comment: content

        indented more
    literalStrip: |-
      stripped
      final newline
    literalKeep: |+
      kept

    folded: >
      folded text that is
      joined into one line

      and a paragraph
    foldedStrip: >-
      folded, stripped
    foldedKeep: >+
      folded, kept

    indicator: |2
        two more spaces kept
      at the indicator
    foldedIndicator: >-1
       one space kept
  sidecars:   # a sequence of mappings, comments between the items
    - name: first-${i}
      image: registry.example.invalid/first:${i % 13}
      # a comment at the item's indentation
      ports: [{containerPort: 8080, name: http}]
    # a comment at the dash
    - name: second-${i}
      env:
        - {name: A, value: "1"}
        - name: B
          valueFrom: {secretKeyRef: {name: s-${i}, key: k}}
    - - nested
      - sequence
    - plain scalar item   # trailing
  tolerations: &tol${i}
    - key: dedicated
      operator: Equal
      value: shapes
  otherTolerations: *tol${i}
  "quoted key ${i}": 'value'
  ? complex key ${i}
  : complex value
  date: 2026-12-03
  bools: [true, false, yes, no, on, off]
# a comment at column 0 between keys
worker:
  <<: [*${a}]
  enabled: ${i % 2 === 0}
  command: ["/bin/worker", "--config", "/etc/worker/config.yaml"]
  config: |
    [section-${i}]
    key = value
    # not a comment either
`;
  return [`# shapes addon ${i}`, ...head(`shapes-${String(i).padStart(4, '0')}`, i), indent(values, 4)].join('\n');
}

const addons = { generated: generatedAddon, corpus: corpusAddon, shapes: shapesAddon, real: realAddon };
/** The families written with CRLF line endings. */
const crlf = new Set(['shapes', 'real']);
export const familyNames = Object.keys(addons);

/** The bosun `addons.yaml` among `family`'s addons, at least `bytes` long. */
export function familyText(family, bytes) {
  const addon = addons[family];
  if (!addon) throw new Error(`unknown family ${family} (${familyNames.join(', ')})`);
  const original = readFileSync(path.join(bosunDir, 'addons.yaml'), 'utf8');
  const cut = original.indexOf('\ncertManager:') + 1;
  const header = original.slice(0, cut);
  const body = original.slice(cut);
  reseed();
  const sep = family === 'generated' ? '' : '\n';
  const blocks = [];
  let total = Buffer.byteLength(original) + 1;
  // An addon that would overshoot `bytes` by more than 2% is skipped (the corpus's files run
  // from 7 to 79 KB), so every file is within a few KiB of its size.
  for (let i = 0, skipped = 0; total < bytes && skipped < 64; i++) {
    let block = addon(i);
    if (!block.endsWith('\n')) block += '\n';
    const more = Buffer.byteLength(block) + sep.length
      + (crlf.has(family) ? block.split('\n').length : 0);
    if (total + more > bytes * 1.02 && blocks.length) {
      skipped++;
      continue;
    }
    blocks.push(block);
    total += more;
  }
  const half = blocks.length >> 1;
  const text = header + blocks.slice(0, half).join(sep) + sep + body + '\n' + blocks.slice(half).join(sep);
  return crlf.has(family) ? text.replace(/\n/g, '\r\n') : text;
}

/**
 * A values file of about `bytes` made of `family`'s addons at the root, with `ops` keys named
 * `legacyN` spread evenly among them; the target schema forbids them in every addon, and the
 * proposal (the file as `decode` reads it) drops three in four and renames every fourth to
 * `token-N` (its own value: a new key name must come from the original), so the plan has exactly `ops` operations on a file of the same size.
 */
export function familyOps(family, ops, bytes, decode) {
  const addon = addons[family];
  reseed();
  const blocks = [];
  let total = 0;
  for (let i = 0; total < bytes; i++) {
    blocks.push(addon(i).replace(/\n$/, '').split('\n'));
    total += blocks.at(-1).join('\n').length + 2;
  }
  const legacy = [];
  for (let n = 0; n < ops; n++) {
    const b = Math.floor((n * blocks.length) / ops);
    // After the addon's name line (index 1): `  legacyN: "token-N"`.
    blocks[b].splice(2, 0, `  legacy${n}: "token-${n}"`);
    legacy.push({ block: b, n });
  }
  let text = `# Values file for scripts/bench: the op-count rows (${family} family).\n`
    + blocks.map((l) => `${l.join('\n')}\n`).join('\n');
  if (crlf.has(family)) text = text.replace(/\n/g, '\r\n');
  const base = { $schema: 'http://json-schema.org/draft-07/schema#', type: 'object' };
  const target = {
    $schema: 'http://json-schema.org/draft-07/schema#',
    type: 'object',
    additionalProperties: { type: 'object', patternProperties: { '^legacy[0-9]+$': false } },
  };
  const values = decode(text);
  const names = Object.keys(values);
  for (const { block, n } of legacy) {
    const addonValues = values[names[block]];
    const value = addonValues[`legacy${n}`];
    delete addonValues[`legacy${n}`];
    if (n % 4 === 3) addonValues[`token-${n}`] = value;
  }
  return { text, base: JSON.stringify(base), target: JSON.stringify(target), proposal: JSON.stringify(values) };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const dir = process.argv[2];
  if (!dir) throw new Error('usage: node bench/families.mjs DIR');
  mkdirSync(dir, { recursive: true });
  for (const f of familyNames) {
    for (const [id, bytes] of [['100KiB', 100 * 1024], ['1MiB', 1024 * 1024]]) {
      const file = path.join(dir, `${f}-${id}.yaml`);
      writeFileSync(file, familyText(f, bytes));
      console.log(file);
    }
  }
}
