import { qrStatsSchema, vendorOfferStatsSchema } from '@parade/core/offer-schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiData } from '@/lib/api-client';

/** Offer and claim changes elsewhere invalidate everything under this key. */
export const offerStatsQueryRoot = ['vendor', 'offer-stats'] as const;

/** GET vendor-offers/vendor/claims/stats: spec section 3's vendor stats, over every offer of the shop. */
export const getShopOfferStatsQueryOptions = () =>
  queryOptions({
    queryKey: [...offerStatsQueryRoot, 'shop'],
    queryFn: ({ signal }) => apiData('vendor-offers/vendor/claims/stats', vendorOfferStatsSchema, { signal }),
  });

export const useShopOfferStats = () => useQuery(getShopOfferStatsQueryOptions());

/** GET vendor-offers/vendor/qr-code/stats: scans of the shop's QR code and the claims they led to. */
export const getQrStatsQueryOptions = () =>
  queryOptions({
    queryKey: [...offerStatsQueryRoot, 'qr'],
    queryFn: ({ signal }) => apiData('vendor-offers/vendor/qr-code/stats', qrStatsSchema, { signal }),
  });

export const useQrStats = () => useQuery(getQrStatsQueryOptions());
