import { rmSync } from 'node:fs';
import { messages } from '@parade/core/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';

/**
 * The orchestrator's probes (decision 042), on the run's database (PGlite, or PostgreSQL with
 * TEST_DATABASE_URL). A real process's drain on SIGTERM is in maintenance/rolling-restart.test.ts.
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('GET /api/health/live and /api/health/ready', () => {
  it('answers both 200 while the process takes traffic, never cached', async () => {
    const live = await t.app.inject({ method: 'GET', url: '/api/health/live' });
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ status: true, data: { live: true, version: expect.any(String) } });
    expect(live.headers['cache-control']).toBe('no-store');

    const ready = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: true, data: { ready: true, db: 'ok', version: expect.any(String) } });
    expect(ready.headers['cache-control']).toBe('no-store');
  });

  it('answers ready 503 shutting_down once the process drains, while live and /api/health stay 200', async () => {
    const local = await buildTestApp();
    try {
      local.app.lifecycle.drain();
      const ready = await local.app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({
        status: false,
        message: messages.shuttingDown,
        code: 'shutting_down',
        errors: {},
      });
      expect((await local.app.inject({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);
      // The contract's health check says whether the database answers, nothing more.
      const health = await local.app.inject({ method: 'GET', url: '/api/health' });
      expect(health.statusCode).toBe(200);
      expect(health.json()).toMatchObject({ status: true, data: { db: 'ok' } });
    } finally {
      await local.close();
    }
  });

  it('answers ready 503 database_unavailable once the database does not answer, and live 200', async () => {
    const local = await buildTestApp();
    // The database goes away under the running app (on PostgreSQL its database is dropped too).
    await local.database.close();
    try {
      const ready = await local.app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({
        status: false,
        message: messages.databaseUnavailable,
        code: 'database_unavailable',
        errors: {},
      });
      expect((await local.app.inject({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);
    } finally {
      // Its plugins' own goodbyes to the database fail now; the app closes all the same.
      await local.app.close().catch(() => {});
      rmSync(local.config.dataDir, { recursive: true, force: true });
    }
  });

  it('serves both while the process sheds load', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const local = await buildTestApp({
      env: { SHED_MAX_IN_FLIGHT: '1' },
      extend: (app) => app.get('/api/__hold', async () => held.then(() => ({ held: true }))),
    });
    try {
      // One request holds the only slot: the next API request is shed, the probes are not.
      const holding = local.app.inject({ method: 'GET', url: '/api/__hold' });
      while (local.app.requestsInFlight() < 1) await new Promise((resolve) => setTimeout(resolve, 5));
      const shed = await local.app.inject({ method: 'GET', url: '/api/__hold' });
      expect(shed.statusCode).toBe(503);
      expect(shed.json()).toMatchObject({ code: 'service_unavailable' });
      expect((await local.app.inject({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);
      expect((await local.app.inject({ method: 'GET', url: '/api/health/ready' })).statusCode).toBe(200);
      release();
      expect((await holding).statusCode).toBe(200);
    } finally {
      release();
      await local.close();
    }
  });
});
