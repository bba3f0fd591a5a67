import { SEARCH_MIN_LENGTH } from '@parade/core/catalog';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiData } from '@/lib/api-client';
import { lazySchema } from '@/lib/lazy-schema';

const searchHitsSchema = lazySchema(async () => {
  const [{ listOf }, { searchHitSchema }] = await Promise.all([
    import('@parade/core/envelope'),
    import('@parade/core/search-schemas'),
  ]);
  return listOf(searchHitSchema);
});

/** POST /search: up to 10 variations, best match first. */
export const searchProducts = (search: string, signal?: AbortSignal) =>
  apiData('search', { schema: searchHitsSchema, method: 'POST', body: { search }, signal });

export const searchProductsQueryOptions = (search: string) =>
  queryOptions({
    queryKey: ['catalog', 'search', search],
    // Reading `signal` lets TanStack Query abort a request whose text the shopper has moved past.
    queryFn: ({ signal }) => searchProducts(search, signal),
    enabled: search.length >= SEARCH_MIN_LENGTH,
    staleTime: 60_000,
  });

export const useSearchProducts = (search: string) => useQuery(searchProductsQueryOptions(search));
