import type { StoreValidateCoupon } from '@parade/core/cart-schemas';
import { useMutation } from '@tanstack/react-query';
import { apiData } from '@/lib/api-client';
import { lazySchema } from '@/lib/lazy-schema';

const validateCouponResultReply = lazySchema(() =>
  import('@parade/core/cart-schemas').then((m) => m.validateCouponResultSchema),
);

export type ValidateCouponInput = StoreValidateCoupon;

export const validateCoupon = (input: ValidateCouponInput) =>
  apiData('user/order/validate-coupon', { method: 'POST', body: input, schema: validateCouponResultReply }).then(
    (d) => d.coupon,
  );

export const useValidateCoupon = () => useMutation({ mutationFn: validateCoupon });
