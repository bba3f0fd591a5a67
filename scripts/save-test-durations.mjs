import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { timingsFile } from './test-timings-reporter.mjs';

/**
 * `node scripts/save-test-durations.mjs`: writes scripts/test-durations.json (how long each test
 * file took, per project, in seconds) from the last run's test-results/test-files.json. The test
 * sequencer (scripts/test-sequencer.ts) starts the longest files first with it; commit it again
 * when files are added or their times change much. Only the order depends on it.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { files } = JSON.parse(readFileSync(timingsFile, 'utf8'));
const durations = Object.fromEntries(
  files
    .map((f) => [`${f.project}:${f.file}`, Math.round((f.collectMs + f.testsMs) / 100) / 10])
    .sort(([a], [b]) => (a < b ? -1 : 1)),
);
writeFileSync(path.join(root, 'scripts/test-durations.json'), `${JSON.stringify(durations, null, 2)}\n`);
console.log(`scripts/test-durations.json: ${files.length} files`);
