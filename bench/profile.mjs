// Profiles the bosun migrate on one family's file (bench/families.mjs) in the wasm, in Node:
//
//   node --cpu-prof --cpu-prof-dir=DIR bench/profile.mjs PKG_NODE_DIR FAMILY BYTES [CALLS]
//   node bench/profile.mjs --top DIR/FILE.cpuprofile [N]    self time per function, top N
//
// PKG_NODE_DIR is a wasm-bindgen --target nodejs output; bind the wasm before wasm-opt (cargo's
// output keeps its name section) so that the profile names Rust functions.
// The same summary reads a profile Chromium's DevTools protocol wrote (bench/profile_browser.mjs).

import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { familyText } from './families.mjs';

const args = process.argv.slice(2);
if (args[0] === '--top') {
  const profile = JSON.parse(readFileSync(args[1], 'utf8'));
  const n = Number(args[2] ?? 30);
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map();
  const dt = profile.timeDeltas;
  profile.samples.forEach((id, i) => {
    const f = byId.get(id).callFrame;
    const name = f.functionName || `(${f.url.split('/').pop() || 'anonymous'})`;
    self.set(name, (self.get(name) ?? 0) + (dt[i] ?? 0));
  });
  const total = [...self.values()].reduce((a, b) => a + b, 0);
  const rows = [...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, n);
  for (const [name, us] of rows) console.log(`${(100 * us / total).toFixed(1).padStart(5)}%  ${(us / 1e3).toFixed(0).padStart(6)} ms  ${name.slice(0, 140)}`);
  process.exit(0);
}
const [pkg, family, bytes, calls = '10'] = args;
const require = createRequire(import.meta.url);
const vm = require(path.resolve(pkg, 'values_migrate.js'));
const bosun = path.join(path.dirname(new URL(import.meta.url).pathname), '..', 'examples/bosun-0.20.0-to-0.25.1');
const read = (p) => readFileSync(path.join(bosun, p), 'utf8');
const text = familyText(family, Number(bytes));
const request = { files: [{ path: 'addons.yaml', text }], baseSchema: read('base.values.schema.json'), targetSchema: read('target.values.schema.json'), proposal: read('proposal.yaml') };
for (let i = 0; i < Number(calls); i++) {
  const r = vm.migrate(request);
  if (r.status !== 'planned') throw new Error(`not planned: ${r.status}`);
}
