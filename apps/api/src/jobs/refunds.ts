import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import StripeSdk from 'stripe';
import {
  claimStalePendingRefunds,
  createStripeClient,
  noteRefundAttempt,
  pendingRefund,
  type Stripe,
} from '../modules/payments';
import { completeRefund } from '../workflows/complete-refund';

declare module 'fastify' {
  interface FastifyInstance {
    refunds: RefundSender;
  }
}

export interface RefundSender {
  /** Sends these decided refunds to Stripe once the transaction that decided them committed. */
  sendLater(refundIds: number[]): void;
  /** Resolves when every refund handed over so far has had its answer (tests, shutdown). */
  idle(): Promise<void>;
}

/** A pending refund untouched this long is tried again by the sweep. */
const RETRY_AFTER_MS = 60_000;

/**
 * Sends refunds to Stripe (docs/decisions/028): each with its own idempotency key, so a retry
 * after a lost reply, or two processes sending the same refund, make one refund at Stripe. A
 * refusal (Stripe's 4xx: more than is left on the charge, no charge to refund) fails the refund,
 * which is logged as an error for a person to look at; anything else (Stripe down, a timeout)
 * leaves it pending, and the sweep (every CARD_PAYMENT_SWEEP_SECONDS, with the unpaid-card
 * sweep; off in tests) tries it again. No ledger entry or status changes before Stripe said yes.
 */
export const refundsPlugin = fp(
  async (app: FastifyInstance) => {
    const stripe = createStripeClient(app.config);
    const running = new Set<Promise<void>>();

    async function send(refundId: number): Promise<void> {
      const refund = await pendingRefund(app.db, refundId);
      if (!refund) return;
      if (!stripe) {
        await noteRefundAttempt(app.db, refundId, 'Stripe is not configured (STRIPE_SECRET_KEY)');
        app.log.error({ refundId }, 'a card refund is waiting: Stripe is not configured');
        return;
      }
      let answer: Stripe.Refund;
      try {
        answer = await stripe.refunds.create(
          {
            // Only card refunds are ever pending (a cash refund is owed over the counter).
            payment_intent: refund.paymentIntent ?? undefined,
            amount: refund.amount,
            reason: 'requested_by_customer',
            metadata: {
              order_id: String(refund.orderId),
              refund_id: String(refund.id),
              ...(refund.returnId === null ? {} : { return_id: String(refund.returnId) }),
            },
          },
          { idempotencyKey: refund.idempotencyKey },
        );
      } catch (error) {
        const refused = error instanceof StripeSdk.errors.StripeInvalidRequestError;
        const message = error instanceof Error ? error.message : String(error);
        if (refused) {
          await completeRefund(app.db, refundId, { status: 'failed', error: message }, app.config);
          app.log.error(
            { refundId, orderId: refund.orderId, err: error },
            'Stripe refused a refund: refund it by hand',
          );
        } else {
          await noteRefundAttempt(app.db, refundId, message);
          app.log.warn({ refundId, err: error }, 'a refund did not reach Stripe; it will be tried again');
        }
        return;
      }
      const outcome =
        answer.status === 'failed' || answer.status === 'canceled'
          ? ({ status: 'failed', error: `Stripe answered ${answer.status}` } as const)
          : ({ status: 'succeeded', providerRef: answer.id } as const);
      const { mailIds } = await completeRefund(app.db, refundId, outcome, app.config);
      app.mailer.deliverLater(mailIds);
      if (outcome.status === 'failed') app.log.error({ refundId, refund: answer.id }, 'a refund failed at Stripe');
    }

    function track(work: Promise<void>): void {
      const job = work
        .catch((error: unknown) => app.log.error({ err: error }, 'sending a refund failed'))
        .finally(() => running.delete(job));
      running.add(job);
      app.lifecycle.track('refund to Stripe', job);
    }

    async function idle(): Promise<void> {
      while (running.size > 0) await Promise.all([...running]);
    }

    app.decorate('refunds', {
      sendLater: (refundIds) => {
        for (const id of refundIds) track(send(id));
      },
      idle,
    } satisfies RefundSender);

    const seconds = app.config.cardPaymentSweepSeconds;
    if (seconds > 0) {
      const timer = setInterval(() => {
        track(
          claimStalePendingRefunds(app.db, new Date(Date.now() - RETRY_AFTER_MS)).then((ids) => {
            for (const id of ids) track(send(id));
          }),
        );
      }, seconds * 1000);
      timer.unref();
      app.lifecycle.onDrain(() => clearInterval(timer));
    }
    app.addHook('onClose', idle);
  },
  { name: 'refunds', dependencies: ['db', 'mailer', 'lifecycle'] },
);
