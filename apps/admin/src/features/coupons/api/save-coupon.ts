import { type PlatformCouponCreate, platformCouponPayloadSchema } from '@parade/core/admin-schemas';
import { emptyPayloadSchema } from '@parade/core/envelope';
import { vendorCouponPayloadSchema } from '@parade/core/vendor-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiData } from '@/lib/api-client';
import { type Coupon, type CouponOwner, couponsPath } from './coupon-owner';
import { couponsQueryRoot } from './get-coupons';

function useInvalidate(owner: CouponOwner) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: couponsQueryRoot(owner) });
}

/** POST, or PUT {id} (only the fields sent change), on the owner's coupons; a shop's body never names categories. */
export function useSaveCoupon(owner: CouponOwner) {
  return useMutation({
    mutationFn: async ({ id, body }: { id: number | null; body: PlatformCouponCreate }): Promise<Coupon> => {
      const path = id === null ? couponsPath(owner) : `${couponsPath(owner)}/${id}`;
      const init = { method: id === null ? 'POST' : 'PUT', body } as const;
      return owner === 'vendor'
        ? (await apiData(path, vendorCouponPayloadSchema, init)).coupon
        : (await apiData(path, platformCouponPayloadSchema, init)).coupon;
    },
    onSuccess: useInvalidate(owner),
  });
}

/** DELETE {id}: past orders keep its code. */
export function useDeleteCoupon(owner: CouponOwner) {
  return useMutation({
    mutationFn: (id: number) => apiData(`${couponsPath(owner)}/${id}`, emptyPayloadSchema, { method: 'DELETE' }),
    onSuccess: useInvalidate(owner),
  });
}
