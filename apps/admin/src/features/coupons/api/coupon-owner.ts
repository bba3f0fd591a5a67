import type { PlatformCoupon } from '@parade/core/admin-schemas';
import type { VendorCoupon } from '@parade/core/vendor-schemas';

/**
 * Whose coupons a page manages: the signed-in vendor's shop (`/api/vendor/coupons`) or the
 * platform's (`/api/admin/coupons`, decision 026: good at any shop, paid for by Parade).
 */
export type CouponOwner = 'vendor' | 'admin';

/** A shop coupon, or a platform coupon with the categories it may name. */
export type Coupon = VendorCoupon | PlatformCoupon;

export const couponsPath = (owner: CouponOwner) => (owner === 'vendor' ? 'vendor/coupons' : 'admin/coupons');
