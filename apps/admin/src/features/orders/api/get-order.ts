import { vendorOrderPayloadSchema } from '@parade/core/vendor-schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiData } from '@/lib/api-client';
import { ordersQueryRoot } from './get-orders';

export const orderQueryKey = (id: number) => [...ordersQueryRoot, 'detail', id] as const;

/** GET vendor/orders/{id}: one order of the shop with its lines, customer and history. */
export const getOrderQueryOptions = (id: number) =>
  queryOptions({
    queryKey: orderQueryKey(id),
    queryFn: ({ signal }) => apiData(`vendor/orders/${id}`, vendorOrderPayloadSchema, { signal }).then((p) => p.order),
  });

export const useOrder = (id: number) => useQuery(getOrderQueryOptions(id));
