import { mkdtempSync, rmSync } from 'node:fs';
import type { Agent } from 'node:https';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { type Config, loadConfig } from '../config';
import { copyObjects } from '../lib/storage/copy-objects';
import { LocalDiskStore } from '../lib/storage/local-disk-store';
import { openObjectStore } from '../lib/storage/storage';
import { copySeededFiles, openTestDatabase, type TestDatabase } from './test-database';
import { CHEAP_PASSWORD_HASHES, NO_LOAD_SHEDDING } from './test-env';

export interface TestApp {
  app: FastifyInstance;
  database: TestDatabase;
  config: Config;
  /** The environment the config was loaded from, to build a variant of it. */
  env: Record<string, string>;
  close(): Promise<void>;
}

/**
 * The real app on a fresh database and a throw-away DATA_DIR. `seed: true` loads the demo
 * marketplace first (a copy of the run's seeded template: test/database-templates.ts). Extra
 * environment variables override the defaults (e.g. a test S3 server's `env`: test/s3-server.ts).
 */
export async function buildTestApp(
  options: {
    seed?: boolean;
    env?: Record<string, string>;
    extend?: (app: FastifyInstance) => void;
    /** Where the app logs (e.g. captureLog()); silent by default. */
    logger?: { level?: string; stream?: NodeJS.WritableStream };
    /** The HTTPS agent web pushes go through: a local push service's (test-support's push-service), on this machine. */
    pushAgent?: Agent;
    /** Built apps to serve (with env SERVE_APPS=true): folders holding an index.html each. */
    staticRoots?: { web: string; admin: string };
  } = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'parade-test-'));
  const env = {
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    SERVE_APPS: 'false',
    LOG_LEVEL: 'silent',
    ...NO_LOAD_SHEDDING,
    ...CHEAP_PASSWORD_HASHES,
    // Tests write rows by hand between reads, which no refresh of the read model announces;
    // the reply cache's own tests (plugins/reply-cache.test.ts) turn it on.
    PUBLIC_REPLY_CACHE_SECONDS: '0',
    ...options.env,
  };
  const config = loadConfig(env);
  // Seeded: a copy of the run's seeded template and its files, as seedDemoIfEmpty would have left them.
  const database = await openTestDatabase({
    statementTimeoutMs: config.dbStatementTimeoutMs,
    from: options.seed ? 'seeded' : 'migrated',
  });
  if (options.seed) copySeededFiles(dataDir);
  // With STORAGE_URL in env (test/s3-server.ts), the app keeps its files in that bucket: the
  // seeded ones go there too, as `npm run storage:copy` would put them.
  const storage = config.storage.kind === 's3' ? openObjectStore(config.storage, dataDir) : undefined;
  if (storage && options.seed) await copyObjects(new LocalDiskStore(dataDir), storage);
  const app = await buildApp({
    storage,
    config,
    database,
    logger: options.logger ?? false,
    push: options.pushAgent ? { agent: options.pushAgent, allowPrivateAddresses: true } : undefined,
    staticRoots: options.staticRoots,
  });
  options.extend?.(app);
  await app.ready();
  return {
    app,
    database,
    config,
    env,
    async close() {
      await app.close();
      storage?.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
