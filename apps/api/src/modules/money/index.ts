/**
 * The money module's public surface (docs/decisions/028): the append-only shop ledger, its
 * commands (an order's sale and commission once due, an admin's adjustment) and its sums.
 */
export { recordAdjustment, recordOrderSale } from './ledger.commands';
export { recordPayout } from './ledger.commands';
export { payoutTotalsBy, shopBalancesNow } from './finance.queries';
export { type LedgerRange, orderEntries, shopBalance, shopBalanceBefore, shopLedger } from './ledger.queries';
export { positiveAvailableBalances } from './ledger.queries';
