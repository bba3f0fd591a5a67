import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiData } from '@/lib/api-client';
import { lazySchema } from '@/lib/lazy-schema';
import { type ProductListParams, productListApiQuery } from '@/lib/product-list-params';

const productListReply = lazySchema(() => import('@parade/core/catalog-schemas').then((m) => m.productListSchema));

/** A shop's product cards: the filters of /products, with a single category and brand. */
export const getShopProducts = (slug: string, params: ProductListParams, signal?: AbortSignal) =>
  apiData(`shop/${encodeURIComponent(slug)}/product`, {
    schema: productListReply,
    query: productListApiQuery({ ...params, shop: undefined }, { categoryAsList: false }),
    signal,
  });

export const getShopProductsQueryOptions = (slug: string, params: ProductListParams) =>
  queryOptions({
    queryKey: ['shops', 'products', slug, params],
    queryFn: ({ signal }) => getShopProducts(slug, params, signal),
    placeholderData: keepPreviousData,
  });

export const useShopProducts = (slug: string, params: ProductListParams) =>
  useQuery(getShopProductsQueryOptions(slug, params));
