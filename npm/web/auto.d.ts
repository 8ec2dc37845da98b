export * from './values_migrate.js';
