// Browser entry that initialises the wasm with top-level await, so importers need no init() call.
import init from './values_migrate.js';

await init();

export * from './values_migrate.js';
