// esbuild copies the wasm as a file asset; the page passes its URL to init().
import init from 'values-migrate';
import wasmUrl from 'values-migrate/values_migrate_bg.wasm';
import { run } from './app.js';

run(() => init({ module_or_path: wasmUrl }));
