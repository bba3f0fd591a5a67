import { paginated } from '@parade/core/envelope';
import { type VendorReturnListQuery, vendorReturnSchema } from '@parade/core/return-schemas';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiData, type QueryValue } from '@/lib/api-client';

export const returnsQueryRoot = ['vendor', 'returns'] as const;

/** GET vendor/returns?status&search&page&per_page&sort: returns on the shop's orders, with the customer. */
export const getReturnsQueryOptions = (query: VendorReturnListQuery) =>
  queryOptions({
    queryKey: [...returnsQueryRoot, 'list', query],
    queryFn: ({ signal }) =>
      apiData('vendor/returns', paginated(vendorReturnSchema), { query: query as Record<string, QueryValue>, signal }),
    placeholderData: keepPreviousData,
  });

export const useReturns = (query: VendorReturnListQuery) => useQuery(getReturnsQueryOptions(query));
