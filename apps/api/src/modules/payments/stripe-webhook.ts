import Stripe from 'stripe';
import { z } from 'zod';
import { AppError } from '../../lib/errors';

/** Stripe's own default: a signature made more than 5 minutes away from now is refused. */
const TOLERANCE_SECONDS = 300;

/** The parts of an event this site reads, in the shape Stripe sends them. */
const eventShape = z.object({
  id: z.string().min(1),
  type: z.string().min(1),
  data: z.object({ object: z.record(z.string(), z.unknown()) }),
});
/** A PaymentIntent as recordCardPayment reads it. */
const paymentIntentShape = z.object({
  id: z.string().min(1),
  amount: z.number().int(),
  amount_received: z.number().int().nullish(),
  currency: z.string(),
});

const signatureInvalid = () =>
  new AppError(400, 'The webhook signature is not valid.', {}, 'webhook_signature_invalid');

/**
 * Checks a webhook call as Stripe signs it and returns its event: the signature over the raw
 * body under the secret, made within 5 minutes of now on either side (Stripe's SDK refuses only
 * old ones; a timestamp from the future would otherwise stay valid until it became the past),
 * and an event in the shape Stripe sends. A signed body of any other shape (`[]`, no `id`,
 * `data: {}`, an intent without its amount) is refused with 400 `webhook_event_invalid`, never
 * left to fail as a 500.
 */
export function verifyStripeEvent(
  body: Buffer,
  signature: string | string[] | undefined,
  secret: string,
  nowSeconds = Math.floor(Date.now() / 1000),
): Stripe.Event {
  if (typeof signature !== 'string' || signature === '') throw signatureInvalid();
  const signedAt = Number(/(?:^|,)\s*t=(\d{1,12})(?:,|$)/.exec(signature)?.[1]);
  if (!Number.isFinite(signedAt) || Math.abs(nowSeconds - signedAt) > TOLERANCE_SECONDS) throw signatureInvalid();
  let event: unknown;
  try {
    event = Stripe.webhooks.constructEvent(body, signature, secret, TOLERANCE_SECONDS);
  } catch {
    throw signatureInvalid();
  }
  const shaped = eventShape.safeParse(event);
  const isIntent = shaped.success && shaped.data.type.startsWith('payment_intent.');
  if (!shaped.success || (isIntent && !paymentIntentShape.safeParse(shaped.data.data.object).success)) {
    throw new AppError(400, 'The webhook event is not in the shape Stripe sends.', {}, 'webhook_event_invalid');
  }
  return event as Stripe.Event;
}
