import type { CategoryNode } from '@parade/core/catalog-dto';
import { categoryNodeSchema } from '@parade/core/catalog-schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiData } from '@/lib/api-client';

const categoriesSchema = z.array(categoryNodeSchema);

export type Category = CategoryNode;

export const getCategories = ({ signal }: { signal?: AbortSignal } = {}) =>
  apiData('categories', { schema: categoriesSchema, signal });

export const getCategoriesQueryOptions = () =>
  queryOptions({ queryKey: ['catalog', 'categories'], queryFn: getCategories, staleTime: 5 * 60_000 });

export const useCategories = () => useQuery(getCategoriesQueryOptions());
