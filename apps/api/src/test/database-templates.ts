import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { seedDemoIfEmpty } from '../maintenance/seed/seed';
import { createPostgresDatabase } from './test-database';
import { CHEAP_PASSWORD_HASHES } from './test-env';

/**
 * The API projects' global set-up (vitest.config.ts): makes the run's starting databases once,
 * instead of once per file (initdb, the migrations and the demo seed were most of a small test
 * file's time). What it makes is described by DatabaseTemplates (test-database.ts).
 */
export default async function setup(project: TestProject) {
  const serverUrl = (project.config.env?.TEST_DATABASE_URL as string | undefined) || '';
  const folder = mkdtempSync(path.join(os.tmpdir(), 'parade-test-templates-'));
  const seededFiles = path.join(folder, 'seeded-data');
  mkdirSync(seededFiles);
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: seededFiles,
    SERVE_APPS: 'false',
    LOG_LEVEL: 'silent',
    ...CHEAP_PASSWORD_HASHES,
  });

  if (!serverUrl) {
    const database = await openDatabase({ pgliteWorker: false });
    try {
      await database.migrate();
      const migrated = path.join(folder, 'migrated.tar');
      writeFileSync(migrated, await dumpPglite(database));
      await seedDemoIfEmpty(database.db, config);
      const seeded = path.join(folder, 'seeded.tar');
      writeFileSync(seeded, await dumpPglite(database));
      project.provide('databaseTemplates', { kind: 'pglite', migrated, seeded, seededFiles });
    } finally {
      await database.close();
    }
    return () => rmSync(folder, { recursive: true, force: true });
  }

  const migrated = await createPostgresDatabase(serverUrl);
  const seeded = await createPostgresDatabase(serverUrl);
  for (const [template, seed] of [
    [migrated, false],
    [seeded, true],
  ] as const) {
    const database = await openDatabase({ url: template.url, poolSize: 2 });
    try {
      await database.migrate();
      if (seed) await seedDemoIfEmpty(database.db, config);
    } finally {
      await database.close();
    }
  }
  project.provide('databaseTemplates', {
    kind: 'postgres',
    migrated: migrated.name,
    seeded: seeded.name,
    seededFiles,
  });
  return async () => {
    await migrated.drop();
    await seeded.drop();
    rmSync(folder, { recursive: true, force: true });
  };
}

async function dumpPglite(database: Awaited<ReturnType<typeof openDatabase>>): Promise<Uint8Array> {
  if (!database.dumpPglite) throw new Error('not a PGlite database');
  return database.dumpPglite();
}
