import { readFileSync } from 'node:fs';

/**
 * The shop ledger's clock (its balances' "available by now" and payout runs): the system's, or,
 * under NODE_ENV=test with TEST_CLOCK_FILE set (config.ts refuses it otherwise), the system's
 * plus the milliseconds that file holds, so a browser spec can move past the payout hold without
 * waiting a week. The file is read on each call; missing or unreadable means no offset.
 */
export function ledgerClock(testClockFile: string | undefined): () => Date {
  if (!testClockFile) return () => new Date();
  return () => {
    let offset = 0;
    try {
      offset = Number(readFileSync(testClockFile, 'utf8').trim()) || 0;
    } catch {
      offset = 0;
    }
    return new Date(Date.now() + offset);
  };
}
