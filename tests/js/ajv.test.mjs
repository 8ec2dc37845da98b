// Our schema verdicts against ajv's (an independent validator) on the corpus: every chart's
// schemas on every values file of that chart, plus each of its top-level keys dropped, renamed
// and retyped. Draft-04 schemas are left out (ajv needs a plugin for them); `format` is not
// compared (ajv asserts it only with ajv-formats; we assert it in drafts 4 to 7, as
// jsonschema 0.61 did), so an instance we refuse only for a format counts as not comparable.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Ajv from 'ajv';
import Ajv2019 from 'ajv/dist/2019.js';
import Ajv2020 from 'ajv/dist/2020.js';
import { decode, validate } from 'values-migrate';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const corpus = join(root, 'tests', 'corpus');

/** An ajv for the draft `$schema` names, or null for draft-04. */
function ajvFor(schema) {
  const uri = String(schema.$schema ?? '');
  const options = { strict: false, validateFormats: false, validateSchema: false, allErrors: false };
  if (uri.includes('draft-04')) return null;
  if (uri.includes('2020-12')) return new Ajv2020(options);
  if (uri.includes('2019-09')) return new Ajv2019(options);
  return new Ajv(options);
}

/** The values with each of their first top-level keys dropped, renamed and retyped. */
function mutations(values) {
  const out = [];
  if (values === null || typeof values !== 'object' || Array.isArray(values)) return out;
  for (const key of Object.keys(values).slice(0, 20)) {
    const dropped = { ...values };
    delete dropped[key];
    const renamed = { ...dropped, [`${key}X`]: values[key] };
    const v = values[key];
    const retyped = { ...values, [key]: typeof v === 'string' ? 7 : typeof v === 'object' && v !== null ? 'text' : 'yes' };
    out.push(dropped, renamed, retyped);
  }
  return out;
}

test('ajv and values-migrate agree on the corpus verdicts', () => {
  let compared = 0;
  let formatOnly = 0;
  const disagreements = [];
  for (const chart of readdirSync(corpus, { withFileTypes: true }).filter((d) => d.isDirectory())) {
    const versions = readdirSync(join(corpus, chart.name));
    const texts = versions
      .map((v) => join(corpus, chart.name, v, 'values.yaml'))
      .filter(existsSync)
      .map((p) => readFileSync(p, 'utf8'));
    for (const version of versions) {
      const schemaPath = join(corpus, chart.name, version, 'values.schema.json');
      if (!existsSync(schemaPath)) continue;
      const schemaText = readFileSync(schemaPath, 'utf8');
      const schema = JSON.parse(schemaText);
      const ajv = ajvFor(schema);
      if (ajv === null) continue;
      delete schema.$schema;
      const check = ajv.compile(schema);
      const own = readFileSync(join(corpus, chart.name, version, 'values.yaml'), 'utf8');
      const decoded = decode(own).documents[0];
      const instances = [...texts, ...mutations(decoded).map((m) => JSON.stringify(m))];
      for (const text of instances) {
        const values = decode(text).documents[0] ?? {};
        const ours = validate({ files: [{ path: 'values.yaml', text }], schema: schemaText });
        const theirs = check(values);
        if (!ours.valid && ours.violations.every((v) => v.schemaPath.endsWith('/format'))) {
          formatOnly += 1;
          continue;
        }
        compared += 1;
        if (ours.valid !== theirs) {
          disagreements.push(`${chart.name}/${version}: ours ${ours.valid}, ajv ${theirs}: ${text.slice(0, 120)}`);
        }
      }
    }
  }
  assert.deepEqual(disagreements.slice(0, 5), []);
  assert.ok(compared > 500, `only ${compared} instances compared`);
  console.log(`ajv: ${compared} verdicts agree (${formatOnly} refused for a format only, not compared)`);
});
