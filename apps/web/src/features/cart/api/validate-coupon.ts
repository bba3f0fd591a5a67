import type { ShopCoupon } from '@parade/core/cart';
import { useMutation } from '@tanstack/react-query';
import { apiData } from '@/lib/api-client';

export interface ValidateCouponInput {
  shop_id: number;
  code: string;
  items: { variation_id: number; quantity: number }[];
}

export const validateCoupon = (input: ValidateCouponInput) =>
  apiData<{ coupon: ShopCoupon }>('user/order/validate-coupon', { method: 'POST', body: input }).then((d) => d.coupon);

export const useValidateCoupon = () => useMutation({ mutationFn: validateCoupon });
