import { brandSchema } from '@parade/core/catalog-schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiData } from '@/lib/api-client';

const brandsSchema = z.array(brandSchema);

export const getBrands = ({ signal }: { signal?: AbortSignal } = {}) =>
  apiData('brands', { schema: brandsSchema, signal });

export const getBrandsQueryOptions = () =>
  queryOptions({ queryKey: ['catalog', 'brands'], queryFn: getBrands, staleTime: 5 * 60_000 });

export const useBrands = () => useQuery(getBrandsQueryOptions());
