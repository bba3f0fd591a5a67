import {
  type VendorReturnAcceptBody,
  type VendorReturnRejectBody,
  vendorReturnPayloadSchema,
} from '@parade/core/return-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiData } from '@/lib/api-client';
import { returnsQueryRoot } from './get-returns';

/** Any decision changes the list; an item received puts stock back, which the products and dashboard show, and refunds it (the order and the balance change). */
function useInvalidate() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: returnsQueryRoot });
    void queryClient.invalidateQueries({ queryKey: ['vendor', 'products'] });
    void queryClient.invalidateQueries({ queryKey: ['vendor', 'dashboard'] });
    void queryClient.invalidateQueries({ queryKey: ['vendor', 'orders'] });
    void queryClient.invalidateQueries({ queryKey: ['vendor', 'money'] });
  };
}

const post = (path: string, body?: object) =>
  apiData(path, vendorReturnPayloadSchema, { method: 'POST', body }).then((p) => p.return);

/** POST vendor/returns/{id}/accept {note?}: the customer is mailed the note. */
export function useAcceptReturn() {
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: VendorReturnAcceptBody }) =>
      post(`vendor/returns/${id}/accept`, body),
    onSuccess: useInvalidate(),
  });
}

/** POST vendor/returns/{id}/reject {note}: the note (required) is mailed to the customer. */
export function useRejectReturn() {
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: VendorReturnRejectBody }) =>
      post(`vendor/returns/${id}/reject`, body),
    onSuccess: useInvalidate(),
  });
}

/** POST vendor/returns/{id}/received: the item came back; its stock is restored once. */
export function useReceiveReturn() {
  return useMutation({
    mutationFn: (id: number) => post(`vendor/returns/${id}/received`),
    onSuccess: useInvalidate(),
  });
}

/** POST vendor/returns/{id}/refund-paid: the shop paid the owed cash refund back; settled once. */
export function useSettleReturnRefund() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => post(`vendor/returns/${id}/refund-paid`),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: returnsQueryRoot });
      void queryClient.invalidateQueries({ queryKey: ['vendor', 'orders'] });
    },
  });
}
