import type { CustomerOfferStats } from '@parade/core/offer-schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiData } from '@/lib/api-client';
import { lazySchema } from '@/lib/lazy-schema';
import { useCurrentUserId } from '@/lib/session-store';
import { claimsQueryKey } from './get-claims';

const customerOfferStatsReply = lazySchema(() =>
  import('@parade/core/offer-schemas').then((m) => m.customerOfferStatsSchema),
);

export type { CustomerOfferStats };

export const getClaimStats = (signal?: AbortSignal) =>
  apiData('vendor-offers/user/stats', { signal, schema: customerOfferStatsReply });

export const getClaimStatsQueryOptions = (userId: number | null) =>
  queryOptions({
    queryKey: [...claimsQueryKey(userId), 'stats'],
    queryFn: ({ signal }) => getClaimStats(signal),
    enabled: userId !== null,
  });

/** GET vendor-offers/user/stats: spec section 3's customer stats (counts rise with each claim). */
export const useClaimStats = () => useQuery(getClaimStatsQueryOptions(useCurrentUserId()));
