import { apiData } from '@/lib/api-client';
import { lazySchema } from '@/lib/lazy-schema';

const paymentTokenPayloadReply = lazySchema(() =>
  import('@parade/core/order-schemas').then((m) => m.paymentTokenPayloadSchema),
);

/** POST payment-token {invoice}: a card payment (PaymentIntent) for the caller's unpaid invoice. */
export const createPaymentToken = (invoice: string, signal?: AbortSignal) =>
  apiData('payment-token', { method: 'POST', body: { invoice }, signal, schema: paymentTokenPayloadReply });
