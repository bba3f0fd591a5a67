import { shopSchema } from '@parade/core/shop-schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiData } from '@/lib/api-client';

export const getShop = (slug: string, signal?: AbortSignal) =>
  apiData(`shop/${encodeURIComponent(slug)}`, { schema: shopSchema, signal });

export const getShopQueryOptions = (slug: string) =>
  queryOptions({ queryKey: ['shops', 'shop', slug], queryFn: ({ signal }) => getShop(slug, signal) });

export const useShop = (slug: string) => useQuery(getShopQueryOptions(slug));
