import { paginated } from '@parade/core/envelope';
import { type VendorCouponListQuery, vendorCouponSchema } from '@parade/core/vendor-schemas';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiData, type QueryValue } from '@/lib/api-client';

export const couponsQueryRoot = ['vendor', 'coupons'] as const;

/** GET vendor/coupons?page&search&sort: the shop's coupons with their usage counts. */
export const getCouponsQueryOptions = (query: VendorCouponListQuery) =>
  queryOptions({
    queryKey: [...couponsQueryRoot, query],
    queryFn: ({ signal }) =>
      apiData('vendor/coupons', paginated(vendorCouponSchema), { query: query as Record<string, QueryValue>, signal }),
    placeholderData: keepPreviousData,
  });

export const useCoupons = (query: VendorCouponListQuery) => useQuery(getCouponsQueryOptions(query));
