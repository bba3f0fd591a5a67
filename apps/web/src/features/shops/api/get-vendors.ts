import type { VendorRef } from '@parade/core/shop-schemas';
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

/** The API lists shops newest first (as every list); a menu or a filter shows them by name. */
const byName = (shops: VendorRef[]) => [...shops].sort((a, b) => a.name.localeCompare(b.name, 'en-GB'));

export const getVendorsQueryOptions = () =>
  queryOptions({ queryKey: ['shops', 'vendors'], queryFn: getVendors, staleTime: 5 * 60_000, select: byName });

export const useVendors = () => useQuery(getVendorsQueryOptions());
