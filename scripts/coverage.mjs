import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * `npm run coverage`: every project but the browser specs (their code runs in the test server's
 * process and in Chromium, out of V8's reach here) under V8 coverage, then the source files
 * sorted by uncovered lines, most first: where a test would add the most. No threshold yet.
 * The HTML report is in coverage/index.html. Extra arguments go to Vitest (e.g. `--project core`).
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const summaryFile = path.join(root, 'coverage', 'coverage-summary.json');
const extra = process.argv.slice(2);
const projects = extra.some((arg) => arg.startsWith('--project'))
  ? []
  : ['core', 'web', 'tooling', 'api-unit', 'api'].flatMap((name) => ['--project', name]);

const result = spawnSync(
  'npx',
  [
    'vitest',
    'run',
    ...projects,
    '--coverage.enabled',
    '--coverage.provider=v8',
    '--coverage.reporter=json-summary',
    '--coverage.reporter=html',
    '--coverage.include=apps/*/src/**',
    '--coverage.include=packages/*/src/**',
    '--coverage.exclude=**/*.test.ts',
    '--coverage.exclude=apps/api/src/test/**',
    '--coverage.exclude=packages/test-support/**',
    ...extra,
  ],
  // Without TEST_DATABASE_URL the api project runs every API file (on PGlite), not only the
  // driver-dependent ones (scripts/api-test-files.ts).
  { cwd: root, stdio: 'inherit', env: { ...process.env, TEST_DATABASE_URL: '' } },
);
if (!existsSync(summaryFile)) process.exit(result.status ?? 1);

const summary = JSON.parse(readFileSync(summaryFile, 'utf8'));
const rows = Object.entries(summary)
  .filter(([file]) => file !== 'total')
  .map(([file, s]) => ({
    file: path.relative(root, file),
    'uncovered lines': s.lines.total - s.lines.covered,
    lines: s.lines.total,
    'lines %': s.lines.pct,
    'branches %': s.branches.pct,
  }))
  .sort((a, b) => b['uncovered lines'] - a['uncovered lines']);

console.log('\nSource files by uncovered lines (coverage/index.html has the detail):');
for (const row of rows) {
  console.log(
    `${String(row['uncovered lines']).padStart(6)} of ${String(row.lines).padStart(5)} lines uncovered  ` +
      `${String(row['lines %']).padStart(6)} % lines  ${String(row['branches %']).padStart(6)} % branches  ${row.file}`,
  );
}
const total = summary.total;
console.log(
  `\nTotal: ${total.lines.pct} % of ${total.lines.total} lines, ${total.branches.pct} % of ${total.branches.total} branches, ` +
    `${total.functions.pct} % of ${total.functions.total} functions`,
);
process.exit(result.status ?? 1);
