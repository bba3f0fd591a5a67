import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiData } from '@/lib/api-client';
import { lazySchema } from '@/lib/lazy-schema';

const dealsPageSchema = lazySchema(async () => {
  const [{ paginated }, { dealSchema }] = await Promise.all([
    import('@parade/core/envelope'),
    import('@parade/core/content-schemas'),
  ]);
  return paginated(dealSchema);
});

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
