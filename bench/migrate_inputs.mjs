// The inputs of the end-to-end migrate rows of scripts/bench, the same bytes on every machine
// (bench/synthetic.mjs's fixed-seed blocks):
//
// - `chartOfCharts(bytes)`: the bosun example's `addons.yaml` (a chart-of-charts file, bosun's
//   values at `bosun.valuesObject`) with generated addons around it, half before and half
//   after, until it holds at least `bytes`. The migration is the example's: remove
//   `gate.mode`, `gate.wait` and `gate.inventorySource`, rename `gate.argocd.port` →
//   `gate.argocd.podPort`, with the example's schemas and proposal. The values root is
//   discovered, not given.
// - `opsInputs(ops, bytes)`: a values file of at least `bytes` (components at the root) in
//   which `ops` keys named `legacyN` are spread evenly; the target schema forbids them, and
//   the proposal drops three in four and renames every fourth to `token-N` (its own value, so the name comes from the original),
//   so the plan has exactly `ops` operations on a file of the same size.
//
// `node bench/migrate_inputs.mjs DIR` writes them all under DIR and prints a JSON manifest.

import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { component, reseed } from './synthetic.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
export const bosunDir = path.join(here, '..', 'examples', 'bosun-0.20.0-to-0.25.1');

/** The bosun edits, as a hand-written pipeline spells them (relative to the values root). */
export const bosunEdits = {
  prefix: ['bosun', 'valuesObject'],
  remove: [['gate', 'mode'], ['gate', 'wait'], ['gate', 'inventorySource']],
  rename: [{ at: ['gate', 'argocd'], from: 'port', to: 'podPort' }],
};

/** One addon of a chart-of-charts file, its values being a synthetic component's body. */
function addon(i) {
  // body[0] is the comment, body[1] the component's name line; the rest are its settings,
  // indented by 4 (under `valuesObject:`).
  const body = component(i, 2).split('\n');
  const name = body[1].trim().replace(/:$/, '');
  return [
    body[0].trim(),
    `${name}:`,
    '  enabled: true',
    '  chart:',
    '    repo: oci://registry.example.invalid/charts',
    `    version: 1.${i % 17}.${i % 5}`,
    '  valuesObject:',
    ...body.slice(2),
  ].join('\n');
}

/** The bosun `addons.yaml` among generated addons, at least `bytes` long. */
export function chartOfCharts(bytes) {
  const original = readFileSync(path.join(bosunDir, 'addons.yaml'), 'utf8');
  const cut = original.indexOf('\ncertManager:') + 1;
  const header = original.slice(0, cut);
  const body = original.slice(cut);
  reseed();
  const blocks = [];
  let total = Buffer.byteLength(original) + 1;
  for (let i = 0; total < bytes; i++) {
    const block = addon(i);
    blocks.push(block);
    total += Buffer.byteLength(block);
  }
  const half = blocks.length >> 1;
  return header + blocks.slice(0, half).join('') + body + '\n' + blocks.slice(half).join('');
}

/** A values file with `ops` displaced `legacyN` keys, its two schemas and its proposal. */
export function opsInputs(ops, bytes, parse) {
  reseed();
  const blocks = [];
  let total = 0;
  for (let i = 0; total < bytes; i++) {
    blocks.push(component(i).split('\n'));
    total += blocks.at(-1).join('\n').length;
  }
  // Spread the ops over the blocks; a block takes more than one when there are fewer blocks.
  const legacy = [];
  for (let n = 0; n < ops; n++) {
    const b = Math.floor((n * blocks.length) / ops);
    // After the name line (index 1): `  legacyN: "token-N"`.
    blocks[b].splice(2, 0, `  legacy${n}: "token-${n}"`);
    legacy.push({ block: b, n });
  }
  const text = '# Synthetic values file for scripts/bench: the op-count rows.\n'
    + blocks.map((l) => l.join('\n')).join('');
  const base = { $schema: 'http://json-schema.org/draft-07/schema#', type: 'object' };
  const target = {
    $schema: 'http://json-schema.org/draft-07/schema#',
    type: 'object',
    additionalProperties: { type: 'object', patternProperties: { '^legacy[0-9]+$': false } },
  };
  const proposal = parse(text);
  const names = Object.keys(proposal);
  for (const { block, n } of legacy) {
    const values = proposal[names[block]];
    const value = values[`legacy${n}`];
    delete values[`legacy${n}`];
    if (n % 4 === 3) values[`token-${n}`] = value;
  }
  return { text, base: JSON.stringify(base), target: JSON.stringify(target), proposal: JSON.stringify(proposal) };
}

export const sizes = [
  { id: '10 KiB', bytes: 10 * 1024 },
  { id: '100 KiB', bytes: 100 * 1024 },
  { id: '1 MiB', bytes: 1024 * 1024 },
  // Just under yaml::Limits' default input limit (8 MiB), which a larger file would hit.
  { id: '8 MiB', bytes: 8 * 1024 * 1024 - 8 * 1024 },
];
export const opCounts = [1, 10, 100, 1000];

/** Writes every input under `dir`; returns where each one is. */
export function writeInputs(dir, parse, { withLargest = true } = {}) {
  mkdirSync(dir, { recursive: true });
  const manifest = { sizes: [], ops: [] };
  for (const s of sizes) {
    if (!withLargest && s === sizes.at(-1)) continue;
    const file = path.join(dir, `addons-${s.id.replace(' ', '')}.yaml`);
    writeFileSync(file, chartOfCharts(s.bytes));
    manifest.sizes.push({ ...s, file });
  }
  for (const ops of opCounts) {
    const inputs = opsInputs(ops, 1024 * 1024, parse);
    const at = (name) => path.join(dir, `ops-${ops}-${name}`);
    writeFileSync(at('values.yaml'), inputs.text);
    writeFileSync(at('base.json'), inputs.base);
    writeFileSync(at('target.json'), inputs.target);
    writeFileSync(at('proposal.json'), inputs.proposal);
    manifest.ops.push({ ops, values: at('values.yaml'), base: at('base.json'), target: at('target.json'), proposal: at('proposal.json') });
  }
  return manifest;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const { createRequire } = await import('node:module');
  const YAML = createRequire(import.meta.url)('yaml');
  const dir = process.argv[2];
  if (!dir) throw new Error('usage: node migrate_inputs.mjs DIR');
  console.log(JSON.stringify(writeInputs(dir, (t) => YAML.parse(t)), null, 2));
}
