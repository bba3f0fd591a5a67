import { paginated } from '@parade/core/envelope';
import {
  type AdminOrderListQuery,
  adminDashboardSchema,
  vendorOrderPayloadSchema,
  vendorOrderSchema,
} from '@parade/core/vendor-schemas';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiData, type QueryValue } from '@/lib/api-client';

export const platformOrdersQueryRoot = ['admin', 'orders'] as const;

/** GET admin/orders?status&shop&payment_status&date_from&date_to&search&page&sort: every shop's orders. */
const platformOrdersQueryOptions = (query: AdminOrderListQuery) =>
  queryOptions({
    queryKey: [...platformOrdersQueryRoot, 'list', query],
    queryFn: ({ signal }) =>
      apiData('admin/orders', paginated(vendorOrderSchema), { query: query as Record<string, QueryValue>, signal }),
    placeholderData: keepPreviousData,
  });
export const usePlatformOrders = (query: AdminOrderListQuery) => useQuery(platformOrdersQueryOptions(query));

/** GET admin/orders/{id}: one order of any shop, with its history. */
const platformOrderQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [...platformOrdersQueryRoot, 'detail', id],
    queryFn: ({ signal }) => apiData(`admin/orders/${id}`, vendorOrderPayloadSchema, { signal }).then((p) => p.order),
  });
export const usePlatformOrder = (id: number) => useQuery(platformOrderQueryOptions(id));

/** GET admin/dashboard: the marketplace's orders and sales. */
const platformDashboardQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'dashboard'],
    queryFn: ({ signal }) => apiData('admin/dashboard', adminDashboardSchema, { signal }),
  });
export const usePlatformDashboard = () => useQuery(platformDashboardQueryOptions());
