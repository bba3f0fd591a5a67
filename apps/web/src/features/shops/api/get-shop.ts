import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiData } from '@/lib/api-client';
import { lazySchema } from '@/lib/lazy-schema';

const shopReply = lazySchema(() => import('@parade/core/shop-schemas').then((m) => m.shopSchema));

export const getShop = (slug: string, signal?: AbortSignal) =>
  apiData(`shop/${encodeURIComponent(slug)}`, { schema: shopReply, signal });

export const getShopQueryOptions = (slug: string) =>
  queryOptions({ queryKey: ['shops', 'shop', slug], queryFn: ({ signal }) => getShop(slug, signal) });

export const useShop = (slug: string) => useQuery(getShopQueryOptions(slug));
