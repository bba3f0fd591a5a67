import type { OrderStatus } from '@parade/core/enums';
import { type VendorOrderPayload, vendorOrderPayloadSchema } from '@parade/core/vendor-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiData } from '@/lib/api-client';
import { orderQueryKey } from './get-order';
import { ordersQueryRoot } from './get-orders';

function useOrderSaved() {
  const queryClient = useQueryClient();
  return (order: VendorOrderPayload['order']) => {
    queryClient.setQueryData(orderQueryKey(order.id), order);
    void queryClient.invalidateQueries({ queryKey: [...ordersQueryRoot, 'list'] });
    // Cancelling gives stock back; any change moves the dashboard's figures.
    void queryClient.invalidateQueries({ queryKey: ['vendor', 'dashboard'] });
    void queryClient.invalidateQueries({ queryKey: ['vendor', 'products'] });
  };
}

/** PATCH vendor/orders/{id}/status {status, note?}: only the contract's transitions; cancelled restores stock and points. */
export function useChangeOrderStatus(id: number) {
  return useMutation({
    mutationFn: (body: { status: OrderStatus; note?: string }) =>
      apiData(`vendor/orders/${id}/status`, vendorOrderPayloadSchema, { method: 'PATCH', body }).then((p) => p.order),
    onSuccess: useOrderSaved(),
  });
}

/** POST vendor/orders/{id}/mark-paid: a cash order's money was taken. */
export function useMarkOrderPaid(id: number) {
  return useMutation({
    mutationFn: () =>
      apiData(`vendor/orders/${id}/mark-paid`, vendorOrderPayloadSchema, { method: 'POST' }).then((p) => p.order),
    onSuccess: useOrderSaved(),
  });
}
