import { formatMoney } from '@parade/core/money';
import { payoutRequirementLabel } from '@parade/core/payout-schemas';
import type { Db } from '../db/client';
import { positiveAvailableBalances, recordPayout } from '../modules/money';
import {
  createPayoutRun,
  type DecidedTransfer,
  lockPayoutDecisions,
  type PayoutTransferRow,
  payoutAccountsByShop,
  pendingTransferSums,
  settlePayoutTransfer,
} from '../modules/payouts';

/**
 * Decides a payout run in one transaction (docs/decisions/031): under the payout lock, every shop
 * whose available balance (its ledger's sum available by `availableBy`, so a cash shop's commission owed
 * is netted against its card sales), less its transfers still pending, is above zero gets a
 * `pending` transfer of that amount to its Connect account when Stripe can pay it, or a
 * `skipped` row saying why. Nothing is sent here: the caller sends the pending transfers after
 * the commit. Answers the run and its pending transfers.
 */
export async function decidePayoutRun(
  db: Db,
  input: { startedBy: number | null; availableBy?: Date },
): Promise<{ runId: number; pendingIds: number[] }> {
  // What is available is judged by the ledger's clock; the run itself is stamped with the real time.
  const now = input.availableBy ?? new Date();
  return db.transaction(async (tx) => {
    await lockPayoutDecisions(tx);
    const [available, pending] = await Promise.all([positiveAvailableBalances(tx, now), pendingTransferSums(tx)]);
    const due = [...available]
      .map(([shopId, amount]) => ({ shopId, amount: amount - (pending.get(shopId) ?? 0) }))
      .filter((shop) => shop.amount > 0)
      .sort((a, b) => a.shopId - b.shopId);
    const accounts = await payoutAccountsByShop(
      tx,
      due.map((shop) => shop.shopId),
    );
    const transfers = due.map(({ shopId, amount }): DecidedTransfer => {
      const account = accounts.get(shopId);
      if (!account) {
        return {
          shopId,
          amount,
          status: 'skipped',
          destination: null,
          reason: 'The shop has not set up payouts (no Stripe account).',
        };
      }
      if (!account.payoutsEnabled) {
        const due = account.requirementsDue ? account.requirementsDue.split(',').map(payoutRequirementLabel) : [];
        return {
          shopId,
          amount,
          status: 'skipped',
          destination: account.stripeAccountId,
          reason: `Stripe cannot pay this shop yet${due.length ? `: it still needs ${due.join(', ').toLowerCase()}` : ' (onboarding not finished)'}.`,
        };
      }
      return { shopId, amount, status: 'pending', destination: account.stripeAccountId, reason: null };
    });
    return createPayoutRun(tx, { startedBy: input.startedBy, transfers });
  });
}

/**
 * Records what Stripe answered for a transfer, in one transaction (under the payout lock)
 * guarded on it being pending:
 * `paid` writes the shop's `payout` ledger entry (minus the amount, available at once) with it;
 * `failed` writes nothing, so the amount is available to the next run. A second answer for the
 * same transfer changes nothing. Answers the transfer when this call settled it.
 */
export async function completePayoutTransfer(
  db: Db,
  transferId: number,
  outcome: { status: 'paid'; stripeTransferId: string } | { status: 'failed'; reason: string },
): Promise<PayoutTransferRow | null> {
  return db.transaction(async (tx) => {
    // The payout lock first: a run decides from two statements (the balances, then the pending
    // transfers); were this to commit between them, the run would see the balance before the
    // payout entry and the transfer no longer pending, and pay the amount again. Both take the
    // lock before anything else, so neither waits on the other while holding a row.
    await lockPayoutDecisions(tx);
    const now = new Date();
    const transfer = await settlePayoutTransfer(tx, transferId, outcome, now);
    if (!transfer || outcome.status === 'failed') return transfer;
    await recordPayout(tx, {
      shopId: transfer.shopId,
      amount: transfer.amount,
      transferId: transfer.id,
      note: `Payout ${formatMoney(transfer.amount)} (run ${transfer.runId}, Stripe ${outcome.stripeTransferId})`,
      now,
    });
    return transfer;
  });
}
