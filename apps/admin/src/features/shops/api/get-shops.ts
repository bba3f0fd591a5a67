import { type AdminShopListQuery, adminShopSchema } from '@parade/core/admin-schemas';
import { paginated } from '@parade/core/envelope';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiData, type QueryValue } from '@/lib/api-client';

export const shopsQueryRoot = ['admin', 'shops'] as const;

/** GET admin/shops?status&page&search&sort: every shop, active or suspended. */
export const getShopsQueryOptions = (query: AdminShopListQuery) =>
  queryOptions({
    queryKey: [...shopsQueryRoot, query],
    queryFn: ({ signal }) =>
      apiData('admin/shops', paginated(adminShopSchema), { query: query as Record<string, QueryValue>, signal }),
    placeholderData: keepPreviousData,
  });

export const useShops = (query: AdminShopListQuery) => useQuery(getShopsQueryOptions(query));
