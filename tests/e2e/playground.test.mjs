// The served playground in headless Chromium: the bosun example on open, a refusal located, an
// escalation answered, every example's outcome, "start a proposal", the brief, the manifest
// patch, a share link restored in a fresh context, and nothing leaving 127.0.0.1.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { start, open, statusIs, read, shots } from './harness.mjs';

let env;
before(async () => {
  env = await start();
});
after(() => env?.stop());

const byTestId = (page, id) => page.locator(`[data-testid="${id}"]`);
const inputValue = (page, id) => byTestId(page, id).inputValue();

/** Fails on anything that must never happen on any page. */
function clean({ problems, foreign, dialogs }) {
  assert.deepEqual(problems, []);
  assert.deepEqual(foreign, []);
  assert.deepEqual(dialogs, []);
}

test('opens on the bosun example, computed: five changed lines, the plan, the comment', async () => {
  const session = await open(env.browser, env.base);
  const { page } = session;
  await statusIs(page, 'planned');
  assert.equal(await byTestId(page, 'example').inputValue(), 'bosun-0.20.0-to-0.25.1');
  assert.equal(await page.locator('[data-testid="diff"] [data-line="add"]').count(), 1);
  assert.equal(await page.locator('[data-testid="diff"] [data-line="del"]').count(), 4);
  assert.equal(await byTestId(page, 'diff').textContent(), read('examples/bosun-0.20.0-to-0.25.1/expected.diff'));
  assert.match(await page.textContent('#prefix-shown'), /bosun\.valuesObject in addons\.yaml \(discovered\)/);
  assert.deepEqual(await page.locator('#not-carried li').allTextContents(),
    ['gate.mode = "sync"', 'gate.wait = "30s"', 'gate.inventorySource = "configmap"']);
  assert.equal(await byTestId(page, 'plan').locator('li').count(), 4);
  assert.match(await byTestId(page, 'comment').textContent(), /\*\*Not carried across\*\*/);
  assert.match(await page.textContent('#timing'), /^migrate took [\d.]+ ms$/);
  assert.match(await page.textContent('#privacy'), /nothing you type, paste or drop leaves your browser/);

  // The download is the migrated file itself, made in the page.
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#download')]);
  assert.equal(download.suggestedFilename(), 'addons.yaml');
  assert.equal(readFileSync(await download.path(), 'utf8'), read('examples/bosun-0.20.0-to-0.25.1/expected.addons.yaml'));

  // The page itself cannot open a connection: its CSP says connect-src 'none'.
  const fetched = await page.evaluate(() => fetch('/index.html').then(() => 'fetched', () => 'blocked'));
  assert.equal(fetched, 'blocked');
  assert.ok(session.problems.length > 0 && session.problems.every((p) => /Content Security Policy/.test(p)), session.problems.join('\n'));
  session.problems.length = 0;
  clean(session);
  await session.context.close();
});

test('a proposal that changes replicas is refused for survival, located in the values file', async () => {
  const session = await open(env.browser, env.base);
  const { page } = session;
  await statusIs(page, 'planned');
  await page.click('#tab-proposal');
  const proposal = await inputValue(page, 'proposal');
  await byTestId(page, 'proposal').fill(proposal.replace('replicas: 2', 'replicas: 3'));
  await statusIs(page, 'refused');
  assert.match(await byTestId(page, 'status').textContent(), /refused/);
  const refusal = page.locator('#refusals li', { hasText: 'survival' });
  assert.equal(await refusal.count(), 1);
  assert.match(await refusal.textContent(), /replicas/);
  assert.equal(await refusal.locator('button.loc').textContent(), 'addons.yaml:21:5');
  assert.equal(await page.isDisabled('#download'), true);
  // The problem marker is words, not only a red dot: the tab and the textarea say it.
  assert.match(await page.textContent('#tab-values-0'), /\(1 problem\)/);
  assert.equal(await byTestId(page, 'values').getAttribute('aria-invalid'), 'true');
  assert.match(await page.textContent('#problems-values-0'), /line 21, column 5: survival: /);
  await refusal.locator('button.loc').click();
  const selection = await page.evaluate(() => {
    const area = document.activeElement;
    const before = area.value.slice(0, area.selectionStart);
    return { id: area.dataset.testid, line: before.split('\n').length, text: area.value.slice(area.selectionStart, area.selectionEnd) };
  });
  assert.deepEqual(selection, { id: 'values', line: 21, text: 'replicas: 2' });
  clean(session);
  await session.context.close();
});

