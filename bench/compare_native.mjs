// Two or more builds of bench/native timed against each other: the bosun migration inside each
// family's file (bench/families.mjs) at 100 KiB and 1 MiB, and the floor (saphyr-parser's events
// alone), in rounds of a process per build, the builds' order turned every round, so that the
// machine's load falls on all alike; each build's migrate is read as a ratio to the floor of its
// own round (the floor moves by a fifth between processes at this machine's load).
//
//   node bench/compare_native.mjs [--rounds N] [--family=a,b] NAME=BINARY …
//
// Prints each row on stderr as it is measured and the medians (ms, and the ratios with their
// range over the rounds) as one JSON object on stdout.

import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { familyNames, familyText } from './families.mjs';

const args = process.argv.slice(2);
const at = args.indexOf('--rounds');
const rounds = at >= 0 ? Number(args[at + 1]) : 5;
const families = args.find((a) => a.startsWith('--family='))?.slice(9).split(',') ?? familyNames;
const builds = args.filter((a) => a.includes('=') && !a.startsWith('--')).map((a) => {
  const [name, binary] = a.split('=');
  return { name, binary: path.resolve(binary) };
});
if (builds.length < 2) throw new Error('usage: node bench/compare_native.mjs [--rounds N] NAME=BINARY NAME=BINARY …');
const bosun = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'examples/bosun-0.20.0-to-0.25.1');
const dir = mkdtempSync(path.join(os.tmpdir(), 'compare-native-'));
const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];

function run(build, jobs, plan) {
  const jobsFile = path.join(dir, 'jobs.json');
  const outFile = path.join(dir, 'out.json');
  writeFileSync(jobsFile, JSON.stringify({ ...plan, jobs }));
  const r = spawnSync(build.binary, [jobsFile, outFile], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`${build.name}: ${r.stderr}`);
  return Object.fromEntries(JSON.parse(readFileSync(outFile, 'utf8')).map((x) => [x.id, median(x.samples)]));
}

const out = { when: new Date().toISOString(), load: os.loadavg()[0], rounds, rows: [] };
for (const bytes of [100 * 1024, 1024 * 1024]) {
  for (const family of families) {
    const file = path.join(dir, `${family}-${bytes}.yaml`);
    writeFileSync(file, familyText(family, bytes));
    const jobs = [
      { id: 'm', kind: 'migrate', values: [file], base: path.join(bosun, 'base.values.schema.json'), target: path.join(bosun, 'target.values.schema.json'), proposal: path.join(bosun, 'proposal.yaml') },
      { id: 'f', kind: 'floor', file },
    ];
    const plan = bytes < 1024 * 1024
      ? { warm_s: 0.1, warm_calls: 2, sample_s: 0.005, min_time_s: 0.5, min_samples: 5, max_samples: 50 }
      : { warm_s: 0, warm_calls: 1, sample_s: 0, min_time_s: 0, min_samples: 5, max_samples: 5 };
    const byBuild = builds.map(() => ({ m: [], f: [], ratio: [] }));
    for (let r = 0; r < rounds; r++) {
      const order = builds.map((_, i) => i);
      if (r % 2) order.reverse();
      for (const i of order) {
        const t = run(builds[i], r % 2 ? [...jobs].reverse() : jobs, plan);
        byBuild[i].m.push(t.m);
        byBuild[i].f.push(t.f);
        byBuild[i].ratio.push(t.m / t.f);
      }
    }
    const row = {
      family, bytes,
      builds: Object.fromEntries(builds.map((b, i) => {
        const x = byBuild[i];
        return [b.name, { migrate_ms: median(x.m), floor_ms: median(x.f), ratio: median(x.ratio), range: [Math.min(...x.ratio), Math.max(...x.ratio)] }];
      })),
    };
    out.rows.push(row);
    console.error(family, bytes, JSON.stringify(row.builds));
  }
}
out.load_after = os.loadavg()[0];
console.log(JSON.stringify(out));
