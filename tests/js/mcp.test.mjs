// `values-migrate mcp` (issue 25), driven by the MCP SDK's own client over stdio: the server is
// the packed Node CLI, run in a scratch working directory that holds copies of the examples.
import { test, before, after } from 'node:test';
import { spawnSync } from 'node:child_process';
import assert from 'node:assert/strict';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import { record } from 'values-migrate';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const pkgDir = join(root, 'node_modules/values-migrate');
const manifest = JSON.parse(readFileSync(join(pkgDir, 'package.json'), 'utf8'));
const nodeCli = join(pkgDir, manifest.bin['values-migrate']);
// The CLI commands' flags as the package's Node CLI declares them (internal: not a public export).
const { cliFlags } = createRequire(import.meta.url)(join(pkgDir, 'node/values_migrate.js'));

const BOSUN = 'bosun';
const ESCALATION = 'servicemonitor';
const bosun = {
  values: [`${BOSUN}/addons.yaml`],
  base: `${BOSUN}/base.values.schema.json`,
  target: `${BOSUN}/target.values.schema.json`,
};

let scratch;
let outside;
let client;

before(async () => {
  // The server's working directory, and a file beside it that it must not reach.
  const parent = mkdtempSync(join(tmpdir(), 'vm-mcp-'));
  scratch = join(parent, 'work');
  outside = join(parent, 'secret.yaml');
  writeFileSync(outside, 'secret: 1\n');
  cpSync(join(root, 'examples/bosun-0.20.0-to-0.25.1'), join(scratch, BOSUN), { recursive: true });
  cpSync(join(root, 'examples/bosun-servicemonitor-escalation'), join(scratch, ESCALATION), { recursive: true });
  cpSync(join(root, 'examples/manifest-adr-0020'), join(scratch, 'manifest'), { recursive: true });
  cpSync(join(root, 'examples/argo-cd-application-helm-values'), join(scratch, 'argo-app'), { recursive: true });
  cpSync(join(root, 'tests/charts/real/argo-cd-5.55.0-to-6.0.0'), join(scratch, 'argo'), { recursive: true });
  cpSync(join(root, 'tests/charts/real/prometheus-18.4.0-to-19.0.0'), join(scratch, 'prom'), { recursive: true });
  cpSync(join(root, 'tests/data/schema-ref'), join(scratch, 'refs'), { recursive: true });
  symlinkSync(outside, join(scratch, 'escape.yaml'));
  client = new Client({ name: 'values-migrate-test', version: '0.0.0' });
  await client.connect(new StdioClientTransport({ command: process.execPath, args: [nodeCli, 'mcp'], cwd: scratch, stderr: 'pipe' }));
});

after(async () => {
  await client?.close();
  rmSync(dirname(scratch), { recursive: true, force: true });
});

/** Calls a tool; the structured result, or the error's text when `isError`. */
async function call(name, args) {
  const result = await client.callTool({ name, arguments: args });
  if (result.isError) return { error: result.content.map((c) => c.text).join('\n') };
  assert.deepEqual(JSON.parse(result.content[0].text), result.structuredContent, 'the text content is the structured content');
  return result.structuredContent;
}

test('lists the tools, each with an input and an output schema', async () => {
  const { tools } = await client.listTools();
  assert.deepEqual(tools.map((t) => t.name).sort(), ['diagnose', 'migrate', 'patch_manifest', 'render', 'replay', 'validate']);
  for (const tool of tools) {
    assert.equal(tool.inputSchema.type, 'object', tool.name);
    assert.equal(tool.outputSchema.type, 'object', tool.name);
    assert.ok(tool.description.length > 20, tool.name);
  }
  const migrate = tools.find((t) => t.name === 'migrate');
  assert.deepEqual([...migrate.inputSchema.required].sort(), ['base', 'proposal', 'target', 'values']);
  const { prompts } = await client.listPrompts();
  assert.deepEqual(prompts.map((p) => p.name), ['brief']);
});

