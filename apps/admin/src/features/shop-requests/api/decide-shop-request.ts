import {
  type AdminShopRequestReject,
  adminShopRequestAcceptPayloadSchema,
  adminShopRequestPayloadSchema,
} from '@parade/core/admin-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiData } from '@/lib/api-client';
import { shopRequestsQueryRoot } from './get-shop-requests';

/** Accepting makes a shop: the shops list changes too. */
function useInvalidate() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: shopRequestsQueryRoot });
    void queryClient.invalidateQueries({ queryKey: ['admin', 'shops'] });
    void queryClient.invalidateQueries({ queryKey: ['admin', 'users'] });
  };
}

/** POST admin/shop-requests/{id}/accept: creates the shop, makes the requester its vendor, mails them. */
export function useAcceptShopRequest() {
  return useMutation({
    mutationFn: (id: number) =>
      apiData(`admin/shop-requests/${id}/accept`, adminShopRequestAcceptPayloadSchema, { method: 'POST' }),
    onSuccess: useInvalidate(),
  });
}

/** POST admin/shop-requests/{id}/reject {reason}: the reason is mailed to the requester. */
export function useRejectShopRequest() {
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: AdminShopRequestReject }) =>
      apiData(`admin/shop-requests/${id}/reject`, adminShopRequestPayloadSchema, { method: 'POST', body }).then(
        (p) => p.request,
      ),
    onSuccess: useInvalidate(),
  });
}
