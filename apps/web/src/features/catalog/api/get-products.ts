import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiData } from '@/lib/api-client';
import { lazySchema } from '@/lib/lazy-schema';
import { type ProductListParams, productListApiQuery, withSearchAsAsked } from '@/lib/product-list-params';

const productListReply = lazySchema(() => import('@parade/core/catalog-schemas').then((m) => m.productListSchema));

export const getProducts = (params: ProductListParams, signal?: AbortSignal) =>
  apiData('products', {
    schema: productListReply,
    query: productListApiQuery(params, { categoryAsList: true }),
    signal,
  });

export const getProductsQueryOptions = (params: ProductListParams) => {
  // GET /products refuses a search too short to run or too long (422): list without a short one
  // (the page says so), by the first SEARCH_MAX_LENGTH characters of a long one.
  const asked = withSearchAsAsked(params);
  return queryOptions({
    queryKey: ['catalog', 'products', asked],
    queryFn: ({ signal }) => getProducts(asked, signal),
    // The old page stays on screen while the next filter's results load.
    placeholderData: keepPreviousData,
  });
};

export const useProducts = (params: ProductListParams) => useQuery(getProductsQueryOptions(params));
