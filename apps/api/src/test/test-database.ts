import { randomBytes } from 'node:crypto';
import { cpSync, readFileSync } from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { type Database, type DatabaseOptions, openDatabase } from '../db/client';

/**
 * Where the API test files find their starting databases, made once per run by the API
 * projects' global set-up (database-templates.ts).
 *
 * - PGlite: saved data directories (PGlite's `dumpDataDir` tarballs) that `openTestDatabase`
 *   starts an in-memory database from.
 * - PostgreSQL: template databases that each file's database is created from
 *   (`CREATE DATABASE ... TEMPLATE`).
 *
 * The seeded one also has the demo's pictures and digital files, copied into each file's DATA_DIR.
 */
export interface DatabaseTemplates {
  kind: 'pglite' | 'postgres';
  /** PGlite: the tarball's path; PostgreSQL: the template database's name. */
  migrated: string;
  seeded: string;
  /** The DATA_DIR the demo seed wrote its files into. */
  seededFiles: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    databaseTemplates: DatabaseTemplates;
  }
}

/** What a test file's database starts as: empty but migrated, or holding the demo marketplace too. */
export type StartingPoint = 'migrated' | 'seeded';

/** A test file's database; on PostgreSQL, with its URL, for a second API process to open. */
export type TestDatabase = Database & { url?: string };

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a new
 * throw-away database on the PostgreSQL server named by TEST_DATABASE_URL. It is a copy of the
 * run's template (test/database-templates.ts): `seeded` starts with the demo marketplace, whose
 * files `copySeededFiles` puts in the file's DATA_DIR.
 */
export async function openTestDatabase(
  options: Pick<DatabaseOptions, 'statementTimeoutMs' | 'poolWaitMs'> & { from?: StartingPoint } = {},
): Promise<TestDatabase> {
  const { from = 'migrated', ...databaseOptions } = options;
  const templates = runTemplates();
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const pgliteFrom = templates?.kind === 'pglite' ? readFileSync(templates[from]) : undefined;
    if (from === 'seeded' && !pgliteFrom) throw new Error('No seeded template: run the API tests through Vitest');
    const database = await openDatabase({ pgliteFrom });
    // A no-op on a template (every migration is recorded); the whole history on an empty database.
    await database.migrate();
    return database;
  }

  const template = templates?.kind === 'postgres' ? templates[from] : undefined;
  if (from === 'seeded' && !template) throw new Error('No seeded template: run the API tests through Vitest');
  const fresh = await createPostgresDatabase(serverUrl, template);
  const database = await openDatabase({ url: fresh.url, poolSize: 4, ...databaseOptions });
  await database.migrate();
  return {
    ...database,
    url: fresh.url,
    async close() {
      await database.close();
      await fresh.drop();
    },
  };
}

/** Puts the demo's pictures and digital files (written by the seeded template's seed) into dataDir. */
export function copySeededFiles(dataDir: string): void {
  const templates = runTemplates();
  if (!templates) throw new Error('No seeded template: run the API tests through Vitest');
  cpSync(templates.seededFiles, dataDir, { recursive: true });
}

/** The run's templates, or none when the project has no global set-up making them. */
function runTemplates(): DatabaseTemplates | undefined {
  try {
    return inject('databaseTemplates');
  } catch {
    return undefined;
  }
}

/**
 * A new database on the PostgreSQL server at serverUrl, empty or a copy of `template`: its
 * name, its URL (for a test that runs the API in a process of its own) and how to drop it
 * (connections left open are ended).
 */
export async function createPostgresDatabase(
  serverUrl: string,
  template?: string,
): Promise<{ name: string; url: string; drop(): Promise<void> }> {
  const name = `parade_test_${Date.now()}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}${template ? ` template ${pg.escapeIdentifier(template)}` : ''}`);
  } finally {
    await admin.end();
  }

  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    async drop() {
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}
