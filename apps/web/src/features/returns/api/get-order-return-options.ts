import type { OrderReturnOptions } from '@parade/core/return-schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiData } from '@/lib/api-client';
import { lazySchema } from '@/lib/lazy-schema';
import { useCurrentUserId } from '@/lib/session-store';
import { returnsQueryKey } from './get-returns';

const orderReturnOptionsReply = lazySchema(() =>
  import('@parade/core/return-schemas').then((m) => m.orderReturnOptionsSchema),
);

export type { OrderReturnOptions };

export const getOrderReturnOptions = (orderId: number, signal?: AbortSignal) =>
  apiData(`user/order/${orderId}/returnable`, { signal, schema: orderReturnOptionsReply });

export const getOrderReturnOptionsQueryOptions = (userId: number | null, orderId: number, enabled = true) =>
  queryOptions({
    queryKey: [...returnsQueryKey(userId), 'order', orderId],
    queryFn: ({ signal }) => getOrderReturnOptions(orderId, signal),
    enabled: enabled && userId !== null && orderId > 0,
    retry: false,
  });

/**
 * Whether the order can be returned now, until when, and how many of each line are left.
 * One request per order, shared by every line's button. `enabled` false skips it (an order
 * that is not delivered has nothing to ask about).
 */
export const useOrderReturnOptions = (orderId: number, enabled = true) =>
  useQuery(getOrderReturnOptionsQueryOptions(useCurrentUserId(), orderId, enabled));
