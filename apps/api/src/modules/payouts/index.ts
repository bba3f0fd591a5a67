/**
 * The payouts module's public surface (docs/decisions/031): shops' Stripe Connect accounts, and
 * payout runs with their transfers. Its routes are registered by src/http/routes.ts; the sender
 * of transfers (which runs a workflow) lives in src/jobs/payouts.ts.
 */
export {
  findPayoutAccount,
  type PayoutAccountRow,
  payoutAccountsByShop,
  payoutAccountView,
  type StripeAccountFacts,
  savePayoutAccount,
  stripeAccountFacts,
  updatePayoutAccount,
} from './payouts.accounts';
export {
  claimStalePendingTransfers,
  createPayoutRun,
  type DecidedTransfer,
  findPayoutRun,
  listPayoutRuns,
  lockPayoutDecisions,
  notePayoutAttempt,
  type PayoutRunSummary,
  type PayoutTransferRow,
  pendingTransfer,
  pendingTransferSums,
  settlePayoutTransfer,
} from './payouts.runs';
