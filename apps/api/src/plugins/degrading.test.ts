import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import { captureLog } from '../test/test-support';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
/**
 * A test that only means something on one database is defined only in that project's run,
 * rather than reported as skipped in the other (each runs in one of the two API projects).
 */
const notHere = (() => undefined) as unknown as typeof it;
const itOnPostgres = onPostgres ? it : notHere;
const itOnPGlite = onPostgres ? notHere : it;

function expectServiceUnavailable(res: { statusCode: number; headers: Record<string, unknown>; json(): unknown }) {
  expect(res.statusCode).toBe(503);
  expect(res.headers['retry-after']).toMatch(/^\d+$/);
  expect(res.json()).toEqual({
    status: false,
    message: 'Something went wrong, Please Try Again Later',
    code: 'service_unavailable',
    errors: {},
  });
}

/**
 * An app that serves one request at a time (SHED_MAX_IN_FLIGHT=1), with `/api/test/slow`
 * answering only once `open()` is called: a request parked there holds the only slot.
 */
async function oneSlotApp(logger?: { level: string; stream: NodeJS.WritableStream }) {
  let open!: () => void;
  const gate = new Promise<void>((resolve) => {
    open = resolve;
  });
  const app = await buildTestApp({
    env: { SHED_MAX_IN_FLIGHT: '1' },
    logger,
    extend: (instance) => {
      instance.get('/api/test/slow', async () => {
        await gate;
        return { status: true, data: null };
      });
    },
  });
  return { app, open };
}

