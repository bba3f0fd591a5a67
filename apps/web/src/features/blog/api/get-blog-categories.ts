import type { BlogCategory } from '@parade/core/catalog-dto';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiData } from '@/lib/api-client';

export const getBlogCategories = ({ signal }: { signal?: AbortSignal } = {}) =>
  apiData<BlogCategory[]>('blog/categories', { signal });

export const getBlogCategoriesQueryOptions = () =>
  queryOptions({ queryKey: ['blog', 'categories'], queryFn: getBlogCategories, staleTime: 5 * 60_000 });

export const useBlogCategories = () => useQuery(getBlogCategoriesQueryOptions());
