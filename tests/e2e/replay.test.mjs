// The recording and the Replay tab in headless Chromium: the bosun migration downloaded as
// migration.json, replayed on differently formatted bosun files (tests/data/replay/bosun, the
// fleet tests' files), schema drift refused then allowed, a bad recording located, and the tab's
// state carried by a share link.
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

/** Waits until no replay is pending and the Replay tab's status is `status`. */
const replayIs = (page, status) => page.waitForFunction((s) => {
  const box = document.querySelector('[data-testid="replay-status"]');
  return box.dataset.status === s && !box.hasAttribute('aria-busy');
}, status, { timeout: 30000 });

function clean({ problems, foreign, dialogs }) {
  assert.deepEqual(problems, []);
  assert.deepEqual(foreign, []);
  assert.deepEqual(dialogs, []);
}

/** Opens the playground on bosun and downloads its recording; returns the session and the file's text. */
async function recorded(chart = {}) {
  const session = await open(env.browser, env.base);
  const { page } = session;
  await statusIs(page, 'planned');
  for (const [field, value] of Object.entries(chart)) await page.fill(`#chart-${field}`, value);
  const [download] = await Promise.all([page.waitForEvent('download'), byTestId(page, 'download-migration').click()]);
  assert.equal(download.suggestedFilename(), 'migration.json');
  return { session, text: readFileSync(await download.path(), 'utf8') };
}

/** Puts a values file and (when given) a recording into the Replay tab. */
async function replayOn(page, name, text, migration = null) {
  await page.click('#tab-replay');
  if (migration != null) await byTestId(page, 'replay-migration').fill(migration);
  await page.fill('#name-replay-values', name);
  await byTestId(page, 'replay-values').fill(text);
}

const diffLines = (page, kind) => page.locator(`[data-testid="replay-diff"] [data-line="${kind}"]`).allTextContents();

test('the bosun recording downloads as migration.json and replays on an Argo CD Application and a migrated file', async () => {
  const { session, text } = await recorded({ name: 'bosun', from: '0.20.0', to: '0.25.1' });
  const { page } = session;
  const migration = JSON.parse(text);
  assert.equal(migration.format, 'values-migrate/migration@1');
  assert.deepEqual(migration.chart, { name: 'bosun', from: '0.20.0', to: '0.25.1' });
  assert.equal(migration.prefix, 'bosun.valuesObject');
  assert.deepEqual(migration.ops.map((op) => (op.op === 'rename' ? `rename ${op.from} → ${op.to}` : `${op.op} ${op.path}`)),
    ['remove gate.mode', 'remove gate.wait', 'remove gate.inventorySource', 'rename gate.argocd.port → gate.argocd.podPort']);
  assert.equal(text, `${JSON.stringify(migration, null, 2)}\n`);

  // Another layout of the same values: an Argo CD Application, port 9090, its own prefix.
  await replayOn(page, 'argocd-application.yaml', read('tests/data/replay/bosun/argocd-application.yaml'), text);
  await replayIs(page, 'planned');
  assert.deepEqual(await diffLines(page, 'add'), ['+            podPort: 9090\n']);
  assert.deepEqual(await diffLines(page, 'del'), ['-          mode: sync\n', '-          wait: 45s\n',
    '-          inventorySource: secret\n', '-            port: 9090\n']);
  assert.match(await byTestId(page, 'replay-diff').textContent(), /^--- a\/argocd-application\.yaml\n\+\+\+ b\/argocd-application\.yaml\n/);
  assert.match(await byTestId(page, 'replay-status').textContent(), /values at spec\.source\.helm\.valuesObject.*4 ops replayed · 0 skipped/);
  const renamed = await page.locator('#replay-replayed li').nth(3).textContent();
  assert.match(renamed, /rename gate\.argocd\.port → gate\.argocd\.podPort/);
  assert.match(renamed, /9090/);
  assert.match(renamed, /8083/);
  assert.equal(await page.isDisabled('#replay-download'), false);
  const [replayed] = await Promise.all([page.waitForEvent('download'), page.click('#replay-download')]);
  assert.equal(replayed.suggestedFilename(), 'argocd-application.yaml');
  assert.match(readFileSync(await replayed.path(), 'utf8'), /\n {12}podPort: 9090\n/);

  // Already migrated: every op skipped, with its reason, and nothing to write.
  await replayOn(page, 'migrated.yaml', read('tests/data/replay/bosun/migrated.yaml'));
  await replayIs(page, 'unchanged');
  assert.equal(await page.locator('[data-testid="replay-diff"] [data-line]').count(), 0);
  assert.equal(await page.locator('#replay-skipped li').count(), 4);
  assert.match(await page.textContent('#replay-skipped'), /absent in this file, which already has gate\.argocd\.podPort/);
  assert.equal(await page.isHidden('#replay-replayed-section'), true);
  assert.equal(await page.isDisabled('#replay-download'), true);
  // The main result did not move.
  await statusIs(page, 'planned');
  clean(session);
  await session.context.close();
});

