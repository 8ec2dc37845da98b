#!/usr/bin/env node
// The Node CLI: the native `values-migrate` command layer (src/cli), run on the WebAssembly build.
// Arguments are parsed, files chosen, output rendered and writes planned in Rust; this script only
// lends it the machine (read, list, write, rename, run a shell) and prints what it returns.
import { createRequire } from 'node:module';
import { nodeHost } from './host.mjs';

const require = createRequire(import.meta.url);
const { runCli } = require('../node/values_migrate.js');

/** The machine the command layer asks of (src/wasm_cli.rs `JsHost`). */
const host = nodeHost();

// A reader that stops early (`| head`) closes the pipe: stop quietly, as the native CLI does.
process.stdout.on('error', (e) => {
  if (e.code !== 'EPIPE') throw e;
  process.exit(process.exitCode ?? 0);
});

/** `mcp [--root DIR]`'s root (`null`: no root given), or `undefined` for anything else (help, a usage error: the layer answers). */
function mcpRoot(args) {
  if (args[0] !== 'mcp') return undefined;
  if (args.length === 1) return null;
  if (args.length === 2 && args[1].startsWith('--root=')) return args[1].slice('--root='.length);
  return args.length === 3 && args[1] === '--root' && !args[2].startsWith('-') ? args[2] : undefined;
}

const args = process.argv.slice(2);
const root = mcpRoot(args);
if (root !== undefined) {
  // The MCP server runs on the public JS API and the SDK, in Node only (docs/agents.md); loaded only here.
  try {
    await (await import('./mcp.mjs')).serve(root ?? undefined);
  } catch (e) {
    process.stderr.write(`values-migrate mcp: ${e.message}\n`);
    process.exitCode = 3;
  }
} else {
  const result = runCli(['values-migrate', ...args], host);
  process.stdout.write(result.stdout);
  process.stderr.write(result.stderr);
  process.exitCode = result.exitCode;
}
