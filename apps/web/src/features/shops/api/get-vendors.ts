import { vendorRefSchema } from '@parade/core/shop-schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiData } from '@/lib/api-client';

const vendorsSchema = z.array(vendorRefSchema);

/** Every active shop, for menus and filters. */
export const getVendors = ({ signal }: { signal?: AbortSignal } = {}) =>
  apiData('vendor', { schema: vendorsSchema, signal });

export const getVendorsQueryOptions = () =>
  queryOptions({ queryKey: ['shops', 'vendors'], queryFn: getVendors, staleTime: 5 * 60_000 });

export const useVendors = () => useQuery(getVendorsQueryOptions());
