import { blogCategorySchema } from '@parade/core/content-schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiData } from '@/lib/api-client';

const blogCategoriesSchema = z.array(blogCategorySchema);

export const getBlogCategories = ({ signal }: { signal?: AbortSignal } = {}) =>
  apiData('blog/categories', { schema: blogCategoriesSchema, signal });

export const getBlogCategoriesQueryOptions = () =>
  queryOptions({ queryKey: ['blog', 'categories'], queryFn: getBlogCategories, staleTime: 5 * 60_000 });

export const useBlogCategories = () => useQuery(getBlogCategoriesQueryOptions());
