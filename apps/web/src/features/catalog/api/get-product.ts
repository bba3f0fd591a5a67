import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiData } from '@/lib/api-client';
import { lazySchema } from '@/lib/lazy-schema';

const productPageReply = lazySchema(() => import('@parade/core/catalog-schemas').then((m) => m.productPageSchema));

export interface ProductAddress {
  vendor: string;
  product: string;
  variation: string;
}

export const getProduct = ({ vendor, product, variation }: ProductAddress, signal?: AbortSignal) =>
  apiData(`product/${encodeURIComponent(vendor)}/${encodeURIComponent(product)}/${encodeURIComponent(variation)}`, {
    schema: productPageReply,
    signal,
  });

export const getProductQueryOptions = (address: ProductAddress) =>
  queryOptions({
    queryKey: ['catalog', 'product', address.vendor, address.product, address.variation],
    queryFn: ({ signal }) => getProduct(address, signal),
  });

export const useProduct = (address: ProductAddress) => useQuery(getProductQueryOptions(address));