describe('degrading gracefully', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('sheds load with 503, the failure envelope and Retry-After while the process is under pressure, but keeps /api/health', async () => {
    // A 1-byte heap limit: under pressure from the first sample on.
    t = await buildTestApp({
      env: { SHED_MAX_HEAP_USED_BYTES: '1', SHED_SAMPLE_INTERVAL_MS: '10', SHED_RETRY_AFTER_SECONDS: '7' },
    });
    const app = t.app;
    await vi.waitFor(async () => {
      expect((await app.inject({ method: 'GET', url: '/api/categories' })).statusCode).toBe(503);
    });
    const res = await app.inject({ method: 'GET', url: '/api/categories' });
    expectServiceUnavailable(res);
    expect(res.headers['retry-after']).toBe('7');
    expect(res.headers.etag).toBeUndefined();

    const health = await app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    expect(health.json().data.db).toBe('ok');
  });

  it('bounds the requests in flight: past the limit, 503 at once; health is not counted', async () => {
    const { app: started, open } = await oneSlotApp();
    t = started;
    const app = t.app;
    const slow = app.inject({ method: 'GET', url: '/api/test/slow' });
    await vi.waitFor(() => expect(app.requestsInFlight()).toBe(1));

    expectServiceUnavailable(await app.inject({ method: 'GET', url: '/api/categories' }));
    expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);

    open();
    expect((await slow).statusCode).toBe(200);
    expect(app.requestsInFlight()).toBe(0);
    expect((await app.inject({ method: 'GET', url: '/api/categories' })).statusCode).toBe(200);
  });

  it('warns about shed requests at most once a second, counting them, so the log does not add to the overload', async () => {
    const log = captureLog();
    const { app: started, open } = await oneSlotApp({ level: 'warn', stream: log.stream });
    t = started;
    const app = t.app;
    const slow = app.inject({ method: 'GET', url: '/api/test/slow' });
    await vi.waitFor(() => expect(app.requestsInFlight()).toBe(1));
    for (let i = 0; i < 20; i++) {
      expect((await app.inject({ method: 'GET', url: '/api/categories' })).statusCode).toBe(503);
    }
    open();
    await slow;
    const warnings = log.lines.filter((line) => line.includes('shedding load: too many requests in flight'));
    // The first shed is reported at once; the others (20 requests take far less than a second,
    // even on a slow machine) are counted into the next line instead of a line each.
    expect(warnings.length).toBeGreaterThanOrEqual(1);
    expect(warnings.length).toBeLessThan(5);
    expect(JSON.parse(warnings[0]!).shed).toBe(1);
  });

  it('frees the slot of a request whose client hung up before the answer, so later requests are served', async () => {
    const { app: started, open } = await oneSlotApp();
    t = started;
    const app = t.app;
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    const client = new AbortController();
    const gone = fetch(`http://127.0.0.1:${port}/api/test/slow`, { signal: client.signal }).catch(() => 'aborted');
    await vi.waitFor(() => expect(app.requestsInFlight()).toBe(1));
    client.abort();
    expect(await gone).toBe('aborted');
    open();
    await vi.waitFor(() => expect(app.requestsInFlight()).toBe(0));
    expect((await app.inject({ method: 'GET', url: '/api/categories' })).statusCode).toBe(200);
  });

  it('answers 503 service_unavailable when a statement is cancelled (SQLSTATE 57014)', async () => {
    t = await buildTestApp({
      env: { DB_STATEMENT_TIMEOUT_MS: '200' },
      extend: (app) => {
        app.get('/api/test/cancelled', async () => {
          throw Object.assign(new Error('canceling statement due to statement timeout'), { code: '57014' });
        });
        app.get('/api/test/sleep', async () => {
          await app.db.execute(sql`select pg_sleep(2)`);
          return { status: true, data: null };
        });
      },
    });
    expectServiceUnavailable(await t.app.inject({ method: 'GET', url: '/api/test/cancelled' }));
    if (onPostgres) {
      // The real thing: PostgreSQL cancels the statement after DB_STATEMENT_TIMEOUT_MS.
      expectServiceUnavailable(await t.app.inject({ method: 'GET', url: '/api/test/sleep' }));
    }
  });

  itOnPostgres('cancels the running query of a read whose client went away', async () => {
    t = await buildTestApp({
      // Far above the sleep: only a cancel can end it within the wait below.
      env: { DB_STATEMENT_TIMEOUT_MS: '120000' },
      extend: (app) => {
        app.get('/api/test/sleep-long', async () => {
          await app.db.execute(sql`select pg_sleep(60) /* parade-cancel-test */`);
          return { status: true, data: null };
        });
      },
    });
    const { db } = t.database;
    const running = async () => {
      const result = await db.execute(
        sql`select count(*)::int as n from pg_stat_activity
            where datname = current_database() and state = 'active' and pid <> pg_backend_pid()
              and query like '%parade-cancel-test%'`,
      );
      return (result as unknown as { rows: { n: number }[] }).rows[0]?.n;
    };
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const controller = new AbortController();
    const request = fetch(`http://127.0.0.1:${port}/api/test/sleep-long`, { signal: controller.signal }).catch(
      () => undefined,
    );
    await vi.waitFor(async () => expect(await running()).toBe(1), { timeout: 15_000, interval: 50 });
    controller.abort();
    await request;
    await vi.waitFor(async () => expect(await running()).toBe(0), { timeout: 15_000, interval: 50 });
  });

  itOnPGlite('keeps serving while a slow PGlite statement runs (PGlite on a worker thread)', async () => {
    t = await buildTestApp({
      extend: (app) => {
        app.get('/api/test/sleep', async () => {
          await app.db.execute(sql`select pg_sleep(3)`);
          return { status: true, data: null };
        });
      },
    });
    let slowDone = false;
    const slow = t.app.inject({ method: 'GET', url: '/api/test/sleep' }).then((res) => {
      slowDone = true;
      return res;
    });
    // Let the slow statement reach the database first.
    await new Promise((resolve) => setTimeout(resolve, 100));
    const other = await t.app.inject({ method: 'GET', url: '/api/no-such-route' });
    expect(other.statusCode).toBe(404);
    expect(slowDone).toBe(false);
    expect((await slow).statusCode).toBe(200);
  });
});
