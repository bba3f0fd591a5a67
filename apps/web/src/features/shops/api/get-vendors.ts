import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiData } from '@/lib/api-client';
import { lazySchema } from '@/lib/lazy-schema';

const vendorsSchema = lazySchema(async () => {
  const [{ listOf }, { vendorRefSchema }] = await Promise.all([
    import('@parade/core/envelope'),
    import('@parade/core/shop-schemas'),
  ]);
  return listOf(vendorRefSchema);
});

/** Every active shop, for menus and filters. */
export const getVendors = ({ signal }: { signal?: AbortSignal } = {}) =>
  apiData('vendor', { schema: vendorsSchema, signal });

export const getVendorsQueryOptions = () =>
  queryOptions({ queryKey: ['shops', 'vendors'], queryFn: getVendors, staleTime: 5 * 60_000 });

export const useVendors = () => useQuery(getVendorsQueryOptions());
