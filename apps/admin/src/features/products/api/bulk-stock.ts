import { type VendorBulkStock, vendorBulkStockPayloadSchema } from '@parade/core/vendor-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiData } from '@/lib/api-client';
import { productsQueryRoot } from './get-products';

/** POST vendor/products/bulk-stock: several variations' stock at once (all of them, or none). */
export function useBulkStock() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: VendorBulkStock) =>
      apiData('vendor/products/bulk-stock', vendorBulkStockPayloadSchema, { method: 'POST', body }).then(
        (p) => p.variations,
      ),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: productsQueryRoot });
      void queryClient.invalidateQueries({ queryKey: ['vendor', 'dashboard'] });
    },
  });
}
