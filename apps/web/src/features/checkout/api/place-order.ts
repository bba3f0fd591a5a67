import type { PlaceOrderBody, PlaceOrderPayload } from '@parade/core/order-schemas';
import { ApiError } from '@parade/ui/api-errors';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiData } from '@/lib/api-client';
import { lazySchema } from '@/lib/lazy-schema';
import { useCurrentUserId } from '@/lib/session-store';
import { userQueryKey } from '@/lib/user-query-keys';
import { endCheckoutAttempt, idempotencyKeyFor } from '../stores/checkout-attempt';

const placeOrderPayloadReply = lazySchema(() =>
  import('@parade/core/order-schemas').then((m) => m.placeOrderPayloadSchema),
);

export type { PlaceOrderBody, PlaceOrderPayload };

/** A reply that may never have reached us, or a server fault: the order may exist, so retry with the same key. */
const outcomeUnknown = (error: unknown) => error instanceof ApiError && (error.status === 0 || error.status >= 500);

export const placeOrder = (body: PlaceOrderBody, idempotencyKey: string) =>
  apiData('user/order/place', {
    method: 'POST',
    body,
    headers: { 'Idempotency-Key': idempotencyKey },
    schema: placeOrderPayloadReply,
  });

/**
 * POST user/order/place with the attempt's Idempotency-Key. A lost reply is retried twice with
 * the same key (the server answers the first result, never a second order); a refusal ends the
 * attempt, so the shopper's next try, after fixing what was named, is a fresh one.
 */
export function usePlaceOrder() {
  const queryClient = useQueryClient();
  const userId = useCurrentUserId();
  return useMutation({
    mutationFn: (body: PlaceOrderBody) => placeOrder(body, idempotencyKeyFor(body)),
    retry: (failures, error) => failures < 2 && outcomeUnknown(error),
    retryDelay: (failures) => 500 * 2 ** failures,
    onSuccess: () => {
      endCheckoutAttempt();
      // Orders, reward point balances and invoices of this user all changed.
      void queryClient.invalidateQueries({ queryKey: userQueryKey(userId) });
    },
    onError: (error) => {
      if (!outcomeUnknown(error)) endCheckoutAttempt();
    },
  });
}
