import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { apiServerFile, buildApiIfNeeded } from './build-api.mjs';
import { buildIfNeeded } from './build-if-needed.mjs';
import { serverNodeFlags } from './server-node-flags.mjs';

/**
 * `npm start`: build the apps and the API if needed, then run the compiled API server
 * (apps/api/dist/server.js, docs/decisions/037), which migrates the database, seeds demo data
 * into an empty one, and serves API + web + admin on one port.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
buildIfNeeded();
await buildApiIfNeeded();

const server = spawn(process.execPath, [...serverNodeFlags, apiServerFile], {
  cwd: root,
  stdio: 'inherit',
  env: process.env,
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
