import { vendorShopPayloadSchema } from '@parade/core/vendor-schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiData } from '@/lib/api-client';

export const shopQueryKey = ['vendor', 'shop'] as const;

/** GET vendor/shop: the caller's shop (its name shows in the layout on every vendor screen). */
export const getShopQueryOptions = () =>
  queryOptions({
    queryKey: shopQueryKey,
    queryFn: ({ signal }) => apiData('vendor/shop', vendorShopPayloadSchema, { signal }).then((p) => p.shop),
  });

export const useShop = () => useQuery(getShopQueryOptions());
