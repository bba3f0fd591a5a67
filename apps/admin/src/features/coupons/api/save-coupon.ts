import { emptyPayloadSchema } from '@parade/core/envelope';
import { type VendorCouponCreate, vendorCouponPayloadSchema } from '@parade/core/vendor-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiData } from '@/lib/api-client';
import { couponsQueryRoot } from './get-coupons';

function useInvalidate() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: couponsQueryRoot });
}

/** POST vendor/coupons, or PUT vendor/coupons/{id} (only the fields sent change). */
export function useSaveCoupon() {
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: VendorCouponCreate }) =>
      apiData(id === null ? 'vendor/coupons' : `vendor/coupons/${id}`, vendorCouponPayloadSchema, {
        method: id === null ? 'POST' : 'PUT',
        body,
      }).then((p) => p.coupon),
    onSuccess: useInvalidate(),
  });
}

/** DELETE vendor/coupons/{id}: past orders keep its code. */
export function useDeleteCoupon() {
  return useMutation({
    mutationFn: (id: number) => apiData(`vendor/coupons/${id}`, emptyPayloadSchema, { method: 'DELETE' }),
    onSuccess: useInvalidate(),
  });
}
