import { spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkWebBuild } from './check-bundle-budgets.mjs';
import { timingsFile } from './test-timings-reporter.mjs';

/**
 * `npm test`: lint (Biome and the import rules), type-check and build the apps, side by side and beside the Vitest
 * projects that need no browser (core rules, the storefront's pure modules, tooling, the API on PGlite, and on
 * PostgreSQL too when TEST_DATABASE_URL is set); then the storefront's bundle budgets (scripts/check-bundle-budgets.mjs;
 * past them the run fails) and the browser specs.
 * Prints each stage's time, the tests per project and the slowest files (scripts/test-timings-reporter.mjs,
 * which keeps every file's timing in test-results/test-files.json), and ends with one plain summary line.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const stageTimes = [];
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
const vitest = ['vitest', 'run', '--reporter=default', '--reporter=./scripts/test-timings-reporter.mjs'];
const extra = process.argv.slice(2);
rmSync(timingsFile, { force: true });

/** Runs Vitest with its output shown as it comes; resolves to whether every test passed. */
function runVitest(label, args, env = {}) {
  return new Promise((resolve) => {
    console.log(`\n== ${label} ==`);
    const started = Date.now();
    const child = spawn('npx', [...vitest, ...args], { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
    child.on('close', (code) => {
      stageTimes.push({ stage: label, seconds: seconds(started) });
      resolve(code === 0);
    });
  });
}

const checks = [
  {
    label: 'Lint, format and import rules (Biome, dependency-cruiser)',
    command: 'npm',
    args: ['run', '--silent', 'lint'],
  },
  { label: 'Type check', command: 'npm', args: ['run', '--silent', 'typecheck'] },
  { label: 'Build', command: 'node', args: ['scripts/build-if-needed.mjs'] },
];
let testsOk;
let budgetsOk = false;
if (extra.length > 0) {
  // Arguments for Vitest (e.g. `npm test -- --project api`): the checks first, then that run.
  if (!(await runSideBySide(checks))) process.exit(1);
  budgetsOk = checkWebBuild();
  testsOk = await runVitest('Tests (Vitest)', extra);
} else {
  // The tests that need no browser run while the apps are checked and built (the checks are
  // mostly one core each, and a test on PostgreSQL mostly waits); the browser specs need the
  // build and run alone after it (decision 025).
  const nonBrowser = ['core', 'web', 'tooling', 'api', ...(process.env.TEST_DATABASE_URL ? ['api-postgres'] : [])];
  console.log('Lint, type check and build, side by side with the tests that need no browser...');
  const [checksOk, unitOk] = await Promise.all([
    runSideBySide(checks),
    runVitest(
      'Tests without a browser (Vitest)',
      nonBrowser.flatMap((name) => ['--project', name]),
    ),
  ]);
  if (checksOk) {
    console.log('\n== Storefront bundle budgets ==');
    budgetsOk = checkWebBuild();
  }
  const browserOk =
    checksOk && (await runVitest('Browser specs (Vitest)', ['--project', 'e2e'], { TEST_TIMINGS_MERGE: '1' }));
  testsOk = checksOk && unitOk && browserOk;
}

const recorded = existsSync(timingsFile) ? JSON.parse(readFileSync(timingsFile, 'utf8')) : { files: [] };
const passed = recorded.files.reduce((sum, f) => sum + f.passed, 0);
const failed = recorded.files.reduce((sum, f) => sum + f.failed, 0);
console.log('\nTime per stage (the checks side by side, and beside the tests without a browser):');
console.table(stageTimes);
console.log(`Database for API tests: ${process.env.TEST_DATABASE_URL ? 'PGlite and PostgreSQL' : 'PGlite'}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(budgetsOk && testsOk && failed === 0 && passed > 0 ? 0 : 1);
