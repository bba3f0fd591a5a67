import {
  type VendorProduct,
  type VendorProductCreate,
  type VendorProductUpdate,
  vendorProductPayloadSchema,
} from '@parade/core/vendor-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiData } from '@/lib/api-client';
import { productQueryKey } from './get-product';
import { productsQueryRoot } from './get-products';

/** After any product write: the list and the dashboard's low stock may have changed. */
function useProductSaved() {
  const queryClient = useQueryClient();
  return (product: VendorProduct) => {
    queryClient.setQueryData(productQueryKey(product.id), product);
    void queryClient.invalidateQueries({ queryKey: [...productsQueryRoot, 'list'] });
    void queryClient.invalidateQueries({ queryKey: ['vendor', 'dashboard'] });
  };
}

/** POST vendor/products: a product with its first variations. */
export function useCreateProduct() {
  const saved = useProductSaved();
  return useMutation({
    mutationFn: (body: VendorProductCreate) =>
      apiData('vendor/products', vendorProductPayloadSchema, { method: 'POST', body }).then((p) => p.product),
    onSuccess: saved,
  });
}

/** PUT vendor/products/{id}: only the fields sent change. */
export function useUpdateProduct(id: number) {
  const saved = useProductSaved();
  return useMutation({
    mutationFn: (body: VendorProductUpdate) =>
      apiData(`vendor/products/${id}`, vendorProductPayloadSchema, { method: 'PUT', body }).then((p) => p.product),
    onSuccess: saved,
  });
}

/** POST vendor/products/{id}/publish or /unpublish: the storefront lists or hides it on the next request. */
export function usePublishProduct() {
  const saved = useProductSaved();
  return useMutation({
    mutationFn: ({ id, publish }: { id: number; publish: boolean }) =>
      apiData(`vendor/products/${id}/${publish ? 'publish' : 'unpublish'}`, vendorProductPayloadSchema, {
        method: 'POST',
      }).then((p) => p.product),
    onSuccess: saved,
  });
}
