import { dealSchema } from '@parade/core/content-schemas';
import { paginated } from '@parade/core/envelope';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiData } from '@/lib/api-client';

const dealsPageSchema = paginated(dealSchema);

/** Platform-wide deals (UBM Deals). */
export const getUbmOffers = (page: number, signal?: AbortSignal) =>
  apiData('ubm-offers', { schema: dealsPageSchema, query: { page: page > 1 ? page : undefined }, signal });

export const getUbmOffersQueryOptions = (page: number) =>
  queryOptions({
    queryKey: ['content', 'ubm-offers', page],
    queryFn: ({ signal }) => getUbmOffers(page, signal),
    placeholderData: keepPreviousData,
  });

export const useUbmOffers = (page: number) => useQuery(getUbmOffersQueryOptions(page));
