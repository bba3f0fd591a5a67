import type { OrderRefund } from '@parade/core/refund-schemas';
import { vendorOrderPayloadSchema } from '@parade/core/vendor-schemas';
import { useQuery } from '@tanstack/react-query';
import { apiData } from '@/lib/api-client';
import { orderQueryKey } from './get-order';

/**
 * The order's refunds (the `refunds` of GET vendor/orders/{id}, or of admin/orders/{id} for the
 * platform admin; docs/decisions/030), oldest first.
 */
export const useOrderRefunds = (id: number, area: 'vendor' | 'admin' = 'vendor') =>
  useQuery<OrderRefund[]>({
    queryKey: [...orderQueryKey(id), 'refunds', area],
    queryFn: ({ signal }) =>
      apiData(`${area}/orders/${id}`, vendorOrderPayloadSchema, { signal }).then((p): OrderRefund[] => p.refunds ?? []),
  });
