import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema';

export type Schema = typeof schema;
/** The one database type the code sees, whichever driver is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Anything a query can run on: the database or an open transaction. */
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  close(): Promise<void>;
}

export const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');

export interface DatabaseOptions {
  /** postgres://... — use a PostgreSQL server. */
  url?: string;
  /** Folder for the embedded database; omitted = in memory (tests). */
  dataDir?: string;
  /** Pool size for PostgreSQL. */
  poolSize?: number;
  /**
   * PostgreSQL: the server cancels any statement running longer (SQLSTATE 57014, answered 503).
   * 0 or omitted = no limit. PGlite cannot enforce it (no timer signals in WebAssembly; see
   * decision 011).
   */
  statementTimeoutMs?: number;
  /** PostgreSQL: how long to wait for a free pooled connection (answered 503); 0 or omitted = for ever. */
  poolWaitMs?: number;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.url) {
    const timeout = options.statementTimeoutMs ?? 0;
    const wait = options.poolWaitMs ?? 0;
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolSize ?? 10,
      // Sent as a start-up parameter: every statement on every pooled connection is bounded.
      ...(timeout > 0 ? { statement_timeout: timeout } : {}),
      ...(wait > 0 ? { connectionTimeoutMillis: wait } : {}),
    });
    // A dropped idle connection must not crash the process; the pool replaces it.
    pool.on('error', () => {});
    const db = drizzlePg({ client: pool, schema, casing: 'snake_case' }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      // Migrations may rewrite big tables: on a connection of their own, without the statement timeout.
      migrate: async () => {
        const migrator = new pg.Pool({ connectionString: options.url, max: 1 });
        migrator.on('error', () => {});
        try {
          await migratePg(drizzlePg({ client: migrator, casing: 'snake_case' }), { migrationsFolder });
        } finally {
          await migrator.end();
        }
      },
      close: () => pool.end(),
    };
  }

  let dataDir: string | undefined;
  if (options.dataDir) {
    dataDir = path.join(options.dataDir, 'pglite');
    mkdirSync(dataDir, { recursive: true });
  }
  const client = await PGlite.create({ dataDir, extensions: { pg_trgm } });
  const db = drizzlePglite({ client, schema, casing: 'snake_case' }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(db as never, { migrationsFolder }),
    close: () => client.close(),
  };
}
