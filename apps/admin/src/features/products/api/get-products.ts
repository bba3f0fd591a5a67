import { paginated } from '@parade/core/envelope';
import { type VendorProductListQuery, vendorProductSchema } from '@parade/core/vendor-schemas';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiData, type QueryValue } from '@/lib/api-client';

export const productsQueryRoot = ['vendor', 'products'] as const;

/** GET vendor/products?page&per_page&search&sort&status: one page of the shop's products. */
export const getProductsQueryOptions = (query: VendorProductListQuery) =>
  queryOptions({
    queryKey: [...productsQueryRoot, 'list', query],
    queryFn: ({ signal }) =>
      apiData('vendor/products', paginated(vendorProductSchema), {
        query: query as Record<string, QueryValue>,
        signal,
      }),
    // The old page stays on screen (dimmed by the table's loader) while the next one loads.
    placeholderData: keepPreviousData,
  });

export const useProducts = (query: VendorProductListQuery, options: { enabled?: boolean } = {}) =>
  useQuery({ ...getProductsQueryOptions(query), enabled: options.enabled ?? true });
