// The playground only translates: the inputs' text goes to the library's worker, its result comes
// back and is drawn as text nodes. The main thread never runs the library, so typing never waits.
// This module runs the result and wires the page; each part it wires is a module of its own.
import { el, plural } from './view.js';
import { decodeState } from './share.js';
import { setText, keepWholePastes } from './line-endings.js';
import { scheduler } from './scheduler.js';
import { activate, tablist } from './tabs.js';
import { ask, firstResult, listen, runRequest, timeline } from './worker-client.js';
import {
  FIRST, addSchemaRef, addValuesFile, applyState, briefButton, changes, exampleFor, fixed, inputTabs, manifestFields, startButton, state,
  valuesFiles,
} from './inputs.js';
import { drawn, showDiagnosis, showInternal, showPatch, showRun, showTiming } from './results.js';
import { decoding, renderDecode } from './decode-tab.js';
import { rendering, showRendered, valuesChanged } from './render-tab.js';
import { judgeBehaviour } from './behaviour-tab.js';
import { copy, copyLink, shareLink, updateEmbed } from './sharing.js';
import { downloadMigration, downloadReplayed, replayRecording, runReplay, scheduleReplay } from './replay-tab.js';
import { THEMES, setTheme } from './theme.js';
import examples from './examples.js';
import { $, DEBOUNCE_MS, notify, save } from './page.js';

/** Asks the worker for a result; a result for inputs since changed is dropped (the scheduler asks again). */
async function runMain(stale) {
  const s = state();
  timeline.requestSent ??= performance.timeOrigin + performance.now();
  const reply = s.mode === 'manifest'
    ? await ask('patch', { input: { ...s.manifest, namespace: s.manifest.namespace || null, container: s.manifest.container || null } })
    : await runRequest({ ...s, wantDiagnosis: !$('panel-diagnose').hidden });
  if (stale()) return;
  delete document.body.dataset.pending;
  $('status').removeAttribute('aria-busy');
  // Typing that does not change the outcome (a comment, a value elsewhere) leaves the result's DOM alone.
  const key = JSON.stringify([s.mode, reply.error, reply.result, reply.diagnosis != null, reply.answerProblems, s.prefix.trim() !== '']);
  if (key !== drawn.key || reply.diagnosis) {
    drawn.key = key;
    if (reply.error) showInternal(reply.error);
    else if (s.mode === 'manifest') showPatch(reply.result);
    else showRun(reply, s);
  }
  if (!reply.error) judgeBehaviour(s);
  showTiming(reply, s.mode === 'manifest' ? 'patch' : reply.withProposal ? 'migrate' : 'diagnose');
  // The Replay tab uses these schemas, defaults and typing: shown, it follows them.
  if (!$('panel-replay').hidden) runReplay();
  if (!document.body.dataset.ready) firstResult(reply);
}

const main = scheduler(runMain, {
  delay: DEBOUNCE_MS,
  pending: () => {
    document.body.dataset.pending = 'true';
    $('status').setAttribute('aria-busy', 'true');
  },
});
/** Runs after the inputs have been still for a moment; typing only restarts the timer. */
function schedule() {
  main.schedule();
}
/** Runs at once (or once the run that is out is back). */
function runNow() {
  main.now();
}

async function startProposal() {
  const reply = await ask('proposal', state());
  if (reply.error) return showInternal(reply.error);
  if (reply.text == null) {
    notify('No values found to start from: the values must be readable and their place (the prefix) found. See the result.');
    return;
  }
  setText(fixed.proposal.text, reply.text);
  activate(fixed.proposal.tab);
  fixed.proposal.text.focus();
  fixed.proposal.text.setSelectionRange(0, 0);
  fixed.proposal.text.scrollTop = 0;
  const n = reply.diagnosis.displaced.length;
  notify(`Proposal started from the values at ${reply.diagnosis.prefix || 'the root'}: ${plural(n, 'displaced key')} marked with a comment. Move or delete each; the plan follows as you edit.`);
  runNow();
}

async function copyModelBrief() {
  const reply = await ask('brief', state());
  if (reply.error) return showInternal(reply.error);
  showDiagnosis(reply.diagnosis);
  await copy(reply.diagnosis.brief ?? '', 'The brief', $('brief'));
}

function download() {
  const file = drawn.current?.kind === 'patch' ? drawn.current.result.file : drawn.current?.result.files.find((f) => f.changed);
  if (!file) return;
  save(file.after, file.path.split('/').pop(), 'text/yaml');
  notify(`Downloaded the new ${file.path}.`);
}

