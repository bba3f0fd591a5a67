import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiData } from '@/lib/api-client';
import { lazySchema } from '@/lib/lazy-schema';

const blogCategoriesSchema = lazySchema(async () => {
  const [{ z }, { blogCategorySchema }] = await Promise.all([import('zod'), import('@parade/core/content-schemas')]);
  return z.array(blogCategorySchema);
});

export const getBlogCategories = ({ signal }: { signal?: AbortSignal } = {}) =>
  apiData('blog/categories', { schema: blogCategoriesSchema, signal });

export const getBlogCategoriesQueryOptions = () =>
  queryOptions({ queryKey: ['blog', 'categories'], queryFn: getBlogCategories, staleTime: 5 * 60_000 });

export const useBlogCategories = () => useQuery(getBlogCategoriesQueryOptions());
