import { paginated } from '@parade/core/envelope';
import { shopCardSchema } from '@parade/core/shop-schemas';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiData } from '@/lib/api-client';

const shopsPageSchema = paginated(shopCardSchema);

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
