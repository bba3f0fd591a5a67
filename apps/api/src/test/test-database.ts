import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type Database, type DatabaseOptions, openDatabase } from '../db/client';

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a new
 * throw-away database on the PostgreSQL server named by TEST_DATABASE_URL.
 */
export async function openTestDatabase(
  options: Pick<DatabaseOptions, 'statementTimeoutMs' | 'poolWaitMs'> = {},
): Promise<Database> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const database = await openDatabase({});
    await database.migrate();
    return database;
  }

  const fresh = await createPostgresDatabase(serverUrl);
  const database = await openDatabase({ url: fresh.url, poolSize: 4, ...options });
  await database.migrate();
  return {
    ...database,
    async close() {
      await database.close();
      await fresh.drop();
    },
  };
}

/**
 * A new, empty database on the PostgreSQL server at serverUrl: its URL (for a test that runs
 * the API in a process of its own) and how to drop it (connections left open are ended).
 */
export async function createPostgresDatabase(serverUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `parade_test_${Date.now()}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();

  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}
