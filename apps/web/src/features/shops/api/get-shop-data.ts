import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiData } from '@/lib/api-client';
import { lazySchema } from '@/lib/lazy-schema';

const shopDataReply = lazySchema(() => import('@parade/core/shop-schemas').then((m) => m.shopDataSchema));

/** A shop's categories, brands, price range and product count. */
export const getShopData = (slug: string, signal?: AbortSignal) =>
  apiData(`shop/${encodeURIComponent(slug)}/data`, { schema: shopDataReply, signal });

export const getShopDataQueryOptions = (slug: string) =>
  queryOptions({ queryKey: ['shops', 'data', slug], queryFn: ({ signal }) => getShopData(slug, signal) });

export const useShopData = (slug: string) => useQuery(getShopDataQueryOptions(slug));
