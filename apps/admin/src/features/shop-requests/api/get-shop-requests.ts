import { type AdminShopRequestListQuery, adminShopRequestSchema } from '@parade/core/admin-schemas';
import { paginated } from '@parade/core/envelope';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiData, type QueryValue } from '@/lib/api-client';

export const shopRequestsQueryRoot = ['admin', 'shop-requests'] as const;

/** GET admin/shop-requests?status&page&search&sort. */
export const getShopRequestsQueryOptions = (query: AdminShopRequestListQuery) =>
  queryOptions({
    queryKey: [...shopRequestsQueryRoot, query],
    queryFn: ({ signal }) =>
      apiData('admin/shop-requests', paginated(adminShopRequestSchema), {
        query: query as Record<string, QueryValue>,
        signal,
      }),
    placeholderData: keepPreviousData,
  });

export const useShopRequests = (query: AdminShopRequestListQuery) => useQuery(getShopRequestsQueryOptions(query));
