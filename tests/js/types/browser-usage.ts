// Typed use of the package from a browser bundle: init() with and without an explicit wasm URL.
import init, { initSync, migrate } from 'values-migrate';
import type { InitInput, MigrateResult } from 'values-migrate';

const url: InitInput = new URL('values_migrate_bg.wasm', 'https://example.invalid/');
await init({ module_or_path: url });
await init();
initSync({ module: new Uint8Array() });
const result: MigrateResult = migrate({
  files: [{ path: 'values.yaml', text: 'a: 1\n' }],
  baseSchema: '{}',
  targetSchema: '{}',
  proposal: 'a: 1\n',
});

export { result };
