import { defineConfig, type TestProjectConfiguration } from 'vitest/config';

const postgresUrl = process.env.TEST_DATABASE_URL;

const apiProject = (name: string, databaseUrl: string): TestProjectConfiguration => ({
  test: {
    name,
    include: ['apps/api/src/**/*.test.ts'],
    environment: 'node',
    // '' = a fresh in-memory PGlite per file; a URL = a fresh database per file on that server.
    env: { TEST_DATABASE_URL: databaseUrl },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

/**
 * One runner for everything: pure rules (core), the API through app.inject on a fresh
 * database per file (on PGlite, and again on PostgreSQL when TEST_DATABASE_URL is set),
 * and browser specs against the real built server (e2e).
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'core',
          include: ['packages/core/src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        // The storefront's pure modules (no browser needed), e.g. the analytics tag's rules.
        test: { name: 'web', include: ['apps/web/src/**/*.test.ts'], environment: 'node' },
      },
      {
        // The project's own tooling, e.g. the import rules of `npm run lint`.
        test: { name: 'tooling', include: ['scripts/**/*.test.ts'], environment: 'node' },
      },
      apiProject('api', ''),
      ...(postgresUrl ? [apiProject('api-postgres', postgresUrl)] : []),
      {
        test: {
          name: 'e2e',
          include: ['apps/web/e2e/**/*.spec.ts', 'apps/admin/e2e/**/*.spec.ts'],
          environment: 'node',
          globalSetup: ['apps/web/e2e/support/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // One browser at a time: the machine has two cores and the server needs one.
          fileParallelism: false,
        },
      },
    ],
  },
});
