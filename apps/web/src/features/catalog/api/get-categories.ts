import type { CategoryNode } from '@parade/core/catalog-dto';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiData } from '@/lib/api-client';
import { lazySchema } from '@/lib/lazy-schema';

const categoriesSchema = lazySchema(async () => {
  const [{ listOf }, { categoryNodeSchema }] = await Promise.all([
    import('@parade/core/envelope'),
    import('@parade/core/catalog-schemas'),
  ]);
  return listOf(categoryNodeSchema);
});

export type Category = CategoryNode;

export const getCategories = ({ signal }: { signal?: AbortSignal } = {}) =>
  apiData('categories', { schema: categoriesSchema, signal });

export const getCategoriesQueryOptions = () =>
  queryOptions({ queryKey: ['catalog', 'categories'], queryFn: getCategories, staleTime: 5 * 60_000 });

export const useCategories = () => useQuery(getCategoriesQueryOptions());
