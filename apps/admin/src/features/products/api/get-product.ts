import { vendorProductPayloadSchema } from '@parade/core/vendor-schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiData } from '@/lib/api-client';
import { productsQueryRoot } from './get-products';

export const productQueryKey = (id: number) => [...productsQueryRoot, 'detail', id] as const;

/** GET vendor/products/{id}: the product with every variation, active or not. */
export const getProductQueryOptions = (id: number) =>
  queryOptions({
    queryKey: productQueryKey(id),
    queryFn: ({ signal }) =>
      apiData(`vendor/products/${id}`, vendorProductPayloadSchema, { signal }).then((p) => p.product),
  });

export const useProduct = (id: number) => useQuery(getProductQueryOptions(id));
