// Node ESM entry: the CommonJS build instantiates the wasm synchronously, so every function is ready on import.
import wasm from './values_migrate.js';

export const {
  decode,
  migrate,
  diagnose,
  validate,
  patch,
  Session,
  record,
  replay,
  chain,
  overrideSchema,
  Replayer,
  readChart,
  readChartFiles,
  readAnswers,
  startProposal,
  render,
  behaviour,
} = wasm;

/** Resolves at once: in Node the module is ready on import; kept so browser code runs unchanged. */
export default function init() {
  return Promise.resolve();
}