test('the escalation example waits for a person; the answer "monitoring" makes it planned', async () => {
  const session = await open(env.browser, env.base);
  const { page } = session;
  await byTestId(page, 'example').selectOption('refusal-escalation-then-answer');
  await statusIs(page, 'escalated');
  assert.match(await page.textContent('#escalations'), /metrics\.serviceMonitor\.namespace/);
  await page.click('#escalations button:has-text("Answer…")');
  assert.equal(await inputValue(page, 'answers'), 'metrics.serviceMonitor.namespace=');
  await page.keyboard.type('monitoring');
  await statusIs(page, 'planned');
  const ops = await byTestId(page, 'plan').locator('li').allTextContents();
  assert.ok(ops.some((op) => /set metrics\.serviceMonitor\.namespace = "monitoring"\s*source: answer/.test(op)), ops.join('\n'));
  clean(session);
  await session.context.close();
});

test('every example reaches the outcome its README describes', async () => {
  const expected = {
    'bosun-0.20.0-to-0.25.1': ['planned'],
    'argo-cd-application-helm-values': ['planned', /rename gate\.argocd\.port → gate\.argocd\.podPort/],
    'bosun-servicemonitor-escalation': ['escalated'],
    'traefik-v40-to-v41-logs': ['planned', /rename logs\.general → log/],
    'cert-manager-v1.20-to-v1.21': ['planned', /remove prometheus\.servicemonitor\.targetPort/],
    'otel-collector-0.18-to-0.19-mode': ['planned', /set mode = "daemonset"/],
    'otel-operator-0.53-to-0.54-cert-files': ['planned', /rename admissionWebhooks\.ca_file → admissionWebhooks\.caFile/],
    'refusal-survival': ['refused', /survival/],
    'refusal-provenance': ['refused', /provenance/],
    'refusal-flow-collection': ['refused', /flow-collection/],
    'refusal-anchor': ['refused', /anchor-or-alias/],
    'refusal-prefix-ambiguous': ['refused', /prefix-ambiguous/],
    'refusal-escalation-then-answer': ['escalated'],
    'manifest-adr-0020': ['patched'],
  };
  const session = await open(env.browser, env.base);
  const { page } = session;
  const names = await byTestId(page, 'example').locator('option:not([disabled])').evaluateAll((os) => os.map((o) => o.value));
  assert.deepEqual([...names].sort(), Object.keys(expected).sort());
  for (const [name, [status, text]] of Object.entries(expected)) {
    await byTestId(page, 'example').selectOption(name);
    await statusIs(page, status);
    if (text) assert.match(await page.textContent('#panel-result'), text, name);
  }
  clean(session);
  await session.context.close();
});

