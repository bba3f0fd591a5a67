import { z } from 'zod';

/**
 * POST /payments/stripe/webhook: what Stripe is told once an event is handled (or recognised as
 * one to leave alone). Any 2xx stops Stripe's retries; the payload is for people reading logs.
 */
export const stripeWebhookReceiptSchema = z.object({ received: z.literal(true) });
export type StripeWebhookReceipt = z.infer<typeof stripeWebhookReceiptSchema>;
