// Typed use of the package from a browser bundle: init() with and without an explicit wasm URL.
import init, { initSync, migrate } from 'values-migrate';
import * as first from 'values-migrate';
import type { ChartRead, DecodeResult, InitInput, MigrateResult, RenderResult } from 'values-migrate';

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

// The second module, loaded when wanted, holds every function: the renderer, chart archives, decode.
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
const chart: ChartRead = renderer.readChart('chart.tgz', new Uint8Array());
const decoded: DecodeResult = renderer.decode('a: 1\n');

// The first module declares only a values file's migration (its functions of these names throw).
// @ts-expect-error readChart is in values-migrate/render
first.readChart('chart.tgz', new Uint8Array());
// @ts-expect-error decode is in values-migrate/render
first.decode('a: 1\n');

export { result, files, verdicts, chart, decoded };
