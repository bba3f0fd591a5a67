import type { OrderRefund } from '@parade/core/refund-schemas';
import { vendorOrderPayloadSchema } from '@parade/core/vendor-schemas';
import { useQuery } from '@tanstack/react-query';
import { apiData } from '@/lib/api-client';
import { orderQueryKey } from './get-order';

/** The order's refunds (GET vendor/orders/{id}'s `refunds`, docs/decisions/030), oldest first. */
export const useOrderRefunds = (id: number) =>
  useQuery<OrderRefund[]>({
    queryKey: [...orderQueryKey(id), 'refunds'],
    queryFn: ({ signal }) =>
      apiData(`vendor/orders/${id}`, vendorOrderPayloadSchema, { signal }).then((p): OrderRefund[] => p.refunds ?? []),
  });
