// Helm's YAML dialect read in one pass (issue 45): a 1.1 MB values file with 1,000 tabs right
// after a key's `:` (`key:<tab>value`, which Helm reads and YAML 1.2 refuses) against its twin
// with a space in each tab's place, decoded under the Helm typing by the native library
// (bench/native, kind `decode`), timed by the shared rule; both files' documents compared.
// The goal: the tabbed file within 3× its tab-free twin (docs/BENCHMARKS.md, "Helm's dialect").
// A second pair: a literal block scalar of 20,000 lines a tab leads after the content's
// indentation (a script indented with tabs, which Helm reads) against the same with a space,
// after 60 kB of the same blocks, 1.1 MB in all (the tabs Helm refuses are looked for line by line).
// run: `BENCH_NATIVE_O3=… node bench/helm_dialect.mjs [--quick] [OUT_DIR]` (scripts/bench runs it).
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { component, reseed } from './synthetic.mjs';
import { summarize } from './measure.mjs';

const BYTES = 1_100_000;
const TABS = 1000;

/** The tabbed file and its twin: `{ tabbed, spaced, tabs }`. */
export function twins(bytes = BYTES, tabs = TABS) {
  reseed();
  const blocks = [];
  let size = 0;
  for (let i = 0; size < bytes; i++) {
    const block = component(i);
    blocks.push(block);
    size += block.length + 1;
  }
  const lines = blocks.join('\n').split('\n');
  // A line `key: value` outside a block scalar whose value starts with a letter, digit or `-`
  // (what saphyr-parser refuses after a tab) may take the tab.
  const candidates = [];
  let block = null; // the indentation a block scalar's content must exceed
  lines.forEach((line, i) => {
    const indent = line.length - line.trimStart().length;
    if (block !== null && (line.trim() === '' || indent > block)) return;
    block = null;
    if (/^ *[A-Za-z_][A-Za-z0-9_]*: [A-Za-z0-9-][^#]*$/.test(line)) candidates.push(i);
    if (/: *[|>][0-9+-]*\s*$/.test(line)) block = indent;
  });
  if (candidates.length < tabs) throw new Error(`only ${candidates.length} lines may take a tab`);
  const step = candidates.length / tabs;
  const tabbed = [...lines];
  for (let k = 0; k < tabs; k++) {
    const i = candidates[Math.floor(k * step)];
    tabbed[i] = tabbed[i].replace(': ', ':\t');
  }
  return { tabbed: tabbed.join('\n'), spaced: lines.join('\n'), tabs };
}

/** A file whose literal block scalar's lines a tab leads, and its twin with spaces. */
export function blockTwins(lines = 20000) {
  const head = twins(60_000, 0).spaced;
  const body = (lead) => Array.from({ length: lines }, (_, i) => `  ${lead}line ${i}: echo "step ${i}" >> /var/log/job.log`);
  const file = (lead) => `${head}\nscript: |\n  set -e\n${body(lead).join('\n')}\ndone: true\n`;
  return { tabbed: file('\t'), spaced: file(' '), lines };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const quick = process.argv.includes('--quick');
  const out = process.argv.slice(2).find((a) => !a.startsWith('--')) ?? join(tmpdir(), 'vm-helm-dialect');
  const native = process.env.BENCH_NATIVE_O3;
  if (!native) throw new Error('BENCH_NATIVE_O3 must name bench/native at opt-level 3');
  mkdirSync(out, { recursive: true });
  const { tabbed, spaced, tabs } = twins();
  const block = blockTwins();
  const files = {
    tabbed: join(out, 'tabs-after-colons.yaml'), spaced: join(out, 'tabs-after-colons-twin.yaml'),
    block: join(out, 'tab-led-block-lines.yaml'), blockTwin: join(out, 'tab-led-block-lines-twin.yaml'),
  };
  writeFileSync(files.tabbed, tabbed);
  writeFileSync(files.spaced, spaced);
  writeFileSync(files.block, block.tabbed);
  writeFileSync(files.blockTwin, block.spaced);
  // One warm-up call: the tabbed file took tens of seconds a call before issue 45.
  const plan = { warm_s: 0, warm_calls: 1, sample_s: 0.002, min_time_s: quick ? 0.3 : 1.0, min_samples: quick ? 3 : 7, max_samples: 5000 };
  // Rounds of one process each, every file timed in each: a ratio is read within a round, so
  // that the machine's load moving between rounds falls on both files of a pair alike.
  const rounds = [];
  for (let round = 0; round < (quick ? 1 : 3); round++) {
    const jobs = Object.entries(files).map(([id, file]) => ({ id, kind: 'decode', file, typing: 'helm', dump: round ? undefined : join(out, `${id}.json`) }));
    writeFileSync(join(out, 'plan.json'), JSON.stringify({ ...plan, jobs }));
    execFileSync(native, [join(out, 'plan.json'), join(out, 'out.json')], { stdio: ['ignore', 'inherit', 'inherit'] });
    rounds.push(Object.fromEntries(JSON.parse(readFileSync(join(out, 'out.json'), 'utf8')).map((r) => [r.id, r.samples])));
  }
  const dumped = Object.fromEntries(Object.keys(files).map((id) => [id, readFileSync(join(out, `${id}.json`), 'utf8')]));
  if (dumped.tabbed !== dumped.spaced) throw new Error(`the two files decode differently: ${dumped.tabbed.slice(0, 300)}`);
  if (JSON.parse(dumped.tabbed).documents.length !== 1) throw new Error(`the files did not decode: ${dumped.tabbed.slice(0, 300)}`);
  // The block scalars' values differ by the tab; each file must read, its script whole.
  for (const id of ['block', 'blockTwin']) {
    const { documents, errors } = JSON.parse(dumped[id]);
    if (documents.length !== 1 || documents[0].script.split('\n').length !== block.lines + 2) {
      throw new Error(`${id} did not decode: ${JSON.stringify(errors).slice(0, 300)}`);
    }
  }
  const s = Object.fromEntries(Object.keys(files).map((id) => [id, summarize(rounds.flatMap((r) => r[id]))]));
  // The median of the rounds' ratios, and their range.
  const ratio = (a, b) => {
    const each = rounds.map((r) => summarize(r[a]).median_ms / summarize(r[b]).median_ms).sort((x, y) => x - y);
    const range = each.length > 1 ? ` [${each[0].toFixed(2)}–${each[each.length - 1].toFixed(2)}]` : '';
    return `${each[each.length >> 1].toFixed(2)}×${range}`;
  };
  console.log(`Helm's dialect: ${(Buffer.byteLength(tabbed) / 1e6).toFixed(2)} MB, ${tabs} tabs after a key's colon, against its twin with spaces (native, opt-level 3, Helm typing, decode)`);
  console.log('| file | median | p90 | samples |');
  console.log('|---|---:|---:|---:|');
  console.log(`| tab-free twin | ${s.spaced.median_ms.toFixed(1)} ms | ${s.spaced.p90_ms.toFixed(1)} ms | ${s.spaced.n} |`);
  console.log(`| ${tabs} tabs after colons | ${s.tabbed.median_ms.toFixed(1)} ms | ${s.tabbed.p90_ms.toFixed(1)} ms | ${s.tabbed.n} |`);
  console.log(`| ratio (goal ≤ 3×), median of ${rounds.length} round(s) | ${ratio('tabbed', 'spaced')} | | |`);
  console.log(`| block scalar, lines led by a space (${(Buffer.byteLength(block.spaced) / 1e6).toFixed(2)} MB) | ${s.blockTwin.median_ms.toFixed(1)} ms | ${s.blockTwin.p90_ms.toFixed(1)} ms | ${s.blockTwin.n} |`);
  console.log(`| block scalar, ${block.lines} lines led by a tab | ${s.block.median_ms.toFixed(1)} ms | ${s.block.p90_ms.toFixed(1)} ms | ${s.block.n} |`);
  console.log(`| ratio, median of ${rounds.length} round(s) | ${ratio('block', 'blockTwin')} | | |`);
}
