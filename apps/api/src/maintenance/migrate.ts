import { loadConfig } from '../config';
import { openDatabase } from '../db/client';

/** `tsx src/maintenance/migrate.ts`: apply the committed migrations to the configured database. */
const config = loadConfig();
const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
await database.migrate();
await database.close();
console.log(`Migrated the ${database.kind} database.`);
