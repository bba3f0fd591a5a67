import type { VendorRef } from '@parade/core/catalog-dto';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiData } from '@/lib/api-client';

/** Every active shop, for menus and filters. */
export const getVendors = ({ signal }: { signal?: AbortSignal } = {}) => apiData<VendorRef[]>('vendor', { signal });

export const getVendorsQueryOptions = () =>
  queryOptions({ queryKey: ['shops', 'vendors'], queryFn: getVendors, staleTime: 5 * 60_000 });

export const useVendors = () => useQuery(getVendorsQueryOptions());
