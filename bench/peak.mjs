// Peak memory of one end-to-end migrate call, in a fresh Node process (scripts/bench's memory
// rows): `node bench/peak.mjs wasm|cst|documentApi FILE` prints one JSON line.
//
// peak_bytes is the process's peak resident size (`resourceUsage().maxRSS`) minus its resident
// size just before the call, after the tool, the file and the schemas were loaded. For the wasm
// build, wasm_memory_bytes is also the size of its linear memory after the call (it only grows,
// so it is the call's high-water mark, input copy and result included).

import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { bosunDir, bosunEdits } from './migrate_inputs.mjs';
import { peers } from './peers.mjs';

const require = createRequire(import.meta.url);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const [tool, file] = process.argv.slice(2);
const read = (p) => readFileSync(p, 'utf8');
const text = read(file);
const schemas = { base: read(path.join(bosunDir, 'base.values.schema.json')), target: read(path.join(bosunDir, 'target.values.schema.json')) };
const proposal = read(path.join(bosunDir, 'proposal.yaml'));

let call;
let name;
let vm;
let instance;
if (tool === 'wasm') {
  // The CommonJS glue keeps its instance private: catch it as it is made, to read its memory.
  const Instance = WebAssembly.Instance;
  WebAssembly.Instance = function (module, imports) {
    instance = new Instance(module, imports);
    return instance;
  };
  vm = require(process.env.BENCH_PKG_NODE ?? path.join(root, 'pkg/node/values_migrate.js'));
  WebAssembly.Instance = Instance;
  name = 'values-migrate wasm';
  const request = { files: [{ path: 'addons.yaml', text }], baseSchema: schemas.base, targetSchema: schemas.target, proposal };
  call = () => vm.migrate(request);
} else {
  const peer = peers.find((p) => p.id === tool);
  if (!peer) throw new Error(`peak.mjs: unknown tool ${tool}`);
  name = peer.tool;
  call = () => peer.f(text, schemas, bosunEdits);
}
const wasmMemory = () => instance?.exports.memory?.buffer.byteLength ?? null;
const memoryBefore = wasmMemory();
const before = process.memoryUsage().rss;
const result = call();
const peak = process.resourceUsage().maxRSS * 1024;
console.log(JSON.stringify({
  tool: name,
  peak_bytes: peak - before,
  wasm_memory_bytes: wasmMemory(),
  wasm_memory_before: memoryBefore,
  how: 'maxRSS − RSS before the call' + (vm ? '; wasm linear memory after the call alongside' : ''),
  ok: result !== undefined,
}));
