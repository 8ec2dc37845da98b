// Tabs (WAI-ARIA, automatic activation): every tablist of the page.

/** Shows `tab`'s panel and hides its siblings'. */
export function activate(tab, focus = false) {
  const list = tab.closest('[role="tablist"]');
  for (const t of list.querySelectorAll('[role="tab"]')) {
    const on = t === tab;
    t.setAttribute('aria-selected', String(on));
    t.tabIndex = on ? 0 : -1;
    document.getElementById(t.getAttribute('aria-controls')).hidden = !on;
  }
  if (focus) tab.focus();
  list.dispatchEvent(new CustomEvent('activate', { detail: tab }));
}

/** Clicks and arrow keys over a tablist (WAI-ARIA tabs, automatic activation). */
export function tablist(list) {
  list.addEventListener('click', (event) => {
    const tab = event.target.closest('[role="tab"]');
    if (tab) activate(tab);
  });
  list.addEventListener('keydown', (event) => {
    const tabs = [...list.querySelectorAll('[role="tab"]')];
    const at = tabs.indexOf(document.activeElement);
    if (at < 0) return;
    const to = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: tabs.length - 1 }[event.key];
    if (to === undefined) return;
    event.preventDefault();
    activate(tabs[(to + tabs.length) % tabs.length], true);
  });
}

export const selected = (list) => list.querySelector('[aria-selected="true"]');
