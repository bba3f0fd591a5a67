import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkWebBuild } from './check-bundle-budgets.mjs';
import { timingsFile } from './test-timings-reporter.mjs';

/**
 * `npm test`: lint (Biome and the import rules), type-check and build the apps, side by side; then the storefront's
 * bundle budgets (scripts/check-bundle-budgets.mjs; past them the run fails) and every Vitest project (core rules,
 * API on PGlite, or PostgreSQL too when TEST_DATABASE_URL is set, and the browser specs).
 * Prints each stage's time, the tests per project and the slowest files (scripts/test-timings-reporter.mjs,
 * which keeps every file's timing in test-results/test-files.json), and ends with one plain summary line.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const stageTimes = [];
// Node keeps the code it compiles on disk and reuses it in every later process of the run: the
// 20-odd depcruise runs of the import rules' tests, tsc, the test servers, Vitest's workers
// (their dependencies). A fresh clone starts empty; an existing one keeps it between runs.
process.env.NODE_COMPILE_CACHE ??= path.join(root, 'node_modules/.cache/node-compile-cache');
const seconds = (since) => Math.round((Date.now() - since) / 1000);

/**
 * Runs the checks at once (each is mostly one core; the machine has two), printing each one's
 * output whole when it ends, so their lines never interleave. Resolves to whether all passed.
 */
async function runSideBySide(checks) {
  const results = await Promise.all(
    checks.map(
      ({ label, command, args }) =>
        new Promise((resolve) => {
          const started = Date.now();
          const child = spawn(command, args, { cwd: root, env: process.env });
          let output = '';
          child.stdout.on('data', (chunk) => {
            output += chunk;
          });
          child.stderr.on('data', (chunk) => {
            output += chunk;
          });
          child.on('close', (code) => {
            console.log(`\n== ${label} ==\n${output.trimEnd()}`);
            stageTimes.push({ stage: label, seconds: seconds(started) });
            resolve(code === 0);
          });
        }),
    ),
  );
  return results.every(Boolean);
}

console.log(`Node.js ${process.version}`);
console.log('Lint, type check and build, side by side...');
const checksOk = await runSideBySide([
  {
    label: 'Lint, format and import rules (Biome, dependency-cruiser)',
    command: 'npm',
    args: ['run', '--silent', 'lint'],
  },
  { label: 'Type check', command: 'npm', args: ['run', '--silent', 'typecheck'] },
  { label: 'Build', command: 'node', args: ['scripts/build-if-needed.mjs'] },
]);
if (!checksOk) process.exit(1);

console.log('\n== Storefront bundle budgets ==');
const budgetsOk = checkWebBuild();

rmSync(timingsFile, { force: true });
console.log('\n== Tests (Vitest) ==');
const testsStarted = Date.now();
const testsOk =
  spawnSync(
    'npx',
    ['vitest', 'run', '--reporter=default', '--reporter=./scripts/test-timings-reporter.mjs', ...process.argv.slice(2)],
    { cwd: root, stdio: 'inherit', env: process.env },
  ).status === 0;
stageTimes.push({ stage: 'Tests (Vitest)', seconds: seconds(testsStarted) });

const { files } = existsSync(timingsFile) ? JSON.parse(readFileSync(timingsFile, 'utf8')) : { files: [] };
const passed = files.reduce((sum, f) => sum + f.passed, 0);
const failed = files.reduce((sum, f) => sum + f.failed, 0);
console.log('\nTime per stage (the first three side by side):');
console.table(stageTimes);
console.log(`Database for API tests: ${process.env.TEST_DATABASE_URL ? 'PGlite and PostgreSQL' : 'PGlite'}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(budgetsOk && testsOk && failed === 0 && passed > 0 ? 0 : 1);
