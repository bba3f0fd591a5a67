import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { pendingMigrations } from '../db/pending-migrations';

/**
 * `npm run db:migrate`: apply the committed migrations to the configured database and exit; a
 * deployment's release step before processes started with MIGRATE_ON_START=false (decision 042).
 * On PostgreSQL it takes the same advisory lock as a starting server, so it never races one.
 */
const config = loadConfig();
const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
const pending = await pendingMigrations(database.db);
await database.migrate();
await database.close();
console.log(
  pending.length === 0
    ? `The ${database.kind} database was up to date: no migration applied.`
    : `Migrated the ${database.kind} database: applied ${pending.length} migration(s), ${pending.at(-1)} the last.`,
);
