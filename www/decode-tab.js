// The Decode tab: the YAML it holds, as the library reads it (one JSON value per document).
import { plural } from './view.js';
import { textOf } from './line-endings.js';
import { scheduler } from './scheduler.js';
import { ask } from './worker-client.js';
import { $, DEBOUNCE_MS } from './page.js';

async function decodeNow(stale) {
  const reply = await ask('decode', { text: textOf($('decode-input')), file: 'input.yaml', typing: $('typing').value });
  const result = reply.result;
  const status = $('decode-status');
  if (!result || stale()) return;
  if (result.errors.length === 0) {
    status.className = 'decode-status ok';
    status.textContent = plural(result.documents.length, 'document');
    $('decode-output').textContent = JSON.stringify(result.documents, null, 2);
  } else {
    status.className = 'decode-status error';
    status.textContent = result.errors
      .map((e) => (e.line == null ? `${e.file}: ${e.message}` : `${e.file}:${e.line}:${e.column}: ${e.message}`))
      .join('\n');
    $('decode-output').textContent = '';
  }
}

export const decoding = scheduler(decodeNow, { delay: DEBOUNCE_MS });
export const renderDecode = () => decoding.now();
