import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import StripeSdk from 'stripe';
import { createStripeClient, type Stripe } from '../modules/payments';
import { claimStalePendingTransfers, notePayoutAttempt, pendingTransfer } from '../modules/payouts';
import { completePayoutTransfer } from '../workflows/run-payouts';

declare module 'fastify' {
  interface FastifyInstance {
    payouts: PayoutSender;
  }
}

export interface PayoutSender {
  /** Sends these decided transfers to Stripe (after the decision committed); resolves once each has had its answer. */
  send(transferIds: number[]): Promise<void>;
  /** Sends again every transfer still pending and untouched since before `before` (the sweep; tests call it). */
  retryStale(before?: Date): Promise<void>;
  /** Resolves when every transfer handed over so far has had its answer (tests, shutdown). */
  idle(): Promise<void>;
}

/** A pending transfer untouched this long is tried again by the sweep. */
const RETRY_AFTER_MS = 60_000;

/**
 * Sends payout transfers to Stripe (docs/decisions/031), each with its own idempotency key
 * (`parade-payout-run-<run>-shop-<shop>`), so a retry after a lost reply, or two processes
 * sending the same transfer, make one transfer at Stripe. Stripe's yes marks it paid and writes
 * the shop's payout entry in one transaction; a refusal (Stripe's 4xx: more than the platform's
 * available balance, an account that cannot take transfers) fails it with Stripe's reason and
 * writes nothing (the amount is free for the next run); anything else (Stripe down, a timeout)
 * leaves it pending for the sweep (every CARD_PAYMENT_SWEEP_SECONDS; off in tests). No ledger
 * entry before the money moved.
 */
export const payoutsPlugin = fp(
  async (app: FastifyInstance) => {
    const stripe = createStripeClient(app.config);
    const running = new Set<Promise<void>>();

    async function sendOne(transferId: number): Promise<void> {
      const transfer = await pendingTransfer(app.db, transferId);
      if (!transfer) return;
      if (!stripe || !transfer.destination) {
        await notePayoutAttempt(app.db, transferId, 'Stripe is not configured (STRIPE_SECRET_KEY)');
        app.log.error({ transferId }, 'a payout is waiting: Stripe is not configured');
        return;
      }
      let answer: Stripe.Transfer;
      try {
        answer = await stripe.transfers.create(
          {
            amount: transfer.amount,
            currency: 'gbp',
            destination: transfer.destination,
            transfer_group: `payout-run-${transfer.runId}`,
            description: `Parade payout, run ${transfer.runId}`,
            metadata: {
              payout_run_id: String(transfer.runId),
              payout_transfer_id: String(transfer.id),
              shop_id: String(transfer.shopId),
            },
          },
          { idempotencyKey: transfer.idempotencyKey },
        );
      } catch (error) {
        const refused = error instanceof StripeSdk.errors.StripeInvalidRequestError;
        const message = error instanceof Error ? error.message : String(error);
        if (refused) {
          await completePayoutTransfer(app.db, transferId, { status: 'failed', reason: `Stripe refused: ${message}` });
          app.log.error({ transferId, shopId: transfer.shopId, err: error }, 'Stripe refused a payout transfer');
        } else {
          await notePayoutAttempt(app.db, transferId, `Stripe did not answer: ${message}`);
          app.log.warn({ transferId, err: error }, 'a payout did not reach Stripe; it will be tried again');
        }
        return;
      }
      await completePayoutTransfer(app.db, transferId, { status: 'paid', stripeTransferId: answer.id });
    }

    function track(work: Promise<void>): Promise<void> {
      const job = work
        .catch((error: unknown) => app.log.error({ err: error }, 'sending a payout failed'))
        .finally(() => running.delete(job));
      running.add(job);
      app.lifecycle.track('payout to Stripe', job);
      return job;
    }

    async function idle(): Promise<void> {
      while (running.size > 0) await Promise.all([...running]);
    }

    async function retryStale(before = new Date(Date.now() - RETRY_AFTER_MS)): Promise<void> {
      const ids = await claimStalePendingTransfers(app.db, before);
      for (const id of ids) await track(sendOne(id));
    }

    app.decorate('payouts', {
      send: async (transferIds) => {
        await Promise.all(transferIds.map((id) => track(sendOne(id))));
      },
      retryStale,
      idle,
    } satisfies PayoutSender);

    const seconds = app.config.cardPaymentSweepSeconds;
    if (seconds > 0) {
      const timer = setInterval(() => track(retryStale()), seconds * 1000);
      timer.unref();
      app.lifecycle.onDrain(() => clearInterval(timer));
    }
    app.addHook('onClose', idle);
  },
  { name: 'payouts', dependencies: ['db', 'lifecycle'] },
);
