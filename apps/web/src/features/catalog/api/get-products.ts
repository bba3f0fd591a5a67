import { productListSchema } from '@parade/core/catalog-schemas';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiData } from '@/lib/api-client';
import { type ProductListParams, productListApiQuery, withoutShortSearch } from '@/lib/product-list-params';

export const getProducts = (params: ProductListParams, signal?: AbortSignal) =>
  apiData('products', {
    schema: productListSchema,
    query: productListApiQuery(params, { categoryAsList: true }),
    signal,
  });

export const getProductsQueryOptions = (params: ProductListParams) => {
  // GET /products refuses a search too short to run (422): list without it (the page says so).
  const asked = withoutShortSearch(params);
  return queryOptions({
    queryKey: ['catalog', 'products', asked],
    queryFn: ({ signal }) => getProducts(asked, signal),
    // The old page stays on screen while the next filter's results load.
    placeholderData: keepPreviousData,
  });
};

export const useProducts = (params: ProductListParams) => useQuery(getProductsQueryOptions(params));
