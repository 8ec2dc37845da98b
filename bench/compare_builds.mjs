// Two or more Node-bound wasm builds timed against each other in one Node process: the bosun
// migration inside each family's file (bench/families.mjs) at 100 KiB and 1 MiB, every build's
// call taken in turn (A B A B …) so that the machine's load falls on all alike; every build's
// result is checked to be the same. The before → after tables of docs/BENCHMARKS.md.
//
//   node bench/compare_builds.mjs [--rounds N] [--cst] [--cpu] [--family=a,b] NAME=DIR …
//
// DIR is a wasm-bindgen --target nodejs output (pkg/node, or the browser build bound for Node
// as scripts/bench binds it). N calls per build at 1 MiB (default 11), 4N at 100 KiB. With
// `--cst`, eemeli/yaml's CST + ajv (bench/peers.mjs, the goals' peer) takes its turn among the
// builds, so that each build's ratio to it is read in the same run. Prints each row as it is
// measured on stderr and the medians as one JSON object on stdout.
//
// With `--cpu`, each sample is a batch of calls (10 at 100 KiB, 2 at 1 MiB) timed in CPU time
// (`process.cpuUsage`, user + system, over the batch's calls), which the machine's run queue does
// not inflate; N batches per build at 1 MiB, 2N at 100 KiB.

import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { familyNames, familyText } from './families.mjs';
import { cst } from './peers.mjs';

const require = createRequire(import.meta.url);
const args = process.argv.slice(2);
const at = args.indexOf('--rounds');
const rounds = at >= 0 ? Number(args[at + 1]) : 11;
const withCst = args.includes('--cst');
const cpu = args.includes('--cpu');
const families = args.find((a) => a.startsWith('--family='))?.slice(9).split(',') ?? familyNames;
const builds = args.filter((a) => a.includes('=') && !a.startsWith('--')).map((a) => {
  const [name, dir] = a.split('=');
  return { name, vm: require(path.resolve(dir, 'values_migrate.js')) };
});
if (builds.length < 2) throw new Error('usage: node bench/compare_builds.mjs [--rounds N] NAME=DIR NAME=DIR …');
const bosun = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'examples/bosun-0.20.0-to-0.25.1');
const read = (p) => readFileSync(path.join(bosun, p), 'utf8');
const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];

const out = { when: new Date().toISOString(), load: os.loadavg()[0], rows: [] };
for (const bytes of [100 * 1024, 1024 * 1024]) {
  for (const family of families) {
    const request = {
      files: [{ path: 'addons.yaml', text: familyText(family, bytes) }],
      baseSchema: read('base.values.schema.json'), targetSchema: read('target.values.schema.json'), proposal: read('proposal.yaml'),
    };
    const schemas = { base: request.baseSchema, target: request.targetSchema };
    const edits = {
      prefix: ['bosun', 'valuesObject'],
      remove: [['gate', 'mode'], ['gate', 'wait'], ['gate', 'inventorySource']],
      rename: [{ at: ['gate', 'argocd'], from: 'port', to: 'podPort' }],
    };
    const timed = [...builds.map((b) => ({ name: b.name, call: () => b.vm.migrate(request) })),
      ...(withCst ? [{ name: 'cst', call: () => cst(request.files[0].text, schemas, edits) }] : [])];
    const results = builds.map((b) => JSON.stringify(b.vm.migrate(request)));
    results.forEach((r, i) => {
      if (r !== results[0]) throw new Error(`${builds[i].name} and ${builds[0].name} differ on ${family} ${bytes}`);
    });
    const small = bytes < 1024 * 1024;
    const calls = cpu ? (small ? 2 : 1) * rounds : (small ? 4 : 1) * rounds;
    const batch = cpu ? (small ? 10 : 2) : 1;
    const times = timed.map(() => []);
    for (let r = 0; r < calls; r++) {
      timed.forEach((t, i) => {
        if (cpu) {
          const start = process.cpuUsage();
          for (let k = 0; k < batch; k++) t.call();
          const used = process.cpuUsage(start);
          times[i].push((used.user + used.system) / 1e3 / batch);
        } else {
          const start = process.hrtime.bigint();
          t.call();
          times[i].push(Number(process.hrtime.bigint() - start) / 1e6);
        }
      });
    }
    const row = { family, bytes, calls, batch, cpu, median_ms: Object.fromEntries(timed.map((t, i) => [t.name, median(times[i])])) };
    out.rows.push(row);
    console.error(family, bytes, JSON.stringify(row.median_ms));
  }
}
out.load_after = os.loadavg()[0];
console.log(JSON.stringify(out));