test('diagnose, then migrate: the bosun plan', async () => {
  const diagnosis = await call('diagnose', bosun);
  assert.equal(diagnosis.status, 'needs-proposal');
  assert.equal(diagnosis.prefix, 'bosun.valuesObject');
  assert.ok(diagnosis.displaced.some((d) => d.path === 'gate.argocd.port' && d.value === 8083));
  assert.match(diagnosis.brief, /podPort \(integer, default 8080\)/);
  const proposal = readFileSync(join(scratch, BOSUN, 'proposal.yaml'), 'utf8');
  const planned = await call('migrate', { ...bosun, proposal });
  assert.equal(planned.status, 'planned');
  assert.deepEqual(planned.ops.map((o) => (o.op === 'rename' ? `rename ${o.from} -> ${o.to}` : `${o.op} ${o.path}`)),
    ['remove gate.mode', 'remove gate.wait', 'remove gate.inventorySource', 'rename gate.argocd.port -> gate.argocd.podPort']);
  assert.deepEqual(planned.written, [], 'nothing is written unless asked');
  assert.equal(readFileSync(join(scratch, BOSUN, 'addons.yaml'), 'utf8'), readFileSync(join(root, 'examples/bosun-0.20.0-to-0.25.1/addons.yaml'), 'utf8'));
});

test('migrate refused: the survival refusal and the dropped port with its hint; nothing written', async () => {
  const proposal = 'image:\n  repository: ghcr.io/example/bosun\n  tag: "0.25.1"\nreplicas: 3\ngate:\n  enabled: true\n'
    + '  argocd:\n    server: argocd-server.argocd.svc\nmetrics:\n  enabled: true\npodAnnotations:\n  prometheus.io/scrape: "true"\n';
  const refused = await call('migrate', { ...bosun, proposal, write: true });
  assert.equal(refused.status, 'refused');
  assert.deepEqual(refused.refusals.map((r) => `${r.kind} ${r.path}`), ['survival replicas']);
  const port = refused.notCarried.find((n) => n.path === 'gate.argocd.port');
  assert.deepEqual(port.near, ['gate.argocd.podPort']);
  assert.match(port.hint, /gained `gate\.argocd\.podPort` \(integer\) at a close name.*a hint, not applied/);
  assert.deepEqual(refused.written, []);
  assert.equal(readFileSync(join(scratch, BOSUN, 'addons.yaml'), 'utf8'), readFileSync(join(root, 'examples/bosun-0.20.0-to-0.25.1/addons.yaml'), 'utf8'));
});

test('an Argo CD Application\'s values string is migrated and written in place', async () => {
  const app = { ...bosun, values: ['argo-app/bosun.application.yaml'] };
  const diagnosis = await call('diagnose', app);
  assert.equal(diagnosis.prefix, 'spec.source.helm.values');
  assert.deepEqual(diagnosis.valuesIn, { kind: 'argo-cd-application', name: 'bosun', string: 'literal', readBy: null });
  const proposal = readFileSync(join(scratch, BOSUN, 'proposal.yaml'), 'utf8');
  const written = await call('migrate', { ...app, proposal, write: true });
  assert.equal(written.status, 'planned');
  assert.deepEqual(written.written, [app.values[0]]);
  const expected = readFileSync(join(root, 'examples/argo-cd-application-helm-values/expected.diff'), 'utf8');
  assert.equal(written.files[0].diff, expected.replaceAll(' b/bosun.', ' b/argo-app/bosun.').replaceAll(' a/bosun.', ' a/argo-app/bosun.'));
  assert.equal(readFileSync(join(scratch, app.values[0]), 'utf8'), written.files[0].after);
});

test('migrate escalated: a required key no schema can fill', async () => {
  const args = {
    values: [`${ESCALATION}/values.yaml`],
    base: `${ESCALATION}/base.values.schema.json`,
    target: `${ESCALATION}/target.values.schema.json`,
    proposal: readFileSync(join(scratch, ESCALATION, 'proposal.yaml'), 'utf8'),
  };
  const escalated = await call('migrate', args);
  assert.equal(escalated.status, 'escalated');
  assert.deepEqual(escalated.escalations.map((e) => e.path), ['metrics.serviceMonitor.namespace']);
  const answered = await call('migrate', { ...args, answers: { 'metrics.serviceMonitor.namespace': 'monitoring' } });
  assert.equal(answered.status, 'planned');
});

test('a broken proposal is a located result, not an error', async () => {
  const broken = await call('migrate', { ...bosun, proposal: 'replicas: [2\ngate: {\n' });
  assert.equal(broken.status, 'invalid');
  assert.equal(broken.errors[0].file, 'proposal');
  assert.equal(typeof broken.errors[0].line, 'number');
});

