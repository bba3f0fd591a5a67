import { type StoreValidateCoupon, validateCouponResultSchema } from '@parade/core/cart-schemas';
import { useMutation } from '@tanstack/react-query';
import { apiData } from '@/lib/api-client';

export type ValidateCouponInput = StoreValidateCoupon;

export const validateCoupon = (input: ValidateCouponInput) =>
  apiData('user/order/validate-coupon', { method: 'POST', body: input, schema: validateCouponResultSchema }).then(
    (d) => d.coupon,
  );

export const useValidateCoupon = () => useMutation({ mutationFn: validateCoupon });
