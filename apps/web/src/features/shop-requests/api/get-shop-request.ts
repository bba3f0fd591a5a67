import type { ShopCreateRequest } from '@parade/core/shop-request-schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiData } from '@/lib/api-client';
import { lazySchema } from '@/lib/lazy-schema';
import { useCurrentUserId } from '@/lib/session-store';
import { userQueryKey } from '@/lib/user-query-keys';

export type { ShopCreateRequest };

const latestRequestReply = lazySchema(() =>
  import('@parade/core/shop-request-schemas').then((m) => m.shopCreateRequestSchema.nullable()),
);

/** GET user/shop-create-request: the caller's latest request in any status, or null. */
export const getShopRequest = (signal?: AbortSignal) =>
  apiData('user/shop-create-request', { signal, schema: latestRequestReply });

export const shopRequestQueryKey = (userId: number | null) => userQueryKey(userId, 'shop-request');

export const getShopRequestQueryOptions = (userId: number | null) =>
  queryOptions({
    queryKey: shopRequestQueryKey(userId),
    queryFn: ({ signal }) => getShopRequest(signal),
    enabled: userId !== null,
  });

/** The signed-in user's latest shop request (null when they never asked). */
export const useShopRequest = () => useQuery(getShopRequestQueryOptions(useCurrentUserId()));
