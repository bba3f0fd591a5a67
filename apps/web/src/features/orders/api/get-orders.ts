import type { Order } from '@parade/core/order-schemas';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiData } from '@/lib/api-client';
import { lazySchema } from '@/lib/lazy-schema';
import { useCurrentUserId } from '@/lib/session-store';
import { userQueryKey } from '@/lib/user-query-keys';

/** One page of the customer's orders, as the shared contract describes it. */
const orderPageSchema = lazySchema(async () => {
  const [{ paginated }, { orderSchema }] = await Promise.all([
    import('@parade/core/envelope'),
    import('@parade/core/order-schemas'),
  ]);
  return paginated(orderSchema);
});

export type { Order };

export const getOrders = (page: number, signal?: AbortSignal) =>
  apiData('user/order', { query: { page }, signal, schema: orderPageSchema });

export const getOrdersQueryOptions = (userId: number | null, page: number) =>
  queryOptions({
    queryKey: userQueryKey(userId, 'orders', page),
    queryFn: ({ signal }) => getOrders(page, signal),
    enabled: userId !== null,
    // The previous page stays on screen while the next loads, but never another user's orders.
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[1] === userId ? keepPreviousData(previous) : undefined,
  });

/** The signed-in customer's orders, one page at a time. */
export const useOrders = (page: number) => useQuery(getOrdersQueryOptions(useCurrentUserId(), page));
