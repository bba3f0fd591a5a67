import type { Brand } from '@parade/core/catalog-dto';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiData } from '@/lib/api-client';

export const getBrands = ({ signal }: { signal?: AbortSignal } = {}) => apiData<Brand[]>('brands', { signal });

export const getBrandsQueryOptions = () =>
  queryOptions({ queryKey: ['catalog', 'brands'], queryFn: getBrands, staleTime: 5 * 60_000 });

export const useBrands = () => useQuery(getBrandsQueryOptions());
