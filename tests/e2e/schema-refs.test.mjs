// A document a schema's `$ref` names by URL, added in the playground ("+ referenced document"):
// without it the error names the URL and how to supply it, at the `$ref`; with it the schema
// compiles and its keywords apply. Nothing is fetched: the page asks our server only for itself.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { start, open, statusIs, read } from './harness.mjs';

let env;
before(async () => {
  env = await start();
});
after(() => env?.stop());

const dir = 'tests/data/schema-ref';
const url = 'https://schemas.example/common.json';

test('a referenced document added by URL is read; without it the error says how to supply it', async () => {
  const session = await open(env.browser, env.base);
  const { page } = session;
  await statusIs(page, 'planned');
  await page.fill('[data-testid="values"]', read(`${dir}/values.yaml`));
  for (const [tab, id] of [['base', 'base-schema'], ['target', 'target-schema']]) {
    await page.click(`#tab-${tab}`);
    await page.fill(`[data-testid="${id}"]`, read(`${dir}/values.schema.json`));
  }
  await page.click('#tab-proposal');
  await page.fill('[data-testid="proposal"]', '');
  await statusIs(page, 'invalid');
  const error = await page.textContent('#errors');
  assert.ok(error.includes(url) && error.includes('--schema-ref') && error.includes('refs:'), error);
  assert.match(error, /targetSchema:7:18|baseSchema:7:18/);

  await page.click('#add-schema-ref');
  const name = page.locator('input[id^="name-schema-ref-"]');
  await name.fill(url);
  await page.fill('[data-testid="schema-ref-0"]', read(`${dir}/common.json`));
  await page.waitForFunction(() => document.querySelector('[data-testid="status"]').dataset.status !== 'invalid');
  // A referenced document that is not JSON: the problem is marked in its own editor.
  await page.fill('[data-testid="schema-ref-0"]', '{"$defs": ');
  await statusIs(page, 'invalid');
  await page.waitForFunction(() => document.querySelector('[data-testid="schema-ref-0"]').getAttribute('aria-invalid') === 'true');
  await page.fill('[data-testid="schema-ref-0"]', read(`${dir}/common.json`));
  await page.waitForFunction(() => document.querySelector('[data-testid="status"]').dataset.status !== 'invalid');
  assert.equal(await page.locator('#errors-section').isHidden(), true);
  assert.deepEqual(session.problems, []);
  assert.deepEqual(session.foreign, []);
  await session.context.close();
});
