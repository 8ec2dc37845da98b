// Typed use of the package from a browser bundle: init() with and without an explicit wasm URL.
import init, { initSync, migrate } from 'values-migrate';
import type { InitInput, MigrateResult, RenderResult } from 'values-migrate';

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

// The renderer is a module of its own, loaded when wanted.
const renderer = await import('values-migrate/render');
await renderer.default();
const rendered: RenderResult = renderer.render({ chart: { archive: new Uint8Array() }, namespace: 'prod' });
const files: string[] = Object.keys(rendered.files);
// The bump's behaviour: the render module's `behaviour`, the two charts as `render` takes one.
const judged: MigrateResult = renderer.behaviour({
  files: [{ path: 'values.yaml', text: 'a: 1\n' }], baseSchema: '{}', targetSchema: '{}',
  render: { base: new Uint8Array(), target: { name: 'app-2.0.0.tgz', archive: new Uint8Array() } },
});
const verdicts: string[] = (judged.behaviour?.values ?? []).map((v) => v.verdict);

export { result, files, verdicts };
