import { categoryNodeSchema } from '@parade/core/catalog-schemas';
import { STANDARD_VAT_RATE } from '@parade/core/vat';
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

/**
 * The VAT rate a new variation of a product in this category gets unless its merchant picks
 * another (the API's rule): the category's, the standard rate without one; undefined until the
 * categories are loaded.
 */
export function useCategoryVatRate(categoryId: number | string | null): number | undefined {
  const categories = useCategories();
  if (categoryId === null || categoryId === '') return STANDARD_VAT_RATE;
  return categories.data?.find((category) => String(category.id) === String(categoryId))?.vat_rate;
}
