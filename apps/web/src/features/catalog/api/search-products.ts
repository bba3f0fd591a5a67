import { SEARCH_MIN_LENGTH } from '@parade/core/catalog';
import type { SearchHit } from '@parade/core/catalog-dto';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiData } from '@/lib/api-client';

/** POST /search: up to 10 variations, best match first. */
export const searchProducts = (search: string, signal?: AbortSignal) =>
  apiData<SearchHit[]>('search', { method: 'POST', body: { search }, signal });

export const searchProductsQueryOptions = (search: string) =>
  queryOptions({
    queryKey: ['catalog', 'search', search],
    // Reading `signal` lets TanStack Query abort a request whose text the shopper has moved past.
    queryFn: ({ signal }) => searchProducts(search, signal),
    enabled: search.length >= SEARCH_MIN_LENGTH,
    staleTime: 60_000,
  });

export const useSearchProducts = (search: string) => useQuery(searchProductsQueryOptions(search));
