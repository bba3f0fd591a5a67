import { vendorShopPayloadSchema } from '@parade/core/vendor-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiData } from '@/lib/api-client';
import { shopQueryKey } from './get-shop';

/** POST vendor/shop/logo or /banner (multipart, field `image`): the server checks it by content, size and pixels. */
export function useUploadShopImage(kind: 'logo' | 'banner') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const body = new FormData();
      body.append('image', file);
      return apiData(`vendor/shop/${kind}`, vendorShopPayloadSchema, { method: 'POST', body }).then((p) => p.shop);
    },
    onSuccess: (shop) => queryClient.setQueryData(shopQueryKey, shop),
  });
}
