import { paginated } from '@parade/core/envelope';
import { type VendorOrderListQuery, vendorOrderSchema } from '@parade/core/vendor-schemas';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiData, type QueryValue } from '@/lib/api-client';

export const ordersQueryRoot = ['vendor', 'orders'] as const;

/** GET vendor/orders?status&date_from&date_to&search&page&sort: the shop's orders with the customer's contact. */
export const getOrdersQueryOptions = (query: VendorOrderListQuery) =>
  queryOptions({
    queryKey: [...ordersQueryRoot, 'list', query],
    queryFn: ({ signal }) =>
      apiData('vendor/orders', paginated(vendorOrderSchema), { query: query as Record<string, QueryValue>, signal }),
    placeholderData: keepPreviousData,
  });

export const useOrders = (query: VendorOrderListQuery) => useQuery(getOrdersQueryOptions(query));