test('a replay on a commented file changes only the recorded keys\' lines; "Replay it…" fills the tab', async () => {
  const session = await open(env.browser, env.base);
  const { page } = session;
  await statusIs(page, 'planned');
  await page.click('#replay-recording');
  await page.waitForFunction(() => document.querySelector('[data-testid="replay-migration"]').value.includes('migration@1'));
  assert.equal(await page.getAttribute('#tab-replay', 'aria-selected'), 'true');
  const commented = read('tests/data/replay/bosun/commented.yaml');
  await replayOn(page, 'staging.yaml', commented);
  await replayIs(page, 'planned');
  assert.deepEqual(await diffLines(page, 'add'), ['+    podPort: 8083   # the mesh owns 8080\n']);
  assert.equal((await diffLines(page, 'del')).length, 4);
  // No recorded chart: its fields stay null.
  const migration = JSON.parse(await byTestId(page, 'replay-migration').inputValue());
  assert.deepEqual(migration.chart, { name: null, from: null, to: null });
  clean(session);
  await session.context.close();
});

test('schema drift is refused, then replayed when allowed; a bad recording is located in its input', async () => {
  const { session, text } = await recorded();
  const { page } = session;
  await page.click('#tab-target');
  const target = await byTestId(page, 'target-schema').inputValue();
  await byTestId(page, 'target-schema').fill(`${target}\n`);
  await statusIs(page, 'planned');
  await replayOn(page, 'crlf.yaml', read('tests/data/replay/bosun/crlf.yaml'), text);
  await replayIs(page, 'refused');
  assert.match(await page.textContent('#replay-refusals'), /schema-drift/);
  assert.equal(await page.locator('#replay-drift li').count(), 1);
  assert.match(await page.textContent('#replay-drift'), /^target schema/);
  assert.equal(await page.locator('[data-testid="replay-diff"] [data-line]').count(), 0);
  await page.check('#replay-drift');
  await replayIs(page, 'planned');
  assert.equal(await page.locator('#replay-drift li').count(), 1);
  // (A textarea's value has LF line ends: the CLI and the library keep CRLF, tests/integration/replay.rs.)
  assert.deepEqual(await diffLines(page, 'add'), ['+    podPort: 8083\n']);

  await byTestId(page, 'replay-migration').fill(text.replace('"format"', '"formt"'));
  await replayIs(page, 'invalid');
  assert.match(await page.textContent('#replay-errors'), /migration/);
  await byTestId(page, 'replay-migration').fill('');
  await replayIs(page, 'empty');
  assert.match(await byTestId(page, 'replay-status').textContent(), /Paste or open a migration/);
  clean(session);
  await session.context.close();
});

test('a share link carries the Replay tab: the recording, the file, its name, the prefix and the chart', async () => {
  const { session, text } = await recorded({ name: 'bosun' });
  const { page } = session;
  await replayOn(page, 'reordered.yaml', read('tests/data/replay/bosun/reordered.yaml'), text);
  await page.fill('#replay-prefix', '');
  await replayIs(page, 'planned');
  await page.click('#copy-link');
  await page.waitForFunction(() => document.querySelector('[data-testid="share"]').value.includes('#s='));
  const link = await page.inputValue('[data-testid="share"]');
  const inputs = async (p) => ({
    migration: await byTestId(p, 'replay-migration').inputValue(),
    name: await p.inputValue('#name-replay-values'),
    values: await byTestId(p, 'replay-values').inputValue(),
    chart: await p.inputValue('#chart-name'),
    diff: await byTestId(p, 'replay-diff').textContent(),
    skipped: await p.locator('#replay-skipped li').count(),
  });
  const want = await inputs(page);
  assert.equal(want.skipped, 2);
  clean(session);
  await session.context.close();

  const fresh = await open(env.browser, link);
  await fresh.page.click('#tab-replay');
  await replayIs(fresh.page, 'planned');
  assert.deepEqual(await inputs(fresh.page), want);
  clean(fresh);
  await fresh.context.close();
});

test('screenshots of the Replay tab at 1280 and 390 px, light and dark, with nothing wider than the screen', async () => {
  for (const [width, height] of [[1280, 800], [390, 844]]) {
    for (const colorScheme of ['light', 'dark']) {
      const session = await open(env.browser, env.base, { viewport: { width, height }, colorScheme });
      const { page } = session;
      await statusIs(page, 'planned');
      await page.click('#replay-recording');
      await replayOn(page, 'argocd-application.yaml', read('tests/data/replay/bosun/argocd-application.yaml'));
      await replayIs(page, 'planned');
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      assert.equal(overflow, 0, `${width}px ${colorScheme}: the page scrolls sideways`);
      await page.screenshot({ path: join(shots, `replay-${width}-${colorScheme}.png`), fullPage: width < 900 });
      clean(session);
      await session.context.close();
    }
  }
});
