import type { FastifyBaseLogger } from 'fastify';
import type Stripe from 'stripe';
import { z } from 'zod';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { lockLiveInvoiceOrders, setOrderRefundedAmount } from '../modules/orders';
import {
  findPaymentByIntent,
  findRefundForStripe,
  paymentEventSeen,
  recordOutsideRefund,
  recordPaymentEvent,
  refundedOfOrder,
} from '../modules/payments';
import { completeRefund } from './complete-refund';

/** The parts of a charge (a `charge.refunded` event's object) this site reads, as Stripe sends them. */
const chargeShape = z.object({
  id: z.string().min(1),
  payment_intent: z.string().min(1).nullish(),
  refunds: z
    .object({
      data: z.array(
        z.object({
          id: z.string().min(1),
          amount: z.number().int().positive(),
          status: z.string().nullish(),
          payment_intent: z.string().nullish(),
          metadata: z.record(z.string(), z.string()).nullish(),
        }),
      ),
    })
    .nullish(),
});

/**
 * What a `charge.refunded` event did: `completed` refunds of ours it finished (the sender had
 * not heard back yet), `recorded` refunds Parade did not ask for (the Stripe dashboard), now on
 * the books; `replayed` when the event was handled before; `ignored` for a charge we do not know.
 */
export interface RefundReconciliation {
  outcome: 'handled' | 'replayed' | 'ignored';
  completed: number[];
  recorded: number[];
  mailIds: number[];
}

/**
 * Reconciles a verified `charge.refunded` event (docs/decisions/030): Stripe sends it for every
 * refund of a charge, ours or made in its dashboard, with the charge's refunds list.
 * - A refund of ours (by Stripe's id, or by the `refund_id` we put in its metadata) still
 *   pending is completed exactly as the sender's answer would (completeRefund, guarded on
 *   pending: the webhook and the sender racing finish it once, with one ledger entry and one
 *   pair of mails). A failed or cancelled one at Stripe fails ours.
 * - A refund we do not know is recorded as a succeeded refund on the invoice's first live
 *   order without one (so `charged - refunded` stays true), that order's payment status follows,
 *   and it is logged as an error for a person (its shop's ledger is left to them: an adjustment).
 * Each step is its own transaction and safe to repeat; the event id is remembered last, so an
 * event that failed half-way is handled again when Stripe retries it.
 */
export async function reconcileChargeRefunded(
  db: Db,
  event: Stripe.Event,
  context: { config: Pick<Config, 'publicUrl' | 'adminUrl'>; log: FastifyBaseLogger },
): Promise<RefundReconciliation> {
  const result: RefundReconciliation = { outcome: 'handled', completed: [], recorded: [], mailIds: [] };
  if (await paymentEventSeen(db, event.id)) return { ...result, outcome: 'replayed' };
  const charge = chargeShape.safeParse(event.data.object);
  if (!charge.success) {
    context.log.warn({ eventId: event.id }, 'charge.refunded event without a charge this site can read: ignored');
    return { ...result, outcome: 'ignored' };
  }
  const intentId = charge.data.payment_intent ?? null;
  for (const stripeRefund of charge.data.refunds?.data ?? []) {
    const metaId = Number(stripeRefund.metadata?.refund_id);
    const ours = await findRefundForStripe(db, {
      id: stripeRefund.id,
      refundId: Number.isInteger(metaId) && metaId > 0 ? metaId : null,
    });
    const succeeded = stripeRefund.status === 'succeeded' || stripeRefund.status === 'pending';
    if (ours) {
      if (ours.status !== 'pending') continue;
      const outcome = succeeded
        ? ({ status: 'succeeded', providerRef: stripeRefund.id } as const)
        : ({ status: 'failed', error: `Stripe says the refund ${stripeRefund.id} is ${stripeRefund.status}` } as const);
      const done = await completeRefund(db, ours.id, outcome, context.config);
      if (done.refund) {
        result.completed.push(ours.id);
        result.mailIds.push(...done.mailIds);
      }
      continue;
    }
    if (!succeeded) continue;
    const recorded = await recordUnknownRefund(db, {
      intentId: stripeRefund.payment_intent ?? intentId,
      stripeRefundId: stripeRefund.id,
      amount: stripeRefund.amount,
    });
    if (recorded === null) {
      context.log.error(
        { eventId: event.id, refund: stripeRefund.id, intentId, amount: stripeRefund.amount },
        'a refund made outside Parade could not be put on any order: record it by hand',
      );
    } else if (recorded > 0) {
      result.recorded.push(recorded);
      context.log.error(
        { eventId: event.id, refund: stripeRefund.id, refundId: recorded, amount: stripeRefund.amount },
        'a refund made outside Parade (the Stripe dashboard) was recorded: check the order and the shop ledger by hand',
      );
    }
  }
  await recordPaymentEvent(db, { id: event.id, type: event.type });
  return result;
}

/**
 * Puts a refund Stripe made without us on the invoice of its PaymentIntent, in one transaction:
 * the refund id (0 when it was recorded before), or null when there is no order to put it on.
 */
async function recordUnknownRefund(
  db: Db,
  input: { intentId: string | null; stripeRefundId: string; amount: number },
): Promise<number | null> {
  if (!input.intentId) return null;
  const intentId = input.intentId;
  return db.transaction(async (tx) => {
    const payment = await findPaymentByIntent(tx, intentId);
    if (!payment) return null;
    const live = await lockLiveInvoiceOrders(tx, payment.invoiceId);
    // On the first order with money still to give back (a person decides what it was for).
    let order: (typeof live)[number] | undefined;
    for (const candidate of live) {
      if ((await refundedOfOrder(tx, candidate.id)) < candidate.total) {
        order = candidate;
        break;
      }
    }
    order ??= live[0];
    if (!order) return null;
    const row = await recordOutsideRefund(tx, {
      invoiceId: payment.invoiceId,
      orderId: order.id,
      amount: input.amount,
      paymentIntent: intentId,
      stripeRefundId: input.stripeRefundId,
    });
    if (!row) return 0;
    await setOrderRefundedAmount(tx, order.id, await refundedOfOrder(tx, order.id));
    return row.id;
  });
}
