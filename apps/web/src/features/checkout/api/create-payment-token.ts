import { paymentTokenPayloadSchema } from '@parade/core/order-schemas';
import { apiData } from '@/lib/api-client';

/** POST payment-token {invoice}: a card payment (PaymentIntent) for the caller's unpaid invoice. */
export const createPaymentToken = (invoice: string, signal?: AbortSignal) =>
  apiData('payment-token', { method: 'POST', body: { invoice }, signal, schema: paymentTokenPayloadSchema });
