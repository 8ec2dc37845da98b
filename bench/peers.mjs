// The hand-written JavaScript pipelines that the end-to-end migrate rows of scripts/bench
// compare values-migrate with. Each one is what a careful JS user would write for the bosun
// migration, the edits known in advance (bench/migrate_inputs.mjs `bosunEdits`), and does
// per call what values-migrate's one-shot `migrate()` does: parse both schemas and compile
// them (ajv), parse the values file, check the values against the base and the target schema,
// apply the edits, write the text, then re-parse the output in full and validate it against
// the target. They do less than values-migrate: no survival, provenance or plan derivation,
// no check that the rest of the file decodes as before, no diff.
//
//   documentApi   eemeli/yaml `parseDocument` + `deleteIn` + a key renamed in place +
//                 `toString()`: comments survive, formatting is re-rendered
//   cst           eemeli/yaml's CST (`Parser`, `Composer`, `CST.setScalarValue`,
//                 `CST.stringify`): items removed and the key renamed in the token stream, so
//                 every other byte stays as written
//   roundTrip     `YAML.parse` → plain object → edits → `YAML.stringify`: loses comments,
//                 quoting and key order (the typed round-trip that loses everything)

import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const YAML = require('yaml');
const Ajv = require('ajv').default;
const Ajv2020 = require('ajv/dist/2020').default;

/** A fresh ajv for the schema's draft (2020-12 or draft-07), as run.mjs's validate rows use. */
function compile(schemaText) {
  const schema = JSON.parse(schemaText);
  const Class = String(schema.$schema ?? '').includes('2020-12') ? Ajv2020 : Ajv;
  return new Class({ strict: false, allErrors: true }).compile(schema);
}

const getIn = (value, path) => path.reduce((v, k) => (v == null ? v : v[k]), value);

/** The schema checks every pipeline makes: the original against both, the output against the target. */
function check(schemas, original, output) {
  const base = compile(schemas.base);
  const target = compile(schemas.target);
  if (!base(original)) throw new Error(`peer: the original fails the base schema: ${JSON.stringify(base.errors)}`);
  // The target rejects the original: that is why it is migrated; its errors name what to edit.
  if (target(original)) throw new Error('peer: the target schema accepts the original; nothing to migrate');
  return () => {
    if (!target(output())) throw new Error(`peer: the output fails the target schema: ${JSON.stringify(target.errors)}`);
  };
}

function parseStrict(text) {
  const docs = YAML.parseAllDocuments(text);
  for (const d of docs) if (d.errors.length) throw new Error(`peer: ${d.errors[0].message}`);
  return docs.map((d) => d.toJS());
}

export function documentApi(text, schemas, edits) {
  const doc = YAML.parseDocument(text);
  if (doc.errors.length) throw new Error(`peer: ${doc.errors[0].message}`);
  const values = doc.getIn(edits.prefix);
  let out;
  const verify = check(schemas, values.toJS(doc), () => getIn(parseStrict(out)[0], edits.prefix));
  for (const p of edits.remove) doc.deleteIn([...edits.prefix, ...p]);
  for (const r of edits.rename) {
    const map = doc.getIn([...edits.prefix, ...r.at]);
    const pair = map.items.find((p) => p.key.value === r.from);
    pair.key.value = r.to; // the key node keeps its comments
  }
  out = doc.toString();
  verify();
  return out;
}

/** The block-map item of `map` whose key is written `key`. */
function item(map, key) {
  const found = map?.items?.find((i) => i.key?.type === 'scalar' && i.key.source === key);
  if (!found) throw new Error(`peer: no key ${key} in the CST`);
  return found;
}

export function cst(text, schemas, edits) {
  const tokens = [...new YAML.Parser().parse(text)];
  const docs = [...new YAML.Composer().compose(tokens)];
  for (const d of docs) if (d.errors.length) throw new Error(`peer: ${d.errors[0].message}`);
  let out;
  const verify = check(schemas, getIn(docs[0].toJS(), edits.prefix), () => getIn(parseStrict(out)[0], edits.prefix));
  const document = tokens.find((t) => t.type === 'document');
  const at = (path) => path.reduce((map, key) => item(map, key).value, document.value);
  for (const p of edits.remove) {
    const map = at([...edits.prefix, ...p.slice(0, -1)]);
    map.items.splice(map.items.indexOf(item(map, p.at(-1))), 1);
  }
  for (const r of edits.rename) {
    YAML.CST.setScalarValue(item(at([...edits.prefix, ...r.at]), r.from).key, r.to);
  }
  out = tokens.map((t) => YAML.CST.stringify(t)).join('');
  verify();
  return out;
}

export function roundTrip(text, schemas, edits) {
  const data = YAML.parse(text);
  let out;
  const verify = check(schemas, getIn(data, edits.prefix), () => getIn(YAML.parse(out), edits.prefix));
  const values = getIn(data, edits.prefix);
  for (const p of edits.remove) delete getIn(values, p.slice(0, -1))[p.at(-1)];
  for (const r of edits.rename) {
    const map = getIn(values, r.at);
    map[r.to] = map[r.from];
    delete map[r.from];
  }
  out = YAML.stringify(data);
  verify();
  return out;
}

export const peers = [
  { id: 'documentApi', tool: 'eemeli/yaml Document API + ajv', impl: 'parseDocument, deleteIn, key renamed in place, toString; ajv compile + validate; re-parse', f: documentApi },
  { id: 'cst', tool: 'eemeli/yaml CST + ajv', impl: 'Parser + Composer, items spliced out of the CST, setScalarValue, CST.stringify; ajv; re-parse', f: cst },
  { id: 'roundTrip', tool: 'typed round-trip (yaml parse/stringify) + ajv', impl: 'YAML.parse, edit the object, YAML.stringify (comments, quoting, order lost); ajv; re-parse', f: roundTrip },
];

/**
 * How many lines an output changed: lines removed and added, counted as multisets between the
 * first and the last line that differ (cheap at 8 MiB, exact for edits that do not reorder lines).
 */
export function changedLines(before, after) {
  const a = before.split('\n');
  const b = after.split('\n');
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++;
  const counts = new Map();
  for (const l of a.slice(head, a.length - tail)) counts.set(l, (counts.get(l) ?? 0) + 1);
  let added = 0;
  for (const l of b.slice(head, b.length - tail)) {
    const n = counts.get(l) ?? 0;
    if (n > 0) counts.set(l, n - 1);
    else added++;
  }
  let removed = 0;
  for (const n of counts.values()) removed += n;
  return { removed, added };
}
