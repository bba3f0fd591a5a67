import { defineConfig, type TestProjectConfiguration } from 'vitest/config';
import { apiUnitFiles, driverDependentFiles } from './scripts/api-test-files';
import { LongestFirstSequencer } from './scripts/test-sequencer';

const postgresUrl = process.env.TEST_DATABASE_URL;

const apiProject = (name: string, databaseUrl: string, include: string[]): TestProjectConfiguration => ({
  test: {
    name,
    include,
    exclude: apiUnitFiles,
    environment: 'node',
    // '' = a fresh in-memory PGlite per file; a URL = a fresh database per file on that server.
    // Beside a full run on PostgreSQL, PGlite fuzzes each route 5 times instead of 15.
    env: {
      TEST_DATABASE_URL: databaseUrl,
      ...(!databaseUrl && postgresUrl ? { FUZZ_RUNS: process.env.FUZZ_RUNS ?? '5' } : {}),
    },
    // Migrates and seeds once per run; each file starts from a copy (test/database-templates.ts).
    globalSetup: ['apps/api/src/test/database-templates.ts'],
    // The files of one worker share their imports (the app, Fastify, zod schemas, the password
    // dictionaries): importing them again for every file was a third of the run. Every file still
    // builds its own app on its own database; what modules keep between files is caches and
    // counters that only grow (docs/decisions/025-a-fast-test-run.md).
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

/**
 * One runner for everything: pure rules (core), the API's database-free files (api-unit), the
 * API through app.inject on a fresh database per file (on PGlite; with TEST_DATABASE_URL set,
 * on PostgreSQL, and on PGlite only the driver-dependent files: scripts/api-test-files.ts),
 * and browser specs against the real built server (e2e).
 *
 * Two groups run one after the other: first everything without a browser, three files at a time
 * on the two cores (a file on PostgreSQL mostly waits for the server: 8 % faster than two), then
 * the browser specs alone, two at a time on two test servers, so servers and Chromium never
 * compete with API files for the cores (decision 025).
 */
export default defineConfig({
  test: {
    maxWorkers: 3,
    // The longest files first, across projects (scripts/test-sequencer.ts).
    sequence: { sequencer: LongestFirstSequencer },
    projects: [
      {
        test: {
          name: 'core',
          include: ['packages/core/src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        // The storefront's pure modules (no browser needed), e.g. the analytics tag's rules, and
        // the browser code both sites share that runs without a page (the query client).
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.ts', 'packages/ui/src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        // The project's own tooling, e.g. the import rules of `npm run lint`, and the test
        // helpers that must themselves be proven (the push service's decryption). The tooling
        // tests run dependency-cruiser in a child process each (about a second, several while
        // the API files fill both cores): Vitest's 5 s default cut one short on a busy run (ci4).
        test: {
          name: 'tooling',
          include: ['scripts/**/*.test.ts', 'packages/test-support/src/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
        },
      },
      { test: { name: 'api-unit', include: apiUnitFiles, environment: 'node' } },
      // Every API file on PostgreSQL and the driver-dependent ones on PGlite; without a server,
      // every API file on PGlite.
      apiProject('api', '', postgresUrl ? driverDependentFiles : ['apps/api/src/**/*.test.ts']),
      ...(postgresUrl ? [apiProject('api-postgres', postgresUrl, ['apps/api/src/**/*.test.ts'])] : []),
      {
        test: {
          name: 'e2e',
          include: ['apps/web/e2e/**/*.spec.ts', 'apps/admin/e2e/**/*.spec.ts'],
          environment: 'node',
          globalSetup: ['apps/web/e2e/support/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // expect.poll waits on what the page shows; Vitest's default of one second is shorter
          // than a page can take to settle on a loaded machine (cart.spec.ts saw it run out while
          // the page was still checking a stored collection point against the list).
          expect: { poll: { timeout: 10_000 } },
          // Two spec files at a time, each worker on a test server of its own (global-setup.ts), so
          // files never share data; after every other project has finished, so nothing else
          // competes with the servers and Chromium for the two cores. (Three were no faster, and
          // specs that type with a delay between keys then saw their debounce fire mid-word.)
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
