import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildIfNeeded } from './build-if-needed.mjs';
import { checkWebBuild } from './check-bundle-budgets.mjs';
import { timingsFile } from './test-timings-reporter.mjs';

/**
 * `npm test`: lint (Biome and the import rules), type-check, build the apps, then every Vitest project (core rules,
 * API on PGlite, or PostgreSQL too when TEST_DATABASE_URL is set, and the browser specs). The storefront's bundle
 * budgets (scripts/check-bundle-budgets.mjs) are checked after the build; past them the run fails.
 * Prints each stage's time, the tests per project and the slowest files (scripts/test-timings-reporter.mjs,
 * which keeps every file's timing in test-results/test-files.json), and ends with one plain summary line.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const stageTimes = [];
const stage = (label, work) => {
  console.log(`\n== ${label} ==`);
  const started = Date.now();
  const result = work();
  stageTimes.push({ stage: label, seconds: Math.round((Date.now() - started) / 1000) });
  return result;
};
const run = (label, command, args) =>
  stage(label, () => spawnSync(command, args, { cwd: root, stdio: 'inherit', env: process.env }).status === 0);

console.log(`Node.js ${process.version}`);
let ok = run('Lint, format and import rules (Biome, dependency-cruiser)', 'npm', ['run', '--silent', 'lint']);
ok = run('Type check', 'npm', ['run', '--silent', 'typecheck']) && ok;
if (!ok) process.exit(1);

stage('Build', () => buildIfNeeded());
const budgetsOk = stage('Storefront bundle budgets', () => checkWebBuild());

rmSync(timingsFile, { force: true });
const testsOk = run('Tests (Vitest)', 'npx', [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=./scripts/test-timings-reporter.mjs',
  ...process.argv.slice(2),
]);

const files = existsSync(timingsFile) ? JSON.parse(readFileSync(timingsFile, 'utf8')) : [];
const passed = files.reduce((sum, f) => sum + f.passed, 0);
const failed = files.reduce((sum, f) => sum + f.failed, 0);
console.log('\nTime per stage:');
console.table(stageTimes);
console.log(`Database for API tests: ${process.env.TEST_DATABASE_URL ? 'PGlite and PostgreSQL' : 'PGlite'}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(budgetsOk && testsOk && failed === 0 && passed > 0 ? 0 : 1);
