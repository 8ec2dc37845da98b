// The Share tab: the link that holds every input, the HTML that embeds the migration, copying them.
import { encodeState } from './share.js';
import { exampleFor, state } from './inputs.js';
import { $, notify } from './page.js';

export async function copy(text, what, fallback) {
  try {
    await navigator.clipboard.writeText(text);
    notify(`${what} copied to the clipboard.`);
  } catch {
    // No clipboard permission: select the text so that the person can copy it.
    if (fallback instanceof HTMLInputElement || fallback instanceof HTMLTextAreaElement) {
      fallback.focus();
      fallback.select();
    } else {
      const range = document.createRange();
      range.selectNodeContents(fallback);
      getSelection().removeAllRanges();
      getSelection().addRange(range);
    }
    notify(`The clipboard is not available here; ${what.toLowerCase()} is selected, press Ctrl+C to copy it.`);
  }
}

/** The playground link for the current state. */
export async function shareLink() {
  const s = state();
  const fragment = await encodeState(s, await exampleFor(s.example));
  return `${location.origin}${location.pathname}#${fragment}`;
}

export async function copyLink() {
  const link = await shareLink();
  $('share-link').value = link;
  history.replaceState(null, '', link);
  await copy(link, 'The link', $('share-link'));
  updateEmbed(link);
}

/** The HTML a docs page needs to show this migration. */
export function updateEmbed(link) {
  const s = state();
  const indent = (text) => text.replace(/<\/script/gi, '<\\/script').replace(/\n?$/, '\n');
  const block = (role, text, extra = '') => (text.trim() === '' ? ''
    : `  <script type="text/yaml" data-role="${role}"${extra}>\n${indent(text)}  </script>\n`);
  const attrs = [s.prefix.trim() ? ` prefix="${escapeAttr(s.prefix.trim())}"` : '', s.typing !== 'helm' ? ` typing="${s.typing}"` : '',
    s.answers.trim() ? ` answers="${escapeAttr(s.answers.trim())}"` : ''].join('');
  const base = new URL('embed.js', location.href).href;
  $('embed-snippet').value = `<script type="module" src="${base}"></script>\n`
    + `<values-migrate-example playground="${new URL('./', location.href).href}"${attrs}>\n`
    + s.values.map((f) => block('values', f.text, ` data-name="${escapeAttr(f.path)}"`)).join('')
    + block('base-schema', s.baseSchema) + block('target-schema', s.targetSchema) + block('proposal', s.proposal)
    + block('defaults', s.defaults)
    + '</values-migrate-example>\n';
  if (link) $('share-link').value = link;
}

export const escapeAttr = (text) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
