import { formatMoney } from '@parade/core/money';
import type { PaymentTokenPayload } from '@parade/core/order-schemas';
import { CARD_MINIMUM_PENCE } from '@parade/core/order-status';
import { effectiveSiteSettings, stripePublishableKey } from '@parade/core/settings';
import type { FastifyBaseLogger } from 'fastify';
import Stripe from 'stripe';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { AppError, notFound } from '../../lib/errors';
import { getSiteSettings } from '../content';
import { findInvoiceForPayment } from '../orders';
import { findLatestPayment, recordPaymentIntent } from './payments.service';

/** Stripe's PaymentIntent statuses that can still take a payment. */
const openStatuses = new Set(['requires_payment_method', 'requires_confirmation', 'requires_action', 'processing']);

const unavailable = () =>
  new AppError(422, 'Card payment is not available right now. Please choose cash.', {}, 'payment_unavailable');

/**
 * The client secret of the PaymentIntent for the caller's unpaid (or declined) card invoice (created at the
 * total of its live orders in GBP on first call, the same open intent afterwards while that
 * total stands) and the publishable key that goes with it.
 */
export async function createPaymentToken(
  deps: { db: Db; stripe: Stripe | null; config: Config; log: FastifyBaseLogger },
  userId: number,
  invoiceNumber: string,
): Promise<PaymentTokenPayload> {
  const { db, stripe, config } = deps;
  const settings = await getSiteSettings(db);
  const publishableKey = stripePublishableKey(settings, config.stripePublishableKey);
  const enabled =
    effectiveSiteSettings(settings, {
      stripeSecretKeySet: Boolean(config.stripeSecretKey),
      publishableKey: config.stripePublishableKey,
    }).enable_stripe_payment === 'true';
  if (!stripe || !enabled || !publishableKey) throw unavailable();

  const invoice = await findInvoiceForPayment(db, { number: invoiceNumber, userId });
  if (!invoice) throw notFound('Invoice not found', 'invoice_not_found');
  if (invoice.paymentMethod !== 'card') {
    throw new AppError(422, 'This order is paid in cash on collection or delivery.', {}, 'invoice_not_payable');
  }
  // A declined card (`failed`) may be followed by another card while the order is held, as
  // Stripe allows on the same intent: the pay page reloaded, or opened again from the order,
  // offers the form again instead of a dead end (decision 013). The timeout still cancels it.
  const payable = invoice.paymentStatus === 'unpaid' || invoice.paymentStatus === 'failed';
  if (!payable || invoice.cancelled) {
    const why =
      invoice.paymentStatus === 'paid'
        ? 'This order is already paid.'
        : invoice.cancelled
          ? 'This order was cancelled, so there is nothing to pay.'
          : 'Nothing is left to pay on this order.';
    throw new AppError(409, why, {}, 'invoice_not_payable');
  }
  // Only the orders still live are charged (contract: "Money"): a shop that cancelled its part
  // before the payment takes nothing, and the customer pays for what will come.
  if (invoice.liveTotal < CARD_MINIMUM_PENCE) {
    // Stripe refuses smaller charges; saying so beats a "try again" that can never work.
    throw new AppError(
      422,
      `Card payments start at ${formatMoney(CARD_MINIMUM_PENCE)}: this order is paid in cash.`,
      {},
      'invoice_not_payable',
    );
  }

  let intent: Stripe.PaymentIntent;
  try {
    intent = await openIntentFor(stripe, db, invoice);
  } catch (error) {
    if (!(error instanceof Stripe.errors.StripeError)) throw error;
    deps.log.error({ err: error, invoice: invoice.number }, 'Stripe refused or did not answer a PaymentIntent request');
    throw new AppError(
      503,
      'Card payment is not available right now. Please try again in a minute.',
      {},
      'payment_unavailable',
    );
  }
  if (!intent.client_secret) throw new Error(`PaymentIntent ${intent.id} came without a client secret`);
  return { client_secret: intent.client_secret, publishable_key: publishableKey };
}

/**
 * The invoice's open PaymentIntent: the one already made if Stripe still takes payments on it,
 * else a new one (also when what is owed changed). The idempotency key is the invoice's, so two tabs asking at once (or the SDK
 * retrying after a lost reply) get the same intent from Stripe, not two charges in waiting.
 */
async function openIntentFor(
  stripe: Stripe,
  db: Db,
  invoice: { id: number; number: string; liveTotal: number },
): Promise<Stripe.PaymentIntent> {
  const known = await findLatestPayment(db, invoice.id);
  if (known && known.status !== 'paid') {
    const existing = await retrieveIntent(stripe, known.providerRef);
    // A shop cancelling its order after the intent was made changes what is owed: a new intent.
    if (existing && openStatuses.has(existing.status) && existing.amount === invoice.liveTotal) return existing;
  }
  const attempt = known ? `-after-${known.providerRef}` : '';
  const intent = await stripe.paymentIntents.create(
    {
      amount: invoice.liveTotal,
      currency: 'gbp',
      automatic_payment_methods: { enabled: true },
      description: `Parade order ${invoice.number}`,
      metadata: { invoice_id: String(invoice.id), invoice_number: invoice.number },
    },
    { idempotencyKey: `parade-invoice-${invoice.id}-payment${attempt}` },
  );
  await recordPaymentIntent(db, {
    invoiceId: invoice.id,
    intentId: intent.id,
    amount: intent.amount,
    currency: intent.currency,
  });
  return intent;
}

/** The intent, or null when Stripe no longer knows it (e.g. made under other keys). */
async function retrieveIntent(stripe: Stripe, id: string): Promise<Stripe.PaymentIntent | null> {
  try {
    return await stripe.paymentIntents.retrieve(id);
  } catch (error) {
    if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing') return null;
    throw error;
  }
}
