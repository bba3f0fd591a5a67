import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiData } from '@/lib/api-client';
import { lazySchema } from '@/lib/lazy-schema';

const pagesSchema = lazySchema(async () => {
  const [{ listOf }, { pageContentSchema }] = await Promise.all([
    import('@parade/core/envelope'),
    import('@parade/core/content-schemas'),
  ]);
  return listOf(pageContentSchema);
});

/** Every static page (privacy policy, terms, contact...) with its settings by section. */
export const getPages = ({ signal }: { signal?: AbortSignal } = {}) =>
  apiData('pages', { schema: pagesSchema, signal });

export const getPagesQueryOptions = () =>
  queryOptions({ queryKey: ['content', 'pages'], queryFn: getPages, staleTime: 5 * 60_000 });

export const usePages = () => useQuery(getPagesQueryOptions());

/** One page by slug from the same cached list. */
export const usePage = (slug: string) =>
  useQuery({ ...getPagesQueryOptions(), select: (pages) => pages.find((page) => page.slug === slug) ?? null });
