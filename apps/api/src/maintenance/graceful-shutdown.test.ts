import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  type ApiProcess,
  freePort,
  killApiProcess,
  startApiProcess,
  stopStartedApiProcesses,
} from '../test/api-process';
import { createPostgresDatabase } from '../test/test-database';

/**
 * One real API process (the compiled server) stopped by a signal, on the run's database: a
 * file-backed PGlite in a DATA_DIR of this test's own, or a fresh PostgreSQL database with
 * TEST_DATABASE_URL (decision 042). Three processes on one database: rolling-restart.test.ts.
 */
const serverUrl = process.env.TEST_DATABASE_URL;
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'parade-shutdown-'));
let postgres: { url: string; drop(): Promise<void> } | null = null;
let api: ApiProcess | null = null;

beforeAll(async () => {
  if (serverUrl) postgres = await createPostgresDatabase(serverUrl);
});
afterEach(async () => {
  if (api) await killApiProcess(api, 'SIGKILL');
  api = null;
});
afterAll(async () => {
  // One still starting when a test timed out (the afterEach stops the others).
  await stopStartedApiProcesses();
  await postgres?.drop();
  rmSync(dataDir, { recursive: true, force: true });
}, 60_000);

function serverEnv(extra: Record<string, string>): Record<string, string> {
  return {
    NODE_ENV: 'production',
    GEOCODER: 'demo',
    DATA_DIR: dataDir,
    ...(postgres ? { DATABASE_URL: postgres.url } : {}),
    SEED_DEMO: 'false',
    SERVE_APPS: 'false',
    LOG_LEVEL: 'warn',
    SHED_MAX_EVENT_LOOP_DELAY_MS: '0',
    ...extra,
  };
}

/** A POST whose headers the server has taken (its 100 Continue came back) and whose body never follows. */
function requestLeftOpen(origin: string): Promise<http.ClientRequest> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${origin}/api/search`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': '100', expect: '100-continue' },
    });
    req.once('continue', () => resolve(req));
    req.once('error', reject);
    req.flushHeaders();
  });
}

async function status(url: string): Promise<number | 'refused'> {
  try {
    const reply = await fetch(url);
    await reply.arrayBuffer();
    return reply.status;
  } catch {
    return 'refused';
  }
}

describe(`a signal stops the API process cleanly (${serverUrl ? 'PostgreSQL' : 'PGlite in DATA_DIR'})`, () => {
  it('answers ready 503 and live 200 while draining, ignores a second signal, exits 0, and starts again on the same data', async () => {
    api = await startApiProcess(serverEnv({ SHUTDOWN_DELAY_MS: '1500' }), await freePort());
    expect(await status(`${api.origin}/api/health/ready`)).toBe(200);

    api.child.kill('SIGTERM');
    // Ready until the signal is handled, then 503 for the SHUTDOWN_DELAY_MS the process keeps serving.
    let drained: Response;
    for (;;) {
      drained = await fetch(`${api.origin}/api/health/ready`);
      if (drained.status !== 200) break;
      await drained.arrayBuffer();
    }
    expect(drained.status).toBe(503);
    expect(await drained.json()).toMatchObject({ status: false, code: 'shutting_down' });
    // Every reply while draining closes its connection: the client's next one goes elsewhere.
    expect(drained.headers.get('connection')).toBe('close');
    expect(await status(`${api.origin}/api/health/live`)).toBe(200);
    api.child.kill('SIGTERM');
    await api.exited;
    expect(api.child.exitCode).toBe(0);
    expect(api.output.join('\n')).toContain('already shutting down');

    api = await startApiProcess(serverEnv({}), await freePort());
    expect(await status(`${api.origin}/api/health/ready`)).toBe(200);
    await killApiProcess(api, 'SIGTERM');
    expect(api.child.exitCode).toBe(0);
    api = null;
  }, 60_000);

  it('past SHUTDOWN_GRACE_MS, says what was still running and exits 1', async () => {
    api = await startApiProcess(serverEnv({ SHUTDOWN_GRACE_MS: '1500' }), await freePort());
    const open = await requestLeftOpen(api.origin);
    open.on('error', () => {});
    api.child.kill('SIGTERM');
    await api.exited;
    expect(api.child.exitCode).toBe(1);
    const log = api.output.join('\n');
    expect(log).toContain('shutdown grace period over');
    expect(log).toMatch(/"requestsInFlight":1/);
    open.destroy();
    api = null;
  }, 60_000);
});
