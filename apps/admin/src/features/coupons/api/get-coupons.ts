import { platformCouponSchema } from '@parade/core/admin-schemas';
import { paginated } from '@parade/core/envelope';
import { type VendorCouponListQuery, vendorCouponSchema } from '@parade/core/vendor-schemas';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiData, type QueryValue } from '@/lib/api-client';
import type { Coupon, CouponOwner } from './coupon-owner';

export const couponsQueryRoot = (owner: CouponOwner) => [owner, 'coupons'] as const;

/** GET vendor/coupons or admin/coupons (?page&search&sort): the owner's coupons with their usage counts. */
export const getCouponsQueryOptions = (owner: CouponOwner, query: VendorCouponListQuery) =>
  queryOptions({
    queryKey: [...couponsQueryRoot(owner), query],
    queryFn: ({ signal }): Promise<{ data: Coupon[] } & Record<string, unknown>> =>
      owner === 'vendor'
        ? apiData('vendor/coupons', paginated(vendorCouponSchema), {
            query: query as Record<string, QueryValue>,
            signal,
          })
        : apiData('admin/coupons', paginated(platformCouponSchema), {
            query: query as Record<string, QueryValue>,
            signal,
          }),
    placeholderData: keepPreviousData,
  });

export const useCoupons = (owner: CouponOwner, query: VendorCouponListQuery) =>
  useQuery(getCouponsQueryOptions(owner, query));
