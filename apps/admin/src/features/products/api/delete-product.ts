import { emptyPayloadSchema } from '@parade/core/envelope';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiData } from '@/lib/api-client';
import { productQueryKey } from './get-product';
import { productsQueryRoot } from './get-products';

/** DELETE vendor/products/{id}: the product and its variations (past orders keep their lines). */
export function useDeleteProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiData(`vendor/products/${id}`, emptyPayloadSchema, { method: 'DELETE' }),
    onSuccess: (_data, id) => {
      queryClient.removeQueries({ queryKey: productQueryKey(id) });
      void queryClient.invalidateQueries({ queryKey: [...productsQueryRoot, 'list'] });
    },
  });
}
