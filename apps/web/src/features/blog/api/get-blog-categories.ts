import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiData } from '@/lib/api-client';
import { lazySchema } from '@/lib/lazy-schema';

const blogCategoriesSchema = lazySchema(async () => {
  const [{ listOf }, { blogCategorySchema }] = await Promise.all([
    import('@parade/core/envelope'),
    import('@parade/core/content-schemas'),
  ]);
  return listOf(blogCategorySchema);
});

export const getBlogCategories = ({ signal }: { signal?: AbortSignal } = {}) =>
  apiData('blog/categories', { schema: blogCategoriesSchema, signal });

export const getBlogCategoriesQueryOptions = () =>
  queryOptions({ queryKey: ['blog', 'categories'], queryFn: getBlogCategories, staleTime: 5 * 60_000 });

export const useBlogCategories = () => useQuery(getBlogCategoriesQueryOptions());
