// The results' generated JSON Schema (types/results.schema.json) as ajv compiles it, and which of its
// definitions a command line's `--format json` output must satisfy.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Ajv2020 from 'ajv/dist/2020.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const schema = JSON.parse(readFileSync(join(root, 'types/results.schema.json'), 'utf8'));
const ajv = new Ajv2020({ allErrors: true, strict: true });
// schemars names the width of an integer (`uint`); its range is checked by `minimum` already.
ajv.addFormat('uint', true);
ajv.addSchema(schema, 'results');

/** How many outputs each definition has been checked against, by name. */
export const checked = new Map();

/** Requires `value` to satisfy the definition `name` of the results' schema. */
export function conforms(name, value, what = name) {
  const validate = ajv.getSchema(`results#/$defs/${name}`);
  assert.ok(validate, `no definition ${name} in types/results.schema.json`);
  const ok = validate(value);
  assert.ok(ok, `${what}: does not conform to ${name}:\n${ajv.errorsText(validate.errors, { separator: '\n' })}`);
  checked.set(name, (checked.get(name) ?? 0) + 1);
}

/** The definition a command line's stdout is an instance of, or null when it prints no result. */
export function resultOf(args) {
  const format = args[args.indexOf('--format') + 1];
  if (args.includes('--format') && format !== 'json') return null;
  if (args.some((a) => a === '--help' || a === '-h' || a === '--version' || a === '-V')) return null;
  switch (args[0]) {
    case 'migrate':
    case 'diagnose':
      return 'MigrateResult';
    case 'validate':
      return 'ValidateResult';
    case 'patch':
      return 'PatchResult';
    case 'replay':
      if (args.includes('--repos')) return 'FleetReport';
      if (args.includes('--chain')) return 'ChainResult';
      return args.includes('--layered') ? 'LayeredReplayResult' : 'ReplayResult';
    case 'render':
      // Its default format is Helm's stream.
      return args.includes('--format') && format === 'json' ? 'RenderResult' : null;
    default:
      return null; // decode prints the documents themselves; schema --for-overrides a schema.
  }
}

/** Checks a command line's stdout (and the recording it writes) against the results' definitions. */
export function checkOutput(args, stdout, cwd = root) {
  const what = `values-migrate ${args.join(' ')}`;
  const record = args.indexOf('--record');
  if (record >= 0 && existsSync(join(cwd, args[record + 1]))) {
    conforms('Migration', JSON.parse(readFileSync(join(cwd, args[record + 1]), 'utf8')), `${what}: the recording`);
  }
  const name = resultOf(args);
  if (name === null || stdout === '') return;
  // `diagnose --start-proposal` prints the proposal (YAML) when the values are located.
  if (args.includes('--start-proposal') && !stdout.startsWith('{')) return;
  let value;
  try {
    value = JSON.parse(stdout);
  } catch (e) {
    assert.fail(`${what}: stdout is not JSON: ${e.message}`);
  }
  conforms(name, value, what);
}
