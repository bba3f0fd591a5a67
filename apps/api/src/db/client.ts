import { AsyncLocalStorage } from 'node:async_hooks';
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
import { DURABLE_CONF, durableOptions } from './pglite-durable.mjs';
import { PgliteThread } from './pglite-thread';

/**
 * The one database type the code sees, whichever driver is underneath. Built without the
 * schema: nothing uses Drizzle's relational API (`db.query.*`), and so the client needs no
 * module's tables and sits below the modules (docs/decisions/024).
 */
export type Db = PgDatabase<PgQueryResultHKT>;
type NoSchema = Record<string, never>;
export type Tx = PgTransaction<PgQueryResultHKT, NoSchema, ExtractTablesWithRelations<NoSchema>>;
/** Anything a query can run on: the database or an open transaction. */
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  close(): Promise<void>;
  /**
   * PGlite on the main thread only: the whole data directory as a tarball, which
   * `pgliteFrom` starts another database from (the tests' per-run templates).
   */
  dumpPglite?(): Promise<Uint8Array>;
  /**
   * PostgreSQL: cancels the statements running for this scope and refuses it further
   * connections (its client went away). A no-op on PGlite, which runs one statement at a time
   * in this thread and cannot be interrupted.
   */
  abandon(scope: QueryScope): void;
  /**
   * Calls `onNotify(payload)` for each NOTIFY on `channel`, delivered when the sender's
   * transaction commits: from every process on PostgreSQL (one listening connection per process,
   * re-opened if it drops), in this process on PGlite. After a reconnect it calls `onNotify(null)`:
   * notifications may have been missed meanwhile, so the listener reads again what it follows.
   * Resolves to a function that stops listening.
   */
  listen(channel: string, onNotify: (payload: string | null) => void): Promise<() => Promise<void>>;
}

/**
 * PostgreSQL's LISTEN on one connection of its own (a pooled one would be handed to others),
 * shared by every channel of this process, re-opened with a growing wait if it drops.
 */
function notificationListener(url: string) {
  const handlers = new Map<string, Set<(payload: string | null) => void>>();
  let client: pg.Client | null = null;
  let connecting: Promise<pg.Client> | null = null;
  let closed = false;
  let retryMs = 250;
  const quote = (channel: string) => `"${channel.replaceAll('"', '""')}"`;

  const open = async (): Promise<pg.Client> => {
    const fresh = new pg.Client({ connectionString: url });
    fresh.on('notification', (message) => {
      for (const handler of handlers.get(message.channel) ?? []) handler(message.payload ?? '');
    });
    const dropped = () => {
      if (client !== fresh) return;
      client = null;
      if (!closed && handlers.size > 0) setTimeout(() => void reconnect(), retryMs).unref();
      retryMs = Math.min(retryMs * 2, 5_000);
    };
    fresh.on('error', dropped);
    fresh.on('end', dropped);
    await fresh.connect();
    for (const channel of handlers.keys()) await fresh.query(`LISTEN ${quote(channel)}`);
    client = fresh;
    retryMs = 250;
    return fresh;
  };
  const connection = () => {
    if (client) return Promise.resolve(client);
    connecting ??= open().finally(() => {
      connecting = null;
    });
    return connecting;
  };
  const reconnect = async () => {
    if (closed || client) return;
    try {
      await connection();
      for (const set of handlers.values()) for (const handler of set) handler(null);
    } catch {
      setTimeout(() => void reconnect(), retryMs).unref();
      retryMs = Math.min(retryMs * 2, 5_000);
    }
  };

  return {
    async listen(channel: string, onNotify: (payload: string | null) => void) {
      const set = handlers.get(channel) ?? new Set();
      const first = set.size === 0;
      set.add(onNotify);
      handlers.set(channel, set);
      const c = await connection();
      if (first) await c.query(`LISTEN ${quote(channel)}`);
      return async () => {
        set.delete(onNotify);
        if (set.size > 0) return;
        handlers.delete(channel);
        await client?.query(`UNLISTEN ${quote(channel)}`).catch(() => {});
      };
    },
    async close() {
      closed = true;
      const c = client;
      client = null;
      await c?.end().catch(() => {});
    },
  };
}

/**
 * The queries of one unit of work (an HTTP request), tracked so that they can be cancelled
 * when nobody waits for their answer any more. Run the work inside `queryScope.run(scope, ...)`.
 */
export interface QueryScope {
  gone: boolean;
  /** Pooled connections checked out by this scope right now. */
  clients: Set<pg.PoolClient>;
}
export const queryScope = new AsyncLocalStorage<QueryScope>();

/** What a cancelled statement reports (SQLSTATE 57014, query_canceled). */
function cancelledError(): Error {
  return Object.assign(new Error('canceling statement: the client went away'), { code: '57014' });
}

/**
 * Makes every checkout from the pool (pool.query and transactions both go through connect)
 * known to the current QueryScope, and refuses a checkout to a scope whose client is gone.
 */
function trackCheckouts(pool: pg.Pool) {
  const connect = pool.connect.bind(pool) as () => Promise<pg.PoolClient>;
  const tracked = async (): Promise<pg.PoolClient> => {
    const scope = queryScope.getStore();
    const client = await connect();
    if (!scope) return client;
    if (scope.gone) {
      client.release();
      throw cancelledError();
    }
    scope.clients.add(client);
    const release = client.release;
    client.release = (err?: Error | boolean) => {
      scope.clients.delete(client);
      client.release = release;
      return release.call(client, err);
    };
    return client;
  };
  // pg-pool's own query() calls connect with a callback; Drizzle's transactions await it.
  pool.connect = ((callback?: (err: Error | undefined, client?: pg.PoolClient, done?: () => void) => void) => {
    if (!callback) return tracked();
    tracked().then(
      (client) => callback(undefined, client, () => client.release()),
      (error: Error) => callback(error, undefined, () => {}),
    );
  }) as typeof pool.connect;
}

