import { adminShopPayloadSchema, type ShopStatus } from '@parade/core/admin-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiData } from '@/lib/api-client';
import { shopsQueryRoot } from './get-shops';

/** PATCH admin/shops/{id} {status}: a suspended shop is hidden from the storefront and refused at checkout. */
export function useSetShopStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: number; status: ShopStatus }) =>
      apiData(`admin/shops/${id}`, adminShopPayloadSchema, { method: 'PATCH', body: { status } }).then((p) => p.shop),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: shopsQueryRoot }),
  });
}
