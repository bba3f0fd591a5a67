import { offerStatsSchema } from '@parade/core/offer-schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiData } from '@/lib/api-client';

/** GET vendor-offers/vendor/offers/{id}/stats: the claims of one offer, by status, with its totals. */
export const getOfferStatsQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['vendor', 'offer-stats', 'offer', id],
    queryFn: ({ signal }) => apiData(`vendor-offers/vendor/offers/${id}/stats`, offerStatsSchema, { signal }),
  });

export const useOfferStats = (id: number | null) =>
  useQuery({ ...getOfferStatsQueryOptions(id ?? 0), enabled: id !== null });
