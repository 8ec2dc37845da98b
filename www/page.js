// The page's own small helpers: its elements by id, the notice line, a file saved from the page.
import { el } from './view.js';

/** The element with `id`. */
export const $ = (id) => document.getElementById(id);

/** How long the inputs stay still before a run starts. */
export const DEBOUNCE_MS = 120;

export function notify(text) {
  $('notice').textContent = text;
}

/** Saves `text` as a file named `name`, made in the page (a blob: URL, nothing uploaded). */
export function save(text, name, type) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = el('a', { href: url, download: name });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
