import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildIfNeeded } from './build-if-needed.mjs';
import { checkWebBuild } from './check-bundle-budgets.mjs';

/**
 * `npm test`: lint (Biome and the import rules), type-check, build the apps, then every Vitest project (core rules,
 * API on PGlite, or PostgreSQL too when TEST_DATABASE_URL is set, and the browser specs). The storefront's bundle
 * budgets (scripts/check-bundle-budgets.mjs) are checked after the build; past them the run fails.
 * Ends with one plain summary line.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const run = (label, command, args, env = {}) => {
  console.log(`\n== ${label} ==`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status === 0;
};

console.log(`Node.js ${process.version}`);
let ok = run('Lint, format and import rules (Biome, dependency-cruiser)', 'npm', ['run', '--silent', 'lint']);
ok = run('Type check', 'npm', ['run', '--silent', 'typecheck']) && ok;
if (!ok) process.exit(1);

console.log('\n== Build ==');
buildIfNeeded();

console.log('\n== Storefront bundle budgets ==');
const budgetsOk = checkWebBuild();

const reportFile = path.join(os.tmpdir(), `parade-vitest-${process.pid}.json`);
const extra = process.argv.slice(2);
const testsOk = run('Tests (Vitest)', 'npx', [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${reportFile}`,
  ...extra,
]);

let summary = null;
try {
  summary = JSON.parse(readFileSync(reportFile, 'utf8'));
  rmSync(reportFile, { force: true });
} catch {
  // No report: vitest failed before running anything; its own output says why.
}
if (summary) {
  const db = process.env.TEST_DATABASE_URL ? 'PGlite and PostgreSQL' : 'PGlite';
  console.log(`\nDatabase for API tests: ${db}`);
  console.log(`${summary.numPassedTests} passed, ${summary.numFailedTests} failed`);
}
process.exit(budgetsOk && testsOk && summary && summary.numFailedTests === 0 && summary.numPassedTests > 0 ? 0 : 1);
