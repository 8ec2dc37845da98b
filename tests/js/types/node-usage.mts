// Typed use of the package from Node (ESM): checked by `tsc --noEmit` under `strict`.
import init, { Session, decode, diagnose, migrate, patch, render, validate } from 'values-migrate';
import type {
  DecodeResult, Diagnostic, MigrateInput, RenderInput, RenderResult, SessionInput, SessionOptions, MigrateResult, Op, PatchResult, Refusal, RefusalKind, Status, ValidateResult, Verdict,
} from 'values-migrate';

const input: MigrateInput = {
  files: [{ path: 'values.yaml', text: 'replicas: 2\n' }],
  baseSchema: '{"type": "object"}',
  targetSchema: '{"type": "object"}',
  proposal: 'replicas: 2\n',
  typing: 'helm',
};

await init();
const result: MigrateResult = migrate(input);
const status: Status = result.status;
const kinds: RefusalKind[] = result.refusals.map((r: Refusal) => r.kind);
const paths: string[] = result.ops.map((op: Op) => (op.op === 'rename' ? op.to : op.path));
const diagnosis: MigrateResult = diagnose({ ...input, proposal: null });
const brief: string | null = diagnosis.brief;
const validity: ValidateResult = validate({ files: input.files, schema: input.targetSchema });
const decoded: DecodeResult = decode('a: 1\n', { file: 'a.yaml', typing: 'yaml-1.2' });
const patched: PatchResult = patch({
  file: { path: 'deploy.yaml', text: '' },
  apiVersion: 'apps/v1', kind: 'Deployment', name: 'web', field: 'spec.replicas', from: '1', to: '2',
});
const line: number | null = patched.line;

// A Session, released at the end of the block through Symbol.dispose.
const options: SessionOptions = { baseSchema: input.baseSchema, targetSchema: input.targetSchema, typing: 'helm' };
{
  using session = new Session(options);
  const errors: Diagnostic[] = session.errors;
  const call: SessionInput = { files: input.files };
  const diagnosed: MigrateResult = session.diagnose(call);
  const planned: MigrateResult = session.migrate({ ...call, proposal: 'replicas: 2\n' });
  const valid: boolean = session.validate({ files: input.files }).valid;
  // The bump's behaviour, per call: the two charts as `render` takes one.
  const judged = session.diagnose({ ...call, render: { base: new Uint8Array(), target: { files: { 'Chart.yaml': 'name: app\n' } } } });
  const lost: string[] = (judged.behaviour?.values ?? []).filter((v) => v.verdict === 'lost').map((v) => v.path);
  // @ts-expect-error: a verdict is one of six words
  const wrong: Verdict = 'gone';
  // @ts-expect-error: migrate needs a proposal
  session.migrate(call);
  void [errors, diagnosed, planned, valid, lost, wrong];
}
const manual = new Session(options);
manual.free();

// @ts-expect-error: a status outside the contract is not assignable
const wrong: Status = 'done';

// @ts-expect-error: an unknown option is a type error (and a throw at run time)
decode('a: 1', { nonsense: true });

// A chart rendered from its archive's bytes or a directory's files (text or bytes).
const rendered: RenderResult = render({ chart: new Uint8Array(), values: [{ path: 'values.yaml', text: 'a: 1\n' }], set: ['b=2'], release: 'web' });
const spans: number[] = rendered.masked.map((m) => m.end - m.start);
const renderError: string | undefined = rendered.error?.message;
const fromFiles: RenderInput = { chart: { name: 'app', files: { 'Chart.yaml': 'name: app\n', 'templates/a.yaml': new Uint8Array() } } };
// @ts-expect-error: a chart is bytes or files, not a path
render({ chart: 'app.tgz' });

export { status, kinds, paths, brief, validity, decoded, line, wrong, spans, renderError, fromFiles };
