// The page's side of the library's worker: requests and their replies, the reply the worker computes
// unasked for the opening example, and the cold start's timeline.
import { runKey } from './run-key.js';

const boot = window.valuesMigrateBoot ?? { worker: new Worker('worker.js', { type: 'module' }), early: [], start: 0 };

const worker = boot.worker;
let nextRequest = 1;
const pending = new Map();
/** When each step of the cold start happened, on the page's clock (for docs/BENCHMARKS.md). */
export const timeline = { boot: performance.timeOrigin + boot.start, appStart: performance.timeOrigin + performance.now() };

/** Sends a request; its reply resolves the promise. A `run` request carries its key (see `early`). */
export function ask(type, payload) {
  const id = nextRequest++;
  worker.postMessage({ type, id, ...payload });
  const key = type === 'run' ? runKey(payload) : null;
  return new Promise((resolve) => pending.set(id, { resolve, key }));
}

/** The worker's unasked reply for the example the page opens on, until a `run` with its inputs takes it. */
let early = null;

/** The early reply, if it answers a `run` with this payload (once). */
export function takeEarly(payload) {
  if (!early || early.key !== runKey(payload)) return null;
  const reply = early;
  early = null;
  return reply;
}

function onMessage(data) {
  data.arrived = performance.timeOrigin + performance.now();
  if (data.type === 'ready') {
    document.body.dataset.libraryMs = data.ms.toFixed(1);
    Object.assign(timeline, data.timeline);
    return;
  }
  if (data.type === 'second-module') {
    // The second module's first use (fetch, compile, instantiate), reported apart (docs/size.md).
    document.body.dataset.secondModuleMs = data.ms.toFixed(1);
    return;
  }
  if (data.type === 'fatal') {
    onFatal(`the library could not start: ${data.error}`);
    return;
  }
  if (data.type === 'early') {
    // A `run` already waiting for these inputs takes it now, without waiting for the worker's answer.
    const waiting = [...pending].find(([, p]) => p.key === data.key);
    if (!waiting) early = data;
    else {
      pending.delete(waiting[0]);
      waiting[1].resolve(data);
    }
    return;
  }
  pending.get(data.id)?.resolve(data);
  pending.delete(data.id);
}
export let onFatal = (message) => console.error(message);

/** Takes the worker's replies from now on (and those that came before the page's script); `fatal(message)` says the library could not start. */
export function listen(fatal) {
  onFatal = fatal;
  worker.onmessage = (event) => onMessage(event.data);
  for (const data of boot.early) onMessage(data);
}

/** The reply to a `run`: the worker's early reply when it is for these inputs, else the worker's answer. */
export const runRequest = (payload) => Promise.resolve(takeEarly(payload) ?? ask('run', payload));

/** Records the cold start's timeline: the first result in the DOM now, then on screen (the frame after). */
export function firstResult(reply) {
  const record = () => {
    document.body.dataset.timeline = JSON.stringify(Object.fromEntries(Object.entries(timeline)
      .map(([k, v]) => [k, Math.round((v - performance.timeOrigin) * 10) / 10])));
  };
  // An early reply was never asked for: no time when the worker received a request.
  if (reply.received != null) timeline.requestReceived = reply.received;
  Object.assign(timeline, { runStarted: reply.started, runDone: reply.done, replyArrived: reply.arrived, rendered: performance.timeOrigin + performance.now() });
  record();
  document.body.dataset.ready = 'true';
  document.body.dataset.firstResultMs = performance.now().toFixed(1);
  performance.mark('first-result');
  // A message posted from the next animation frame arrives once that frame (style, layout, paint) is done.
  requestAnimationFrame(() => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      timeline.painted = performance.timeOrigin + performance.now();
      record();
      document.body.dataset.firstPaintMs = performance.now().toFixed(1);
      channel.port1.close();
    };
    channel.port2.postMessage(null);
  });
}
