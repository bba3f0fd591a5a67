import { categoryNodeSchema } from '@parade/core/catalog-schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiData } from '@/lib/api-client';

/** GET categories (the storefront's public tree): categories, their sub-categories and those brands. */
export const getCategoriesQueryOptions = () =>
  queryOptions({
    queryKey: ['catalog', 'categories'],
    queryFn: ({ signal }) => apiData('categories', z.array(categoryNodeSchema), { signal }),
    staleTime: 10 * 60_000,
  });

export const useCategories = () => useQuery(getCategoriesQueryOptions());
