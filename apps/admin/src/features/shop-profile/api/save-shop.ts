import { type VendorShopUpdate, vendorShopPayloadSchema } from '@parade/core/vendor-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiData } from '@/lib/api-client';
import { shopQueryKey } from './get-shop';

/** PUT vendor/shop: only the fields sent change; holiday mode stops new orders at once. */
export function useSaveShop() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: VendorShopUpdate) =>
      apiData('vendor/shop', vendorShopPayloadSchema, { method: 'PUT', body }).then((p) => p.shop),
    onSuccess: (shop) => queryClient.setQueryData(shopQueryKey, shop),
  });
}
