export * from './values_migrate.js';
/** Resolves at once: in Node the module is ready on import. */
export default function init(): Promise<void>;