/**
 * Cancels backends through one connection of its own, opened on first use, so a cancel never
 * waits for (or takes) a pooled connection. Cancels are serialised on it.
 */
function backendCanceller(url: string) {
  let client: pg.Client | null = null;
  const connection = async () => {
    if (client) return client;
    const fresh = new pg.Client({ connectionString: url });
    fresh.on('error', () => {
      if (client === fresh) client = null;
    });
    await fresh.connect();
    client = fresh;
    return fresh;
  };
  return {
    cancel(scope: QueryScope) {
      for (const held of scope.clients) {
        const pid = (held as unknown as { processID?: number }).processID;
        if (!pid) continue;
        void connection()
          // Only while the connection is still this scope's: once released it may serve another request.
          .then((c) => (scope.clients.has(held) ? c.query('select pg_cancel_backend($1)', [pid]) : undefined))
          .catch(() => {});
      }
    },
    async close() {
      const c = client;
      client = null;
      await c?.end().catch(() => {});
    },
  };
}

export const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');

export interface DatabaseOptions {
  /** postgres://... — use a PostgreSQL server. */
  url?: string;
  /** Folder for the embedded database; omitted = in memory (tests). */
  dataDir?: string;
  /**
   * PGlite in memory: start from this saved data directory (a tarball from PGlite's
   * `dumpDataDir`) instead of an empty cluster. Tests start every file from a migrated (or
   * seeded) copy made once per run: PGlite's initdb is most of the cost of a fresh database.
   */
  pgliteFrom?: Uint8Array;
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
  /** PGlite: run it on a worker thread (default), so a slow statement does not stop this one. */
  pgliteWorker?: boolean;
  /**
   * PGlite: its shared buffers, in MB. PostgreSQL's 128 MB default is most of PGlite's resident
   * memory; the files are in the OS page cache anyway. Omitted = PGlite's default.
   */
  pgliteSharedBuffersMb?: number;
  /**
   * PGlite with a data directory: flush every commit to the disk (pglite-durable.mjs). Off, a
   * commit survives a killed process but not a power cut or an operating-system crash.
   */
  pgliteFsync?: boolean;
}

/** The advisory lock migrations run under on PostgreSQL: any fixed number no other code uses ("parade" + 1). */
export const MIGRATION_LOCK_KEY = 0x7061_7261_6465_01n.toString();

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
    trackCheckouts(pool);
    const canceller = backendCanceller(options.url);
    const notifications = notificationListener(options.url);
    const db = drizzlePg({ client: pool, casing: 'snake_case' }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      listen: (channel, onNotify) => notifications.listen(channel, onNotify),
      abandon(scope) {
        scope.gone = true;
        canceller.cancel(scope);
      },
      // Migrations may rewrite big tables: on a connection of their own, without the statement
      // timeout. Several processes starting at once (a rolling deploy, decision 042) take turns
      // through a session advisory lock: the first applies what is missing, the others wait, then
      // find every migration recorded and apply nothing. Without the lock each would read "nothing
      // applied yet" and run the same migration, and all but one would fail on what it created.
      migrate: async () => {
        const migrator = new pg.Client({ connectionString: options.url });
        migrator.on('error', () => {});
        await migrator.connect();
        try {
          await migrator.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
          await migratePg(drizzlePg({ client: migrator, casing: 'snake_case' }), { migrationsFolder });
        } finally {
          // Ending the session releases the lock, also when a migration failed.
          await migrator.end();
        }
      },
      close: async () => {
        await notifications.close();
        await canceller.close();
        await pool.end();
      },
    };
  }

  let dataDir: string | undefined;
  if (options.dataDir) {
    dataDir = path.join(options.dataDir, 'pglite');
    mkdirSync(dataDir, { recursive: true });
  }
  const durable = Boolean(options.pgliteFsync && dataDir);
  const postgresqlconf = [
    ...(options.pgliteSharedBuffersMb ? [`shared_buffers=${options.pgliteSharedBuffersMb}MB`] : []),
    ...(durable ? DURABLE_CONF : []),
  ];
  const client =
    options.pgliteWorker === false
      ? await PGlite.create({
          dataDir,
          extensions: { pg_trgm },
          postgresqlconf,
          ...(durable && dataDir ? durableOptions(dataDir) : {}),
          ...(options.pgliteFrom ? { loadDataDir: new Blob([options.pgliteFrom]) } : {}),
        })
      : await PgliteThread.start(dataDir, postgresqlconf, options.pgliteFrom, durable);
  // The worker client has the part of PGlite's interface the driver uses (query, exec, transaction).
  const db = drizzlePglite({ client: client as PGlite, casing: 'snake_case' }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    abandon(scope) {
      scope.gone = true;
    },
    migrate: () => migratePglite(db as never, { migrationsFolder }),
    // One process: PGlite delivers its own NOTIFYs, at commit, to listeners here.
    listen: async (channel, onNotify) => {
      const stop = await client.listen(channel, (payload) => onNotify(payload));
      return async () => stop();
    },
    close: () => client.close(),
    ...(client instanceof PGlite
      ? { dumpPglite: async () => new Uint8Array(await (await client.dumpDataDir('none')).arrayBuffer()) }
      : {}),
  };
}
