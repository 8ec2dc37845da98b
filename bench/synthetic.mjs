// Writes a deterministic synthetic Helm values file of at least 1 MiB: `node synthetic.mjs OUT`.
// As a module, `component(i, indent)` gives one such block (bench/migrate_inputs.mjs builds
// the migrate inputs from it) and `reseed()` restarts the PRNG.
// The same bytes on every machine (a fixed-seed PRNG, no dates, no locale), shaped like real
// values: nested maps, lists of maps, comments, quoted and plain strings, numbers, booleans,
// nulls, flow collections and literal block scalars. YAML 1.2 and Helm typing agree on it
// except where it says so (`yes`/`on` words appear only quoted).

import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const TARGET = 1024 * 1024;
const SEED = 0x9e3779b9;
let state = SEED;

/** Restarts the PRNG, so that a caller gets the same blocks every time. */
export function reseed() {
  state = SEED;
}
function rand() {
  // mulberry32
  state = (state + 0x6d2b79f5) >>> 0;
  let t = state;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
const pick = (xs) => xs[Math.floor(rand() * xs.length)];
const int = (lo, hi) => lo + Math.floor(rand() * (hi - lo + 1));
const words = ['alpha', 'bravo', 'charlie', 'delta', 'echo', 'foxtrot', 'gateway', 'ingress',
  'metrics', 'worker', 'scheduler', 'cache', 'proxy', 'webhook', 'operator', 'exporter'];

/** One component block, named after `i`; every line indented by `indent` more spaces. */
export function component(i, indent = 0) {
  const name = `${pick(words)}-${pick(words)}-${String(i).padStart(4, '0')}`;
  const lines = [];
  lines.push(`# ${name}: settings of one component (generated, index ${i})`);
  lines.push(`${name.replace(/-/g, '_')}:`);
  lines.push(`  enabled: ${rand() < 0.7}`);
  lines.push(`  replicaCount: ${int(1, 12)}`);
  lines.push('  image:');
  lines.push(`    repository: registry.example.invalid/${pick(words)}/${pick(words)}`);
  lines.push(`    tag: "v${int(0, 3)}.${int(0, 40)}.${int(0, 9)}"`);
  lines.push(`    pullPolicy: ${pick(['IfNotPresent', 'Always', 'Never'])}`);
  lines.push(`    digest: ${rand() < 0.5 ? '~' : 'null'}`);
  lines.push('  resources:');
  lines.push('    limits:');
  lines.push(`      cpu: ${int(1, 20) * 100}m`);
  lines.push(`      memory: ${int(1, 32) * 64}Mi`);
  lines.push('    requests: {cpu: 50m, memory: 64Mi}');
  lines.push('  podAnnotations:');
  lines.push(`    prometheus.io/scrape: "${rand() < 0.5 ? 'true' : 'false'}"`);
  lines.push(`    prometheus.io/port: "${int(8000, 9999)}"`);
  lines.push(`    example.invalid/owner: '${pick(words)} team'`);
  lines.push(`  tolerations: [${rand() < 0.5 ? '' : '{key: dedicated, operator: Equal, value: ' + pick(words) + ', effect: NoSchedule}'}]`);
  lines.push('  env:');
  const envs = int(2, 6);
  for (let e = 0; e < envs; e++) {
    lines.push(`    - name: ${pick(words).toUpperCase()}_${e}`);
    lines.push(`      value: "${pick(words)}-${int(0, 99999)}"`);
  }
  lines.push('  ports:');
  const ports = int(1, 3);
  for (let p = 0; p < ports; p++) {
    lines.push(`    - name: ${pick(['http', 'https', 'grpc', 'metrics'])}${p}`);
    lines.push(`      containerPort: ${int(1024, 65535)}`);
    lines.push(`      protocol: ${pick(['TCP', 'UDP'])}`);
    lines.push(`      expose: ${rand() < 0.5}   # trailing comment`);
  }
  lines.push('  probes:');
  lines.push(`    initialDelaySeconds: ${int(0, 60)}`);
  lines.push(`    failureRatio: ${(rand()).toFixed(3)}`);
  lines.push(`    timeout: ${int(1, 30)}s`);
  lines.push(`  mode: '${pick(['yes', 'on', 'off', 'no'])}'`);
  lines.push('  config: |');
  const configLines = int(2, 8);
  for (let c = 0; c < configLines; c++) {
    lines.push(`    ${pick(words)}.${pick(words)} = ${int(0, 1000)}`);
  }
  lines.push(`  extraArgs: ["--${pick(words)}", "--level=${pick(['debug', 'info', 'warn'])}"]`);
  lines.push('');
  const pad = ' '.repeat(indent);
  return lines.map((l) => (l ? pad + l : l)).join('\n') + '\n';
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const out = process.argv[2];
  if (!out) throw new Error('usage: node synthetic.mjs OUT');
  reseed();
  let text = '# Synthetic values file for scripts/bench (deterministic; see bench/synthetic.mjs).\n';
  for (let i = 0; Buffer.byteLength(text) < TARGET; i++) text += component(i);
  writeFileSync(out, text);
}