async function loadExample(name) {
  document.body.dataset.pending = 'true';
  applyState(await exampleFor(name));
  notify('');
  history.replaceState(null, '', location.pathname + location.search);
  runNow();
}

function exampleOptions() {
  const groups = new Map();
  for (const [name, ex] of Object.entries(examples)) {
    if (!groups.has(ex.group)) groups.set(ex.group, el('optgroup', { label: ex.group }));
    groups.get(ex.group).append(new Option(ex.title, name));
  }
  $('example').append(new Option('(your own inputs)', ''), ...groups.values());
  $('example').options[0].disabled = true;
}

function wire() {
  tablist(inputTabs);
  tablist($('result-tabs'));
  tablist($('mode-tabs'));
  $('mode-tabs').addEventListener('activate', schedule);
  $('result-tabs').addEventListener('activate', (event) => {
    if (event.detail.id === 'tab-diagnose' && drawn.current?.kind === 'run' && !drawn.diagnosisFresh) runNow();
    if (event.detail.id === 'tab-share') shareLink().then(updateEmbed);
    if (event.detail.id === 'tab-decode') renderDecode();
    if (event.detail.id === 'tab-replay') runReplay();
    if (event.detail.id === 'tab-rendered') showRendered();
  });
  $('replay-prefix').addEventListener('input', scheduleReplay);
  $('render-values').addEventListener('input', valuesChanged);
  $('render-side').addEventListener('change', () => rendering.now());
  $('replay-drift').addEventListener('change', runReplay);
  $('replay-download').addEventListener('click', downloadReplayed);
  $('download-migration').addEventListener('click', downloadMigration);
  $('replay-recording').addEventListener('click', replayRecording);
  for (const field of [$('answers'), $('prefix'), ...manifestFields.map((f) => $(`m-${f}`))]) field.addEventListener('input', schedule);
  $('typing').addEventListener('change', () => {
    runNow();
    renderDecode();
  });
  keepWholePastes($('decode-input'));
  $('decode-input').addEventListener('input', decoding.schedule);
  $('example').addEventListener('change', () => loadExample($('example').value));
  $('add-schema-ref').addEventListener('click', () => {
    const ed = addSchemaRef('https://', '');
    activate(ed.tab);
    ed.nameInput.focus();
  });
  $('add-file').addEventListener('click', () => {
    const ed = addValuesFile(`values-${valuesFiles.length + 1}.yaml`, '');
    activate(ed.tab);
    ed.text.focus();
    schedule();
  });
  $('copy-diff').addEventListener('click', () => copy($('diff').textContent, 'The diff', $('diff')));
  $('copy-comment').addEventListener('click', () => drawn.current && copy(drawn.current.result.comment, 'The comment', $('comment')));
  $('copy-brief').addEventListener('click', () => copy($('brief').textContent, 'The brief', $('brief')));
  $('copy-link').addEventListener('click', copyLink);
  $('copy-link-2').addEventListener('click', copyLink);
  $('copy-embed').addEventListener('click', () => copy($('embed-snippet').value, 'The HTML', $('embed-snippet')));
  $('share-link').addEventListener('keydown', (event) => {
    if (event.key !== 'Enter') return;
    const hash = $('share-link').value.split('#')[1];
    if (hash) openFragment(`#${hash}`);
  });
  $('download').addEventListener('click', download);
  startButton.addEventListener('click', startProposal);
  briefButton.addEventListener('click', copyModelBrief);
  $('theme').addEventListener('click', () => {
    const now = document.documentElement.dataset.theme ?? 'auto';
    setTheme(THEMES[(THEMES.indexOf(now) + 1) % THEMES.length]);
  });
  window.addEventListener('hashchange', () => openFragment(location.hash));
}

/** Restores the inputs from a link's fragment; a damaged one leaves the page on its example and says so. */
async function openFragment(hash) {
  try {
    applyState(await decodeState(hash, exampleFor));
    notify('Opened from a link: every input is as it was shared.');
  } catch (error) {
    await loadExample(FIRST);
    notify(`This link's state could not be read (${error.message}); showing the bosun example instead.`);
    return;
  }
  runNow();
}

listen(showInternal);
changes.main = schedule;
changes.replay = scheduleReplay;
exampleOptions();
wire();
setTheme(document.documentElement.dataset.theme ?? 'auto');
activate($('tab-result'));
if (location.hash.startsWith('#s=')) openFragment(location.hash);
else loadExample(FIRST);