test('paths outside the working directory are refused, and the server goes on', async () => {
  for (const [path, reason] of [
    ['../secret.yaml', /outside the server's root/],
    [outside, /outside the server's root/],
    ['escape.yaml', /a symlink that leads outside the server's root/],
    [`${BOSUN}/../../secret.yaml`, /outside the server's root/],
    ['missing.yaml', /missing\.yaml: no such file/],
  ]) {
    const { error } = await call('diagnose', { ...bosun, values: [path] });
    assert.match(error, reason, path);
    assert.ok(!error.includes('secret: 1'), 'the file is not read');
  }
  const { error } = await call('diagnose', { ...bosun, base: '/etc/passwd' });
  assert.match(error, /^base: \/etc\/passwd: outside/);
  assert.equal((await call('diagnose', bosun)).status, 'needs-proposal', 'the server still answers');
});

test('bad arguments are a tool error with a reason', async () => {
  const missing = await call('diagnose', { values: bosun.values, target: bosun.target });
  assert.match(missing.error, /base/);
  const wrongType = await call('migrate', { ...bosun, proposal: 42 });
  assert.match(wrongType.error, /proposal/);
  const notChart = await call('diagnose', { ...bosun, base: BOSUN });
  assert.match(notChart.error, /^bosun: Chart\.yaml file is missing/, 'the CLI\'s own words');
});

test('two chart archives give the plan the two schema files give; the target chart brings its defaults', async () => {
  const proposal = readFileSync(join(scratch, BOSUN, 'proposal.yaml'), 'utf8');
  const archives = { ...bosun, base: `${BOSUN}/charts/bosun-0.20.0.tgz`, target: `${BOSUN}/charts/bosun-0.25.1.tgz` };
  const fromSchemas = await call('migrate', { ...bosun, proposal });
  const fromArchives = await call('migrate', { ...archives, proposal });
  assert.equal(fromArchives.status, 'planned');
  assert.deepEqual(fromArchives.ops, fromSchemas.ops);
  assert.equal(fromArchives.files[0].after, readFileSync(join(root, 'examples/bosun-0.20.0-to-0.25.1/expected.addons.yaml'), 'utf8'));
  const validated = await call('validate', { values: [`${BOSUN}/expected.addons.yaml`], schema: archives.target, prefix: 'bosun.valuesObject' });
  assert.equal(validated.valid, true);
  const escape = await call('diagnose', { ...bosun, base: `${BOSUN}/charts/../../../secret.yaml` });
  assert.match(escape.error, /outside the server's root/);
});

test('two chart directories without a schema: the values the target chart ignores, planned', async () => {
  const argo = { values: ['argo/values.yaml'], base: 'argo/base-chart', target: 'argo/target-chart' };
  const diagnosed = await call('diagnose', argo);
  assert.equal(diagnosed.status, 'needs-proposal');
  const ignored = diagnosed.displaced.filter((d) => d.by === 'templates').map((d) => d.path);
  assert.deepEqual(ignored, ['controller.logLevel', 'server.config', 'server.rbacConfig', 'server.ingress.hosts']);
  const proposal = readFileSync(join(scratch, 'argo/proposal.yaml'), 'utf8');
  const migrated = await call('migrate', { ...argo, proposal });
  assert.equal(migrated.status, 'planned');
  const expected = readFileSync(join(root, 'tests/fixtures/migrate/real-argo-cd-5.55.0-to-6.0.0-server-config-becomes-configs-cm/expected.diff'), 'utf8');
  assert.equal(migrated.files[0].diff.split('\n').slice(2).join('\n'), expected.split('\n').slice(2).join('\n'));
});

test('two charts: migrate and diagnose give the bump\'s behaviour, a lost value named in the brief, as the native CLI does; a moved value relocated', async () => {
  const prom = { values: ['prom/values.yaml'], base: 'prom/base-chart', target: 'prom/target-chart' };
  const proposal = readFileSync(join(scratch, 'prom/proposal.yaml'), 'utf8');
  const migrated = await call('migrate', { ...prom, proposal });
  assert.equal(migrated.status, 'planned');
  const verdicts = migrated.behaviour.values.map((v) => [v.path, v.verdict]);
  assert.deepEqual(verdicts, [['server.enabled', 'lost'], ['server.extraObjects', 'preserved'], ['kubeStateMetrics', 'preserved']]);
  assert.ok(migrated.behaviour.values[0].before.length > 0, 'the base rendered server.enabled somewhere');
  assert.match(migrated.brief, /server\.enabled/);
  assert.match(migrated.comment, /lost/);
  const native = spawnSync(join(root, process.env.VALUES_MIGRATE_BIN ?? 'target/debug/values-migrate'),
    ['migrate', '--values', 'values.yaml', '--base', 'base-chart', '--target', 'target-chart', '--proposal', 'proposal.yaml', '--format', 'json'],
    { cwd: join(scratch, 'prom'), encoding: 'utf8', maxBuffer: 64 << 20 });
  assert.deepEqual(migrated.behaviour, JSON.parse(native.stdout).behaviour);
  // argo-cd 6 reads the log level elsewhere: left where it is (diagnose), it is lost; moved by the proposal, relocated.
  const argo = { values: ['argo/values.yaml'], base: 'argo/base-chart', target: 'argo/target-chart' };
  const logLevel = (report) => report.behaviour.values.find((v) => v.path === 'controller.logLevel').verdict;
  assert.equal(logLevel(await call('diagnose', argo)), 'lost');
  assert.equal(logLevel(await call('migrate', { ...argo, proposal: readFileSync(join(scratch, 'argo/proposal.yaml'), 'utf8') })), 'relocated');
  const schemas = await call('diagnose', bosun);
  assert.equal(schemas.behaviour, undefined, 'schema files render nothing');
});

test('two calls at once', async () => {
  const proposal = readFileSync(join(scratch, BOSUN, 'proposal.yaml'), 'utf8');
  const [diagnosis, planned, validated] = await Promise.all([
    call('diagnose', bosun),
    call('migrate', { ...bosun, proposal }),
    call('validate', { values: [`${BOSUN}/expected.addons.yaml`], schema: bosun.target, prefix: 'bosun.valuesObject' }),
  ]);
  assert.equal(diagnosis.status, 'needs-proposal');
  assert.equal(planned.status, 'planned');
  assert.equal(validated.valid, true);
});

test('validate names each violation', async () => {
  const result = await call('validate', { values: bosun.values, schema: bosun.target, prefix: 'bosun.valuesObject' });
  assert.equal(result.valid, false);
  assert.ok(result.violations.some((v) => v.path.startsWith('gate')));
});

test('patch_manifest patches one scalar, and writes only when asked', async () => {
  const args = {
    file: 'manifest/deployment.yaml', apiVersion: 'apps/v1', kind: 'Deployment', namespace: 'orders',
    name: 'orders-worker', container: 'web', field: 'resources.limits.memory', from: '512Mi', to: '768Mi',
  };
  const dry = await call('patch_manifest', args);
  assert.equal(dry.status, 'patched');
  assert.deepEqual(dry.written, []);
  const wet = await call('patch_manifest', { ...args, write: true });
  assert.deepEqual(wet.written, ['manifest/deployment.yaml']);
  assert.equal(readFileSync(join(scratch, 'manifest/deployment.yaml'), 'utf8'), dry.file.after);
});

test('replay replays a recording; migrate writes when asked and planned', async () => {
  const read = (f) => readFileSync(join(scratch, f), 'utf8');
  const recorded = record({
    files: [{ path: bosun.values[0], text: read(bosun.values[0]) }],
    baseSchema: read(bosun.base),
    targetSchema: read(bosun.target),
    proposal: read(`${BOSUN}/proposal.yaml`),
  });
  assert.equal(recorded.status, 'planned');
  writeFileSync(join(scratch, 'migration.json'), JSON.stringify(recorded.migration));
  const replayed = await call('replay', { migration: 'migration.json', ...bosun });
  assert.equal(replayed.status, 'planned');
  assert.equal(replayed.files[0].after, read(`${BOSUN}/expected.addons.yaml`));
  const written = await call('migrate', { ...bosun, proposal: read(`${BOSUN}/proposal.yaml`), write: true });
  assert.deepEqual(written.written, [bosun.values[0]]);
  assert.equal(read(bosun.values[0]), read(`${BOSUN}/expected.addons.yaml`));
});

test('render renders a real chart with values and set, as the CLI does; a chart outside the root is refused', async () => {
  const args = { chart: 'argo/target-chart', values: ['argo/proposal.yaml'], set: ['server.replicas=2'], release: 'argocd', namespace: 'argocd' };
  const rendered = await call('render', args);
  assert.equal(rendered.error, null);
  assert.deepEqual(rendered.refused, []);
  const cli = spawnSync(process.execPath, [nodeCli, 'render', '--chart', args.chart, '--values', args.values[0], '--set', args.set[0],
    '--release', 'argocd', '--namespace', 'argocd', '--format', 'json'], { cwd: scratch, encoding: 'utf8', maxBuffer: 64 << 20 });
  assert.equal(cli.status, 0, cli.stderr);
  assert.deepEqual(rendered, JSON.parse(cli.stdout), 'the object the CLI prints');
  const server = rendered.files['argo-cd/templates/argocd-server/deployment.yaml'];
  assert.match(server, /replicas: 2\n/);
  assert.match(server, /\n  namespace: "argocd"\n/);
  const { tools } = await client.listTools();
  const inputs = Object.keys(tools.find((t) => t.name === 'render').inputSchema.properties).sort();
  assert.deepEqual(inputs, cliFlags('render').map((f) => f.name).filter((n) => n !== 'format').sort());
  const outside = await call('render', { chart: '../secret.yaml' });
  assert.match(outside.error, /^chart: \.\.\/secret\.yaml: outside the server's root/);
});

test('the brief is a prompt', async () => {
  const { messages } = await client.getPrompt({ name: 'brief', arguments: { values: `${ESCALATION}/values.yaml`, base: `${ESCALATION}/base.values.schema.json`, target: `${ESCALATION}/target.values.schema.json` } });
  assert.equal(messages[0].role, 'user');
  assert.match(messages[0].content.text, /metrics\.serviceMonitor\.namespace/);
  assert.match(messages[0].content.text, /call the `migrate` tool/);
});

test("each tool's inputs are its CLI command's own flags: a flag the command declares reaches the tool", async () => {
  const { tools } = await client.listTools();
  const inputs = (name) => Object.keys(tools.find((t) => t.name === name).inputSchema.properties);
  const offered = { diagnose: 'diagnose', migrate: 'migrate', validate: 'validate', replay: 'replay', patch_manifest: 'patch' };
  for (const [tool, command] of Object.entries(offered)) {
    const names = inputs(tool);
    for (const shared of ['defaults', 'schemaRefs', 'typing'].filter((n) => command !== 'patch')) {
      assert.ok(names.includes(shared), `${tool}: ${shared}`);
    }
    // Nothing the command does not declare, but what the tool gives its own shape.
    const declared = new Set(cliFlags(command).map((f) => f.name));
    assert.deepEqual(names.filter((n) => !declared.has(n) && !['answers', 'proposal'].includes(n)), [], tool);
  }
  const typing = tools.find((t) => t.name === 'diagnose').inputSchema.properties.typing;
  assert.deepEqual(typing.enum, ['helm', 'yaml-1.2']);
});

test('schemaRefs: a document a $ref names, read inside the root, as --schema-ref reads it', async () => {
  const url = 'https://schemas.example/common.json';
  const args = { values: ['refs/values.yaml'], schema: 'refs/values.schema.json' };
  const without = await call('validate', args);
  assert.match(without.errors[0].message, /--schema-ref https:\/\/schemas\.example\/common\.json=FILE/);
  const withRefs = await call('validate', { ...args, schemaRefs: [`${url}=refs/common.json`] });
  assert.deepEqual(withRefs.errors, []);
  assert.deepEqual(withRefs.violations.map((v) => [v.pointer, v.keyword]), [['/service/port', 'maximum'], ['/image', 'required']]);
  const diagnosed = await call('diagnose', { values: args.values, base: args.schema, target: args.schema, schemaRefs: [`${url}=refs/common.json`] });
  assert.deepEqual(diagnosed.errors, []);
  const { error } = await call('validate', { ...args, schemaRefs: [`${url}=../secret.yaml`] });
  assert.match(error, /^schemaRefs: \.\.\/secret\.yaml: outside the server's root/);
});
