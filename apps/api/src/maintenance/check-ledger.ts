import { formatMoney } from '@parade/core/money';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { checkLedger } from '../workflows/record-order-sales';

/**
 * `npm run money:check [-- --repair]`: recomputes every due order's sale and commission and
 * compares them with the shops' ledger (docs/decisions/028). Prints what differs; with --repair,
 * writes what is missing and corrects the rest with adjustments (nothing is ever changed).
 * Exits 1 when it found a difference and did not repair it.
 */
const repair = process.argv.includes('--repair');
const config = loadConfig();
const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
await database.migrate();
const found = await checkLedger(database.db, { repair });
await database.close();
if (found.length === 0) {
  console.log(`The ledger of the ${database.kind} database agrees with every due order.`);
} else {
  for (const wrong of found) {
    console.log(
      `order ${wrong.orderId} (shop ${wrong.shopId}): ledger ${formatMoney(wrong.recorded)}, should be ${formatMoney(wrong.expected)}`,
    );
  }
  console.log(
    repair
      ? `Repaired ${found.length} order(s).`
      : `${found.length} order(s) differ; run with --repair to correct them.`,
  );
  if (!repair) process.exitCode = 1;
}
