import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApiIfNeeded } from '../../../../scripts/build-api.mjs';
import { type ApiProcess, freePort, killApiProcess, startApiProcess } from './api-process';

/**
 * Several API processes on one PostgreSQL database, as behind a load balancer (issue 26,
 * decision 042): each the real compiled server (api-process.ts), started at the same moment,
 * with production's settings and a DATA_DIR of its own (as on machines of their own).
 */
export interface ApiCluster {
  processes: ApiProcess[];
  /** Each process's DATA_DIR, in the order of `processes`. */
  dataDirs: string[];
  /** SIGTERMs every process still running and waits for each to exit; removes their DATA_DIRs. */
  stop(): Promise<void>;
}

/**
 * Starts `count` processes at once on `databaseUrl` with production's settings (no demo seed,
 * no built apps, load shedding on event-loop delay off for a busy test machine) and `env` on
 * top (a function gets each process's index, for per-process settings). Resolves once every
 * one answers /api/health; if one fails to start, the others are stopped and the error thrown.
 */
export async function startApiCluster(
  count: number,
  databaseUrl: string,
  env: Record<string, string> | ((index: number) => Record<string, string>) = {},
): Promise<ApiCluster> {
  // Once, before they start: each start would otherwise build the same stale server at once.
  await buildApiIfNeeded();
  const dataDirs = Array.from({ length: count }, () => mkdtempSync(path.join(os.tmpdir(), 'parade-cluster-')));
  const ports = await Promise.all(dataDirs.map(() => freePort()));
  const started = await Promise.allSettled(
    dataDirs.map((dataDir, index) =>
      startApiProcess(
        {
          NODE_ENV: 'production',
          GEOCODER: 'demo',
          DATABASE_URL: databaseUrl,
          DATA_DIR: dataDir,
          SEED_DEMO: 'false',
          SERVE_APPS: 'false',
          LOG_LEVEL: 'warn',
          SHED_MAX_EVENT_LOOP_DELAY_MS: '0',
          ...(typeof env === 'function' ? env(index) : env),
        },
        ports[index]!,
      ),
    ),
  );
  const processes = started.flatMap((outcome) => (outcome.status === 'fulfilled' ? [outcome.value] : []));
  const stop = async () => {
    await Promise.all(processes.map((api) => killApiProcess(api, 'SIGTERM')));
    for (const dataDir of dataDirs) rmSync(dataDir, { recursive: true, force: true });
  };
  const failed = started.find((outcome) => outcome.status === 'rejected');
  if (failed) {
    await stop();
    throw failed.reason;
  }
  return { processes, dataDirs, stop };
}
