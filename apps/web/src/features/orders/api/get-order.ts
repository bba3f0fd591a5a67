import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiData } from '@/lib/api-client';
import { lazySchema } from '@/lib/lazy-schema';
import { useCurrentUserId } from '@/lib/session-store';
import { userQueryKey } from '@/lib/user-query-keys';

const orderDetailPayloadReply = lazySchema(() =>
  import('@parade/core/order-schemas').then((m) => m.orderDetailPayloadSchema),
);

export const getOrder = (id: number, signal?: AbortSignal) =>
  apiData(`user/order/${id}`, { signal, schema: orderDetailPayloadReply }).then((payload) => ({
    ...payload.order,
    // Its refunds (a return's, a cancellation's), oldest first.
    refunds: payload.refunds ?? [],
  }));

export const getOrderQueryOptions = (userId: number | null, id: number) =>
  queryOptions({
    queryKey: userQueryKey(userId, 'orders', 'detail', id),
    queryFn: ({ signal }) => getOrder(id, signal),
    enabled: userId !== null && id > 0,
    // Another user's order (or one that does not exist) answers 404: asking again will not help.
    retry: false,
  });

/** One of the signed-in customer's orders, with its status history and its refunds. */
export const useOrder = (id: number) => useQuery(getOrderQueryOptions(useCurrentUserId(), id));
