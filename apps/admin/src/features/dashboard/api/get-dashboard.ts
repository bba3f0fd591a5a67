import { vendorDashboardSchema } from '@parade/core/vendor-schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiData } from '@/lib/api-client';

/** GET vendor/dashboard: today's figures, waiting orders, low stock and 30 days of sales. */
export const getDashboardQueryOptions = () =>
  queryOptions({
    queryKey: ['vendor', 'dashboard'],
    queryFn: ({ signal }) => apiData('vendor/dashboard', vendorDashboardSchema, { signal }),
  });

export const useDashboard = () => useQuery(getDashboardQueryOptions());
