// Vite emits the wasm that the package's `new URL(…, import.meta.url)` names: init() needs no URL.
import init from 'values-migrate';
import { run } from './app.js';

run(() => init());
