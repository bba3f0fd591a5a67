import type { FastifyBaseLogger } from 'fastify';
import type Stripe from 'stripe';
import type { Db } from '../db/client';
import { enqueueMail } from '../modules/mail';
import { lockInvoiceForPayment, setInvoicePaymentStatus } from '../modules/orders';
import { findPaymentByIntent, paymentFailedMail, recordPaymentEvent, setPaymentStatus } from '../modules/payments';
import { findUserById } from '../modules/users';
import { recordOrderSales } from './record-order-sales';

/**
 * What a verified webhook event did:
 * - `paid` / `failed`: the invoice and its orders took that payment status;
 * - `replayed`: the event id was handled before, nothing changed;
 * - `ignored`: an event type this site does not act on, or an intent it did not create;
 * - `amount_mismatch`: the intent's amount or currency is not the invoice's, nothing changed;
 * - `late_payment`: the money arrived for an invoice whose orders were already cancelled (the
 *   unpaid-card timeout): recorded on the payment, orders left cancelled, to be refunded;
 * - `stale`: a failure reported for an invoice already paid or cancelled, nothing changed.
 */
export type CardPaymentOutcome =
  | 'paid'
  | 'failed'
  | 'replayed'
  | 'ignored'
  | 'amount_mismatch'
  | 'late_payment'
  | 'stale';

/** Records a verified Stripe webhook event and marks the invoice paid or failed (with the failure mail), once per event id, in one transaction. */
export async function recordCardPayment(
  db: Db,
  event: Stripe.Event,
  context: { publicUrl: string; log: FastifyBaseLogger },
): Promise<{ outcome: CardPaymentOutcome; mailIds: number[] }> {
  const { log } = context;
  return db.transaction(async (tx) => {
    if (!(await recordPaymentEvent(tx, { id: event.id, type: event.type })))
      return { outcome: 'replayed', mailIds: [] };
    if (event.type !== 'payment_intent.succeeded' && event.type !== 'payment_intent.payment_failed') {
      return { outcome: 'ignored', mailIds: [] };
    }
    const intent = event.data.object;
    const payment = await findPaymentByIntent(tx, intent.id);
    if (!payment) {
      log.warn(
        { eventId: event.id, intentId: intent.id },
        'webhook for a PaymentIntent this site did not create: ignored',
      );
      return { outcome: 'ignored', mailIds: [] };
    }
    const invoice = await lockInvoiceForPayment(tx, payment.invoiceId);
    if (!invoice) return { outcome: 'ignored', mailIds: [] };
    const where = { eventId: event.id, intentId: intent.id, invoice: invoice.number };

    if (event.type === 'payment_intent.succeeded') {
      const received = intent.amount_received ?? intent.amount;
      if (invoice.cancelled) {
        // Every order was cancelled (the unpaid-card timeout, or its shops) before the money came:
        // the payment is recorded, the orders stay cancelled, and the money must go back.
        await setPaymentStatus(tx, payment.id, 'paid');
        log.error(
          { ...where, amount: received },
          'card payment succeeded for an invoice whose orders are cancelled: refund it in the Stripe dashboard',
        );
        return { outcome: 'late_payment', mailIds: [] };
      }
      // What is owed is the live orders' total (payment-token charges that, contract: "Money").
      if (intent.amount !== invoice.liveTotal || received !== invoice.liveTotal || intent.currency !== 'gbp') {
        // A signed event can still disagree with the invoice (its total changed after the intent
        // was made, or the intent was edited in Stripe's dashboard): a person must look.
        log.error(
          { ...where, amount: intent.amount, received, currency: intent.currency, owed: invoice.liveTotal },
          'card payment amount or currency does not match the invoice: invoice left unpaid',
        );
        return { outcome: 'amount_mismatch', mailIds: [] };
      }
      await setPaymentStatus(tx, payment.id, 'paid');
      const paidOrders = await setInvoicePaymentStatus(tx, invoice.id, 'paid');
      // An order delivered before its card payment arrived is due in its shop's ledger now.
      await recordOrderSales(tx, paidOrders);
      return { outcome: 'paid', mailIds: [] };
    }

    // payment_intent.payment_failed. Stripe lets the customer try another card on the same intent,
    // so a failure after a success (events can arrive out of order) must not undo it.
    if (invoice.paymentStatus === 'paid' || invoice.cancelled) return { outcome: 'stale', mailIds: [] };
    await setPaymentStatus(tx, payment.id, 'failed');
    log.info(where, 'card payment failed');
    // One mail when the invoice first fails, not one per card tried.
    if (invoice.paymentStatus === 'failed') return { outcome: 'failed', mailIds: [] };
    await setInvoicePaymentStatus(tx, invoice.id, 'failed');
    const customer = await findUserById(tx, invoice.userId);
    if (!customer) return { outcome: 'failed', mailIds: [] };
    const reason = intent.last_payment_error?.message ?? null;
    const mailId = await enqueueMail(tx, paymentFailedMail(context.publicUrl, customer, invoice, reason));
    return { outcome: 'failed', mailIds: [mailId] };
  });
}