test('"Start a proposal" writes the values at the prefix with each displaced key explained; the brief is copied', async () => {
  const session = await open(env.browser, env.base);
  const { page, context } = session;
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await statusIs(page, 'planned');
  await page.click('#tab-proposal');
  await byTestId(page, 'proposal').fill('');
  await statusIs(page, 'needs-proposal');
  await page.click('#start-proposal');
  await page.waitForFunction(() => document.querySelector('[data-testid="proposal"]').value !== '');
  const text = await inputValue(page, 'proposal');
  // Scalars are quoted only where Helm would read them otherwise (the library's one rule).
  assert.match(text, /^image:\n {2}repository: ghcr\.io\/example\/bosun\n {2}tag: 0\.25\.1\nreplicas: 2\n/);
  assert.match(text, / {2}# values-migrate: the target rejects gate\.mode: the target schema does not allow it under gate .+\n {2}# values-migrate: the target declares nothing new next to it \(under gate\); .+\n {2}mode: sync\n/);
  assert.match(text, /\npodAnnotations:\n {2}prometheus\.io\/scrape: "true"\n$/);
  assert.match(text, / {4}# values-migrate: the target rejects gate\.argocd\.port: .+\n {4}# values-migrate: next to it \(under gate\.argocd\) the target declares: podPort\n {4}port: 8083\n/);
  // Edited as the comments say, it is the expected migration.
  const edited = text.split('\n').filter((l) => !/^\s*# values-migrate:/.test(l) && !/^\s+(mode|wait|inventorySource): /.test(l))
    .join('\n').replace('port: 8083', 'podPort: 8083');
  await byTestId(page, 'proposal').fill(edited);
  await statusIs(page, 'planned');
  assert.equal(await byTestId(page, 'diff').textContent(), read('examples/bosun-0.20.0-to-0.25.1/expected.diff'));

  await page.click('#copy-model-brief');
  await page.waitForFunction(() => /copied/.test(document.querySelector('#notice').textContent));
  const clip = await page.evaluate(() => navigator.clipboard.readText());
  assert.match(clip, /gate\.argocd\.port = 8083/);
  clean(session);
  await session.context.close();
});

test('the Manifest tab patches the ADR-0020 sample in one line, and refuses the aliased sidecar', async () => {
  const session = await open(env.browser, env.base);
  const { page } = session;
  await byTestId(page, 'example').selectOption('manifest-adr-0020');
  await statusIs(page, 'patched');
  assert.equal(await byTestId(page, 'diff').textContent(),
    read('tests/fixtures/patch/adr-sample-limit/expected.diff').replaceAll('input.yaml', 'deployment.yaml'));
  assert.equal(await page.locator('[data-testid="diff"] [data-line="add"]').count(), 1);
  assert.equal(await page.locator('[data-testid="diff"] [data-line="del"]').count(), 1);
  assert.match(await page.textContent('#timing'), /^patch took/);
  await page.fill('#m-container', 'sidecar');
  await page.fill('#m-field', 'resources.requests.memory');
  await page.fill('#m-from', '256Mi');
  await statusIs(page, 'needs-intervention');
  assert.match(await page.textContent('#manifest-reason'), /alias|anchor/i);
  assert.equal(await page.locator('[data-testid="diff"] [data-line]').count(), 0);
  clean(session);
  await session.context.close();
});

test('a share link restores every input and the result in a fresh context', async () => {
  const session = await open(env.browser, env.base);
  const { page } = session;
  await statusIs(page, 'planned');
  await page.click('#add-file');
  await page.fill('#name-values-1', 'more-values.yaml');
  await byTestId(page, 'values-1').fill('unrelated: true\n');
  await page.click('#tab-proposal');
  const proposal = (await inputValue(page, 'proposal')).replace('replicas: 2', 'replicas: 3');
  await byTestId(page, 'proposal').fill(proposal);
  await page.fill('#prefix', 'bosun.valuesObject');
  await page.click('#tab-defaults');
  await byTestId(page, 'defaults').fill('replicas: 1\n');
  await byTestId(page, 'answers').fill('gate.timeout=5m');
  await page.selectOption('#typing', 'yaml-1.2');
  await statusIs(page, 'refused');
  await page.click('#copy-link');
  await page.waitForFunction(() => document.querySelector('[data-testid="share"]').value.includes('#s='));
  const link = await inputValue(page, 'share');
  assert.ok(link.startsWith(env.base), link);
  const inputs = async (p) => ({
    files: await p.locator('.file-name').evaluateAll((els) => els.map((e) => e.value)),
    values: await p.locator('[data-testid^="values"]').evaluateAll((els) => els.map((e) => e.value)),
    base: await p.locator('[data-testid="base-schema"]').inputValue(),
    target: await p.locator('[data-testid="target-schema"]').inputValue(),
    proposal: await p.locator('[data-testid="proposal"]').inputValue(),
    defaults: await p.locator('[data-testid="defaults"]').inputValue(),
    answers: await p.locator('[data-testid="answers"]').inputValue(),
    prefix: await p.inputValue('#prefix'),
    typing: await p.inputValue('#typing'),
    refusals: await p.locator('#refusals li').allTextContents(),
    status: await p.locator('[data-testid="status"]').getAttribute('data-status'),
  });
  const want = await inputs(page);
  assert.equal(want.files.length, 4); // two values files, the manifest's and the Replay tab's
  clean(session);
  await session.context.close();

  const fresh = await open(env.browser, link);
  await statusIs(fresh.page, 'refused');
  assert.deepEqual(await inputs(fresh.page), want);
  assert.match(await fresh.page.textContent('#notice'), /Opened from a link/);
  clean(fresh);
  await fresh.context.close();
});

test('a dropped file and a picked file fill an input, and a values file takes the file\'s name', async () => {
  const session = await open(env.browser, env.base);
  const { page } = session;
  await statusIs(page, 'planned');
  const addons = read('examples/bosun-0.20.0-to-0.25.1/addons.yaml');
  await page.click('#tab-values-0');
  await page.locator('[data-testid="values"]').evaluate((area, text) => {
    const transfer = new DataTransfer();
    transfer.items.add(new File([text.replace('replicas: 2', 'replicas: 2 # dropped')], 'cluster-addons.yaml', { type: 'text/yaml' }));
    area.dispatchEvent(new DragEvent('dragover', { dataTransfer: transfer, bubbles: true, cancelable: true }));
    area.dispatchEvent(new DragEvent('drop', { dataTransfer: transfer, bubbles: true, cancelable: true }));
  }, addons);
  await page.waitForFunction(() => document.querySelector('#name-values-0').value === 'cluster-addons.yaml');
  assert.match(await page.inputValue('[data-testid="values"]'), /replicas: 2 # dropped/);
  assert.equal(await page.textContent('#tab-values-0 .tab-label'), 'cluster-addons.yaml');
  await statusIs(page, 'planned');
  assert.match(await page.textContent('[data-testid="diff"]'), /^--- a\/cluster-addons\.yaml/);
  assert.match(await page.textContent('#notice'), /Read cluster-addons\.yaml/);

  await page.click('#tab-proposal');
  await page.locator('#panel-proposal input[type="file"]').setInputFiles({
    name: 'proposal.yaml', mimeType: 'text/yaml', buffer: Buffer.from('replicas: 3\n'),
  });
  await page.waitForFunction(() => document.querySelector('[data-testid="proposal"]').value === 'replicas: 3\n');
  await statusIs(page, 'refused');
  clean(session);
  await session.context.close();
});

test('a dropped Argo CD Application is migrated inside its `helm.values: |` string: only the block\'s changed lines move', async () => {
  const session = await open(env.browser, env.base);
  const { page } = session;
  await statusIs(page, 'planned');
  const application = read('examples/argo-cd-application-helm-values/bosun.application.yaml');
  await page.click('#tab-values-0');
  await page.locator('[data-testid="values"]').evaluate((area, text) => {
    const transfer = new DataTransfer();
    transfer.items.add(new File([text], 'bosun.application.yaml', { type: 'text/yaml' }));
    area.dispatchEvent(new DragEvent('dragover', { dataTransfer: transfer, bubbles: true, cancelable: true }));
    area.dispatchEvent(new DragEvent('drop', { dataTransfer: transfer, bubbles: true, cancelable: true }));
  }, application);
  await page.waitForFunction(() => document.querySelector('#name-values-0').value === 'bosun.application.yaml');
  await statusIs(page, 'planned');
  assert.equal(await byTestId(page, 'diff').textContent(), read('examples/argo-cd-application-helm-values/expected.diff'));
  assert.match(await page.textContent('#prefix-shown'), /spec\.source\.helm\.values in bosun\.application\.yaml/);
  assert.equal(await byTestId(page, 'values-in').textContent(), 'a YAML string (literal) of Argo CD Application bosun');
  clean(session);
  await session.context.close();
});

test('a CRLF values file keeps its CRLF: picked, edited, pasted whole and shared (the textarea keeps only LF)', async () => {
  const session = await open(env.browser, env.base);
  const { page } = session;
  await statusIs(page, 'planned');
  const crlf = (text) => text.replace(/\n/g, '\r\n');
  const addons = read('examples/bosun-0.20.0-to-0.25.1/addons.yaml');
  const expected = read('examples/bosun-0.20.0-to-0.25.1/expected.addons.yaml');
  const downloaded = async (p) => {
    const [download] = await Promise.all([p.waitForEvent('download'), p.click('#download')]);
    return readFileSync(await download.path(), 'utf8');
  };
  // Waits for the result of the inputs as they are now (the diff names what changed).
  const settled = async (p, marker) => {
    await p.waitForFunction((m) => document.querySelector('[data-testid="diff"]').textContent.includes(m), marker);
    await statusIs(p, 'planned');
  };
  await page.click('#tab-values-0');
  await page.locator('#panel-values-0 input[type="file"]').setInputFiles({
    name: 'addons.yaml', mimeType: 'text/yaml', buffer: Buffer.from(crlf(addons.replace('replicas: 2', 'replicas: 2 # picked'))),
  });
  await settled(page, '# picked');
  assert.equal(await downloaded(page), crlf(expected.replace('replicas: 2', 'replicas: 2 # picked')));

  // Typed into: the lines end as the file's did.
  await byTestId(page, 'values').evaluate((area) => {
    area.value = area.value.replace('# picked', '# typed');
    area.dispatchEvent(new InputEvent('input', { inputType: 'insertText' }));
  });
  await settled(page, '# typed');
  const typed = crlf(expected.replace('replicas: 2', 'replicas: 2 # typed'));
  assert.equal(await downloaded(page), typed);

  // A share link carries the CRLF text and restores it.
  await page.click('#copy-link');
  await page.waitForFunction(() => document.querySelector('[data-testid="share"]').value.includes('#s='));
  const link = await inputValue(page, 'share');
  const fresh = await open(env.browser, link);
  await statusIs(fresh.page, 'planned');
  assert.equal(await downloaded(fresh.page), typed);
  clean(fresh);
  await fresh.context.close();

  // A paste that replaces the whole text keeps its line endings.
  await byTestId(page, 'values').evaluate((area, text) => {
    area.focus();
    area.select();
    const data = new DataTransfer();
    data.setData('text/plain', text);
    area.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    // A synthetic paste inserts nothing: do what the browser does, dropping the CRs.
    area.value = text.replace(/\r\n/g, '\n');
    area.dispatchEvent(new InputEvent('input', { inputType: 'insertFromPaste' }));
  }, crlf(addons.replace('replicas: 2', 'replicas: 2 # pasted')));
  await settled(page, '# pasted');
  assert.equal(await downloaded(page), crlf(expected.replace('replicas: 2', 'replicas: 2 # pasted')));
  clean(session);
  await session.context.close();
});

test('every control is reachable with the keyboard, and computing does not move the layout', async () => {
  const session = await open(env.browser, env.base);
  const { page } = session;
  await statusIs(page, 'planned');
  const reached = new Set();
  await page.focus('body');
  for (let i = 0; i < 60; i++) {
    await page.keyboard.press('Tab');
    reached.add(await page.evaluate(() => document.activeElement.id || document.activeElement.dataset.testid || document.activeElement.tagName));
  }
  for (const id of ['example', 'copy-link', 'theme', 'tab-mode-values', 'tab-values-0', 'input-values-0', 'add-file', 'typing', 'prefix', 'answers', 'tab-result', 'copy-diff', 'download']) {
    assert.ok(reached.has(id), `${id} not reached by Tab: ${[...reached].join(' ')}`);
  }
  // Arrow keys move between tabs.
  await page.focus('#tab-values-0');
  await page.keyboard.press('ArrowRight');
  assert.equal(await page.evaluate(() => document.activeElement.id), 'tab-base');

  const box = () => page.evaluate(() => ['#result-tabs', '[data-testid="diff"]', '.statusbar']
    .map((s) => JSON.stringify(document.querySelector(s).getBoundingClientRect())));
  const still = await box();
  await page.click('#tab-values-0');
  await byTestId(page, 'values').press('End');
  await byTestId(page, 'values').type('\n# a comment\n');
  const during = await page.evaluate(() => document.body.dataset.pending);
  assert.equal(during, 'true');
  assert.deepEqual(await box(), still);
  await statusIs(page, 'planned');
  assert.deepEqual(await box(), still);
  clean(session);
  await session.context.close();
});

test('the theme button switches between the system, light and dark themes', async () => {
  const session = await open(env.browser, env.base, { colorScheme: 'dark' });
  const { page } = session;
  const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  const dark = await background();
  await page.click('#theme');
  assert.equal(await page.getAttribute('html', 'data-theme'), 'light');
  assert.notEqual(await background(), dark);
  await page.click('#theme');
  assert.equal(await background(), dark);
  await page.reload();
  await statusIs(page, 'planned');
  assert.equal(await page.getAttribute('html', 'data-theme'), 'dark');
  clean(session);
  await session.context.close();
});

test('screenshots at 1280 and 390 px, light and dark, with nothing wider than the screen', async () => {
  for (const [width, height] of [[1280, 800], [390, 844]]) {
    for (const colorScheme of ['light', 'dark']) {
      const session = await open(env.browser, env.base, { viewport: { width, height }, colorScheme });
      const { page } = session;
      await statusIs(page, 'planned');
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      assert.equal(overflow, 0, `${width}px ${colorScheme}: the page scrolls sideways`);
      await page.screenshot({ path: join(shots, `playground-${width}-${colorScheme}.png`), fullPage: width < 900 });
      clean(session);
      await session.context.close();
    }
  }
});
