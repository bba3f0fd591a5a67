import type { CategoryNode } from '@parade/core/catalog-dto';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiData } from '@/lib/api-client';

export type Category = CategoryNode;

export const getCategories = ({ signal }: { signal?: AbortSignal } = {}) =>
  apiData<Category[]>('categories', { signal });

export const getCategoriesQueryOptions = () =>
  queryOptions({ queryKey: ['catalog', 'categories'], queryFn: getCategories, staleTime: 5 * 60_000 });

export const useCategories = () => useQuery(getCategoriesQueryOptions());
