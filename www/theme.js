// The theme: automatic (the system's), light or dark, kept in local storage.
import { $ } from './page.js';

export const THEMES = ['auto', 'light', 'dark'];
export function setTheme(theme) {
  if (theme === 'auto') delete document.documentElement.dataset.theme;
  else document.documentElement.dataset.theme = theme;
  const said = { auto: 'follows the system', light: 'light', dark: 'dark' }[theme];
  $('theme').textContent = { auto: '◐ auto', light: '☀ light', dark: '☾ dark' }[theme];
  $('theme').setAttribute('aria-label', `Theme: ${said}`);
  try {
    localStorage.setItem('values-migrate-theme', theme);
  } catch {
    // Storage may be off; the choice then lasts for this page only.
  }
}
