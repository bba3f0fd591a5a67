import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiData } from '@/lib/api-client';
import { lazySchema } from '@/lib/lazy-schema';

const shopsPageSchema = lazySchema(async () => {
  const [{ paginated }, { shopCardSchema }] = await Promise.all([
    import('@parade/core/envelope'),
    import('@parade/core/shop-schemas'),
  ]);
  return paginated(shopCardSchema);
});

export interface ShopListParams {
  search?: string;
  page: number;
}

export const getShops = ({ search, page }: ShopListParams, signal?: AbortSignal) =>
  apiData('shops', { schema: shopsPageSchema, query: { search, page: page > 1 ? page : undefined }, signal });

export const getShopsQueryOptions = (params: ShopListParams) =>
  queryOptions({
    queryKey: ['shops', 'list', params],
    queryFn: ({ signal }) => getShops(params, signal),
    placeholderData: keepPreviousData,
  });

export const useShops = (params: ShopListParams) => useQuery(getShopsQueryOptions(params));
