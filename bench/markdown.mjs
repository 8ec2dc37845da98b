// Renders a results.json of scripts/bench as Markdown tables (for docs/BENCHMARKS.md):
//   node bench/markdown.mjs [target/bench/results.json]

import { readFileSync } from 'node:fs';

const file = process.argv[2] ?? 'target/bench/results.json';
const r = JSON.parse(readFileSync(file, 'utf8'));
const fmt = (ms) => ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : ms >= 1 ? `${ms.toPrecision(3)} ms` : `${(ms * 1000).toPrecision(3)} µs`;
const ratio = (x) => x == null ? '' : x >= 10 ? `${x.toFixed(1)}×` : x >= 0.1 ? `${x.toFixed(2)}×` : `${x.toPrecision(2)}×`;
const kib = (b) => `${(b / 1024).toFixed(1)} KiB`;

const out = [];
out.push(`Run: ${r.date}, ${r.mode}, ${r.machine.cpus} CPUs (${r.machine.cpu_model}), ${r.machine.memory_gib} GiB, ${r.machine.os}; `
  + `${r.measuring_s} s of measuring; 1-minute load average ${r.loadavg_1m.start.toFixed(2)} → ${r.loadavg_1m.end.toFixed(2)}.`);
out.push('');
out.push(`Versions: ${Object.entries(r.versions).filter(([k]) => k !== 'git_dirty_src').map(([k, v]) => `${k} ${v}`).join('; ')}`
  + `${r.versions.git_dirty_src ? ' (src/ had uncommitted changes)' : ''}.`);
let key = '';
for (const row of r.rows) {
  const k = `${row.group} | ${row.input}`;
  if (k !== key) {
    out.push('', `**${row.group}: ${row.input}**`, '', '| tool | median | p90 | samples | ratio |', '| --- | ---: | ---: | ---: | ---: |');
    key = k;
  }
  const n = row.batch > 1 ? `${row.n}×${row.batch}` : `${row.n}`;
  out.push(`| ${row.tool} | ${fmt(row.median_ms)} | ${fmt(row.p90_ms)} | ${n} | ${ratio(row.ratio)} |`);
}
if (r.sizes) {
out.push('', '| wasm size (gzip -9) | opt-level z | opt-level s | s / z |', '| --- | ---: | ---: | ---: |');
const names = { cargo_wasm: 'cargo output', wasm_opt: 'after wasm-opt -Oz', shipped_wasm: 'shipped `_bg.wasm` (after wasm-bindgen)', glue_web_js: 'JS glue, web', glue_node_js: 'JS glue, node' };
for (const [k, name] of Object.entries(names)) {
  const z = r.sizes.z[k];
  const s = r.sizes.s[k];
  out.push(`| ${name} | ${kib(z.bytes)} (${kib(z.gzip9)}) | ${kib(s.bytes)} (${kib(s.gzip9)}) | ${(s.bytes / z.bytes).toFixed(3)}× (${(s.gzip9 / z.gzip9).toFixed(3)}×) |`);
}
}
const e = r.migrate_e2e;
if (e) {
  const f = (x, d = 1) => (x == null || !Number.isFinite(x) ? '—' : x.toFixed(d));
  const mib = (b) => `${(b / 2 ** 20).toFixed(1)} MiB`;
  out.push('', '**Goals: end to end (bosun migrate in a chart-of-charts file)**', '',
    '| file | wasm | CST + ajv | CST / wasm | native (opt 3) | native MB/s | floor MB/s | native / floor | wasm ms per MiB | native ms per MiB |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
  for (const x of e.sizes) {
    out.push(`| ${x.input} | ${fmt(x.wasm_ms)} | ${x.cst_ms ? fmt(x.cst_ms) : '—'} | ${f(x.cst_over_wasm, 2)}× | ${fmt(x.native_ms)} | ${f(x.native_mb_s)} | ${f(x.floor_mb_s)} | ${f(x.native_over_floor)}× | ${f(x.wasm_ms_per_mib)} | ${f(x.native_ms_per_mib)} |`);
  }
  out.push('', '**Goals: op count on one 1 MiB file**', '', '| ops | wasm | native (opt 3) |', '| ---: | ---: | ---: |');
  for (const o of e.ops) out.push(`| ${o.ops} | ${o.wasm_ms ? fmt(o.wasm_ms) : '—'} | ${o.native_ms ? fmt(o.native_ms) : '—'} |`);
  out.push('', '**Peak memory of one call (a fresh process each)**', '', '| file | tool | peak | × file size | how |', '| --- | --- | ---: | ---: | --- |');
  for (const m of e.memory) out.push(`| ${m.input} | ${m.tool} | ${mib(m.peak_bytes)} | ${f(m.over_file)}× | ${m.how} |`);
  out.push('', '**Output checks: lines changed, and the same data as values-migrate**', '', '| file | tool | removed | added | data |', '| --- | --- | ---: | ---: | --- |');
  for (const c of e.changed) out.push(`| ${c.input} | ${c.tool} | ${c.removed} | ${c.added} | ${c.same ? 'same' : '**different**'} |`);
}
const bad = r.agreement.filter((a) => !a.ok);
out.push('', `Agreement: ${r.agreement.length} checks, ${bad.length} mismatch(es)${bad.length ? ': ' + bad.map((a) => a.check).join('; ') : ''}.`);
console.log(out.join('\n'));
