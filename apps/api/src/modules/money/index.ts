/**
 * The money module's public surface (docs/decisions/028): the append-only shop ledger, its
 * commands (an order's sale and commission once due, an admin's adjustment) and its sums.
 */

export { payoutTotalsBy, shopBalancesNow } from './finance.queries';
export { recordAdjustment, recordOrderSale, recordPayout, recordRefundEntry } from './ledger.commands';
export {
  type LedgerRange,
  orderEntries,
  positiveAvailableBalances,
  shopBalance,
  shopBalanceBefore,
  shopLedger,
} from './ledger.queries';
