import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { repairReadModel } from '../modules/catalog';

/**
 * `npm run db:repair-read-model`: recompute the catalogue read model (cards, listable flags,
 * units sold, folded search text) of every product from the source tables, in one transaction.
 * Safe to run at any time; run it after writing catalogue rows by hand or by bulk SQL.
 */
const config = loadConfig();
const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
await database.migrate();
const started = performance.now();
await repairReadModel(database.db);
await database.close();
console.log(
  `Recomputed the catalogue read model of the ${database.kind} database in ${Math.round(performance.now() - started)} ms.`,
);
