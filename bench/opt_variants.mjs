// The wasm built at several opt-levels, timed against each other in one Node process
// (docs/BENCHMARKS.md, "The wasm's opt-level"): the bosun migration inside the 100 KiB and
// 1 MiB chart-of-charts files, each variant's batches interleaved with the others' and with
// eemeli/yaml CST + ajv, so that the machine's load falls on all of them alike.
//
//   node bench/opt_variants.mjs NAME=PKG_DIR … [--quick]
//
// PKG_DIR holds `raw.wasm` (cargo's output), `opt.wasm` (after scripts/build's `wasm-opt -Oz`)
// and `node/` (wasm-bindgen --target nodejs). Prints one JSON object: sizes (raw and gzip -9)
// and medians per variant and file; every variant's result is checked to be the same.

import { createRequire } from 'node:module';
import { readFileSync, statSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { bosunDir, bosunEdits, chartOfCharts } from './migrate_inputs.mjs';
import { measureInterleaved, summarize } from './measure.mjs';
import { cst } from './peers.mjs';

const require = createRequire(import.meta.url);
const args = process.argv.slice(2);
const quick = args.includes('--quick');
const variants = args.filter((a) => a.includes('=')).map((a) => {
  const [name, dir] = a.split('=');
  return { name, dir, vm: require(path.resolve(dir, 'node/values_migrate.js')) };
});
if (!variants.length) throw new Error('usage: node bench/opt_variants.mjs NAME=PKG_DIR … [--quick]');

const gzipBytes = (file) => execFileSync('gzip', ['-9', '-c', file], { maxBuffer: 1 << 28 }).length;
const sizes = Object.fromEntries(variants.map(({ name, dir }) => {
  const shipped = path.join(dir, 'node/values_migrate_bg.wasm');
  return [name, {
    raw: statSync(path.join(dir, 'raw.wasm')).size,
    shipped: statSync(shipped).size,
    shipped_gzip9: gzipBytes(shipped),
  }];
}));

const read = (p) => readFileSync(path.join(bosunDir, p), 'utf8');
const schemas = { base: read('base.values.schema.json'), target: read('target.values.schema.json') };
const proposal = read('proposal.yaml');
const p = quick
  ? { warm_s: 0.2, warm_calls: 1, sample_s: 0.001, min_time_s: 1.0, min_samples: 5, max_samples: 40 }
  : { warm_s: 1.0, warm_calls: 2, sample_s: 0.001, min_time_s: 4.0, min_samples: 9, max_samples: 200 };

const times = {};
for (const [label, bytes] of [['100 KiB', 100 * 1024], ['1 MiB', 1024 * 1024]]) {
  const text = chartOfCharts(bytes);
  const request = { files: [{ path: 'addons.yaml', text }], baseSchema: schemas.base, targetSchema: schemas.target, proposal };
  const outputs = variants.map(({ vm }) => JSON.stringify(vm.migrate(request)));
  if (outputs.some((o) => o !== outputs[0])) throw new Error(`${label}: the variants disagree`);
  if (JSON.parse(outputs[0]).status !== 'planned') throw new Error(`${label}: not planned`);
  const fs = [...variants.map(({ vm }) => () => vm.migrate(request)), () => cst(text, schemas, bosunEdits)];
  const results = measureInterleaved(p, fs).map((r) => summarize(r.samples));
  times[label] = Object.fromEntries([...variants.map((v) => v.name), 'eemeli/yaml CST + ajv'].map((n, i) => [n, results[i]]));
}
console.log(JSON.stringify({ when: new Date().toISOString(), load: (await import('node:os')).loadavg(), sizes, times }, null, 2));
