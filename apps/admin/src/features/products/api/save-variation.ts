import { emptyPayloadSchema } from '@parade/core/envelope';
import {
  type VendorVariationCreate,
  type VendorVariationUpdate,
  vendorImagesPayloadSchema,
  vendorVariationPayloadSchema,
} from '@parade/core/vendor-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiData } from '@/lib/api-client';
import { productQueryKey } from './get-product';
import { productsQueryRoot } from './get-products';

/** A variation changed: its product is read again (names, listing, thumbnail follow from it). */
export function useVariationSaved(productId: number) {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: productQueryKey(productId) });
    void queryClient.invalidateQueries({ queryKey: [...productsQueryRoot, 'list'] });
    void queryClient.invalidateQueries({ queryKey: ['vendor', 'dashboard'] });
  };
}

/** POST vendor/products/{id}/variations. */
export function useCreateVariation(productId: number) {
  return useMutation({
    mutationFn: (body: VendorVariationCreate) =>
      apiData(`vendor/products/${productId}/variations`, vendorVariationPayloadSchema, { method: 'POST', body }).then(
        (p) => p.variation,
      ),
    onSuccess: useVariationSaved(productId),
  });
}

/** PUT vendor/variations/{id}: only the fields sent (`images` reorders or drops existing pictures). */
export function useUpdateVariation(productId: number) {
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: VendorVariationUpdate }) =>
      apiData(`vendor/variations/${id}`, vendorVariationPayloadSchema, { method: 'PUT', body }).then(
        (p) => p.variation,
      ),
    onSuccess: useVariationSaved(productId),
  });
}

/** DELETE vendor/variations/{id}. */
export function useDeleteVariation(productId: number) {
  return useMutation({
    mutationFn: (id: number) => apiData(`vendor/variations/${id}`, emptyPayloadSchema, { method: 'DELETE' }),
    onSuccess: useVariationSaved(productId),
  });
}

/** POST vendor/products/{id}/images (multipart): new pictures for one variation; the server checks their content. */
export function useUploadImages(productId: number) {
  return useMutation({
    mutationFn: ({ variationId, files }: { variationId: number; files: File[] }) => {
      const body = new FormData();
      body.append('variation_id', String(variationId));
      for (const file of files) body.append('images', file);
      return apiData(`vendor/products/${productId}/images`, vendorImagesPayloadSchema, { method: 'POST', body });
    },
    onSuccess: useVariationSaved(productId),
  });
}
