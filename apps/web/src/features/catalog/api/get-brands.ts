import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiData } from '@/lib/api-client';
import { lazySchema } from '@/lib/lazy-schema';

const brandsSchema = lazySchema(async () => {
  const [{ listOf }, { brandSchema }] = await Promise.all([
    import('@parade/core/envelope'),
    import('@parade/core/catalog-schemas'),
  ]);
  return listOf(brandSchema);
});

export const getBrands = ({ signal }: { signal?: AbortSignal } = {}) =>
  apiData('brands', { schema: brandsSchema, signal });

export const getBrandsQueryOptions = () =>
  queryOptions({ queryKey: ['catalog', 'brands'], queryFn: getBrands, staleTime: 5 * 60_000 });

export const useBrands = () => useQuery(getBrandsQueryOptions());
