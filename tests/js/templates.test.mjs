// Charts without a strict schema through the JS API: readChartFiles gives each chart's templates,
// and migrate, diagnose and a Session given baseTemplates/targetTemplates name the values the
// target chart reads nowhere, plan their moves, and refuse a key no target template reads.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrate, diagnose, validate, readChartFiles, Session } from 'values-migrate';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const bump = join(root, 'tests/charts/real/argo-cd-5.55.0-to-6.0.0');
const fixture = join(root, 'tests/fixtures/migrate/real-argo-cd-5.55.0-to-6.0.0-server-config-becomes-configs-cm');

/** A chart directory read as the MCP server and the Node CLI read one: paths and bytes. */
function chart(side, name) {
  const dir = join(bump, side);
  const walk = (at) => readdirSync(at).sort().flatMap((n) => (statSync(join(at, n)).isDirectory() ? walk(join(at, n)) : [join(at, n)]));
  const files = walk(dir);
  return readChartFiles(name, files.map((f) => relative(dir, f)), files.map((f) => readFileSync(f)));
}

const base = chart('base-chart', 'argo-cd-5.55.0');
const target = chart('target-chart', 'argo-cd-6.0.0');
const input = (proposal) => ({
  files: [{ path: 'values.yaml', text: readFileSync(join(bump, 'values.yaml'), 'utf8') }],
  baseSchema: base.schema,
  targetSchema: target.schema,
  defaults: target.defaults,
  baseDefaults: base.defaults,
  baseTemplates: base.templates,
  targetTemplates: target.templates,
  proposal,
});

test('readChartFiles gives every chart of the tree with its templates', () => {
  assert.equal(target.templates.chart, 'argo-cd');
  assert.equal(target.templates.version, '6.0.0');
  assert.deepEqual(target.templates.charts.map((c) => c.name), ['argo-cd', 'redis-ha']);
  assert.deepEqual(target.templates.charts[1].valuesPath, ['redis-ha']);
  assert.ok(target.templates.files.some((f) => f.name === 'argo-cd/templates/_helpers.tpl'));
});

test('diagnose names each value the target chart ignores, and where the base read it', () => {
  const report = diagnose(input());
  assert.equal(report.status, 'needs-proposal');
  const ignored = report.displaced.filter((d) => d.by === 'templates');
  assert.deepEqual(ignored.map((d) => d.path), ['controller.logLevel', 'server.config', 'server.rbacConfig', 'server.ingress.hosts']);
  assert.equal(ignored[1].readBefore, 'argo-cd/templates/_helpers.tpl:178');
  assert.match(report.brief, /No template of the target chart reads these values/);
});

test('migrate plans the upgrade notes\' moves to the expected diff, in a one-shot call and a Session', () => {
  const proposal = readFileSync(join(bump, 'proposal.yaml'), 'utf8');
  const expected = readFileSync(join(fixture, 'expected.diff'), 'utf8');
  const once = migrate(input(proposal));
  assert.equal(once.status, 'planned');
  assert.equal(once.files[0].diff, expected);
  const { files, proposal: p, ...options } = input(proposal);
  const session = new Session(options);
  try {
    const again = session.migrate({ files, proposal: p });
    assert.equal(again.files[0].diff, expected);
  } finally {
    session.free();
  }
});

test('a proposal key no target template reads is refused with the nearest keys it does read', () => {
  const proposal = readFileSync(join(bump, 'proposal.yaml'), 'utf8').replace('  cm:', '  cmm:');
  const report = migrate(input(proposal));
  assert.equal(report.status, 'refused');
  const refusal = report.refusals.find((r) => r.kind === 'unread-by-target');
  assert.equal(refusal.path, 'configs.cmm');
  assert.match(refusal.message, /nearest keys it reads there: `configs\.cm`/);
  assert.equal(refusal.line, 8);
});

test('without templates, the same schema-less bump sees nothing to move', () => {
  const { baseTemplates, targetTemplates, ...plain } = input();
  assert.equal(diagnose(plain).displaced.length, 0);
});

test('with both chart trees (readChart\'s `charts`), each finding is named by its chart, as the CLIs name it', () => {
  const named = diagnose({ ...input(), baseCharts: base.charts, targetCharts: target.charts });
  assert.deepEqual(named.charts.map((c) => [c.name, c.chart, c.from, c.to]), [['argo-cd', 'argo-cd', '5.55.0', '6.0.0']]);
  assert.deepEqual(named.charts[0].findings.filter((f) => f.kind === 'displaced').map((f) => f.path),
    ['controller.logLevel', 'server.config', 'server.rbacConfig', 'server.ingress.hosts']);
  assert.match(named.comment, /\*\*Charts\*\*/);
  const plain = diagnose(input());
  assert.deepEqual(plain.charts ?? [], [], 'without the trees, nothing is named by chart');
});

test('readChart\'s `chart` is the tree: its charts, and how Helm reads their values; the schema holds no key of its own', () => {
  assert.deepEqual(target.chart.charts, target.charts);
  assert.deepEqual(target.chart.composition.gates.map((g) => [g.path, g.conditions]), [[['redis-ha'], [['redis-ha', 'enabled']]]]);
  assert.deepEqual(target.chart.composition.values.subcharts.map((s) => s.key), ['redis-ha']);
  assert.doesNotMatch(target.schema, /x-values-migrate/);
});

test('validate judges a tree as Helm does with the schema\'s `chart`, and the schema alone as plain JSON Schema', () => {
  const files = [{ path: 'values.yaml', text: 'redis-ha: oops\n' }];
  const judged = validate({ files, schema: target.schema, defaults: target.defaults, chart: target.chart });
  assert.equal(judged.valid, false);
  assert.deepEqual(judged.violations.map((v) => [v.message, v.line]), [['type mismatch on redis-ha: %!t(string=oops)', 1]]);
  const alone = validate({ files, schema: target.schema, defaults: target.defaults });
  assert.equal(alone.valid, true, 'without the tree, no coalescing refuses a subchart\'s values');
});

test('with both trees (readChart\'s `chart`), a Session names each finding by its chart, as the old `charts` fields do', () => {
  const { files, proposal, ...options } = input();
  const session = new Session({ ...options, baseChart: base.chart, targetChart: target.chart });
  try {
    const named = session.diagnose({ files });
    const byCharts = diagnose({ ...input(), baseCharts: base.charts, targetCharts: target.charts });
    assert.deepEqual(named.charts, byCharts.charts);
    assert.deepEqual(named.displaced, byCharts.displaced);
  } finally {
    session.free();
  }
});
