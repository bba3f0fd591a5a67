import { qrInfoSchema, qrStatsSchema } from '@parade/core/offer-schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiData } from '@/lib/api-client';

export const qrInfoQueryKey = ['vendor', 'qr-code', 'info'] as const;
export const qrStatsQueryKey = ['vendor', 'qr-code', 'stats'] as const;

/** GET vendor-offers/vendor/qr-code/info: the shop's live code (every field null before the first one is made). */
export const getQrInfoQueryOptions = () =>
  queryOptions({
    queryKey: qrInfoQueryKey,
    queryFn: ({ signal }) => apiData('vendor-offers/vendor/qr-code/info', qrInfoSchema, { signal }),
  });

export const useQrInfo = () => useQuery(getQrInfoQueryOptions());

/** GET vendor-offers/vendor/qr-code/stats: scans, claims made from a scan, and their ratio. */
export const useQrStats = () =>
  useQuery({
    queryKey: qrStatsQueryKey,
    queryFn: ({ signal }) => apiData('vendor-offers/vendor/qr-code/stats', qrStatsSchema, { signal }),
  });
