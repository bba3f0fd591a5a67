import { type ShopCreateRequest, shopCreateRequestSchema } from '@parade/core/shop-request-schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiData } from '@/lib/api-client';
import { useCurrentUserId } from '@/lib/session-store';
import { userQueryKey } from '@/lib/user-query-keys';

export type { ShopCreateRequest };

/** GET user/shop-create-request: the caller's latest request in any status, or null. */
export const getShopRequest = (signal?: AbortSignal) =>
  apiData('user/shop-create-request', { signal, schema: shopCreateRequestSchema.nullable() });

export const shopRequestQueryKey = (userId: number | null) => userQueryKey(userId, 'shop-request');

export const getShopRequestQueryOptions = (userId: number | null) =>
  queryOptions({
    queryKey: shopRequestQueryKey(userId),
    queryFn: ({ signal }) => getShopRequest(signal),
    enabled: userId !== null,
  });

/** The signed-in user's latest shop request (null when they never asked). */
export const useShopRequest = () => useQuery(getShopRequestQueryOptions(useCurrentUserId()));
