import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The file a test server reads its shop-ledger clock's offset from (TEST_CLOCK_FILE, set by the
 * e2e global set-up; apps/api/src/lib/clock.ts): milliseconds by which balances and payout runs
 * see the time ahead of the real one. Only a NODE_ENV=test server reads it.
 */
export const ledgerClockFile = (server: { dataDir: string }): string =>
  path.join(server.dataDir, 'ledger-clock-offset-ms');

/**
 * Moves the server's ledger clock `ms` ahead of the real time (past the payout hold, say), or
 * back to the real time with 0. A spec that moves it puts it back before it ends: the server
 * serves the next spec file after it.
 */
export function moveLedgerClock(server: { dataDir: string }, ms: number): void {
  if (ms === 0) rmSync(ledgerClockFile(server), { force: true });
  else writeFileSync(ledgerClockFile(server), String(ms));
}
