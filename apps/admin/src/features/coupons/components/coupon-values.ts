import type { PlatformCouponCreate } from '@parade/core/admin-schemas';
import { toPence } from '@parade/core/money';
import { poundsFromPence } from '@/lib/format';
import type { Coupon, CouponOwner } from '../api/coupon-owner';

/** A coupon as its form holds it: pounds for money, local date-times as the inputs give them. */
export interface CouponValues {
  code: string;
  type: 'percent' | 'fixed';
  /** Whole percent, or pounds for a fixed coupon. */
  value: number | string;
  min_spend: number | string;
  starts_at: string;
  ends_at: string;
  usage_limit: number | string;
  per_user_limit: number | string;
  /** The products it applies to, as the picker holds them (ids as text); none = the whole shop. */
  product_ids: string[];
  /** A platform coupon's categories and sub-categories (ids as text). */
  category_ids: string[];
  sub_category_ids: string[];
}

export const emptyCoupon: CouponValues = {
  code: '',
  type: 'percent',
  value: 10,
  min_spend: '',
  starts_at: '',
  ends_at: '',
  usage_limit: '',
  per_user_limit: 1,
  product_ids: [],
  category_ids: [],
  sub_category_ids: [],
};

/** "2026-11-23T14:05:00Z" -> "2026-11-23T14:05" in the browser's zone, as <input type="datetime-local"> wants. */
function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

export const couponValues = (coupon: Coupon): CouponValues => ({
  code: coupon.code,
  type: coupon.type,
  value: coupon.type === 'fixed' ? poundsFromPence(coupon.value) : coupon.value,
  min_spend: coupon.min_spend ? poundsFromPence(coupon.min_spend) : '',
  starts_at: toLocalInput(coupon.starts_at),
  ends_at: toLocalInput(coupon.ends_at),
  usage_limit: coupon.usage_limit ?? '',
  per_user_limit: coupon.per_user_limit ?? '',
  product_ids: coupon.product_ids.map(String),
  category_ids: 'category_ids' in coupon ? coupon.category_ids.map(String) : [],
  sub_category_ids: 'sub_category_ids' in coupon ? coupon.sub_category_ids.map(String) : [],
});

const num = (value: number | string): number | null =>
  value === '' || Number.isNaN(Number(value)) ? null : Number(value);

/** What the API takes: pence, ISO times, null for "no limit"; categories only for the platform's coupons. */
export function couponToWire(values: CouponValues, owner: CouponOwner = 'vendor'): PlatformCouponCreate {
  const value = num(values.value);
  return {
    code: values.code,
    type: values.type,
    value: value === null ? (undefined as unknown as number) : values.type === 'fixed' ? toPence(value) : value,
    min_spend: num(values.min_spend) === null ? 0 : toPence(num(values.min_spend) ?? 0),
    starts_at: values.starts_at ? new Date(values.starts_at).toISOString() : null,
    ends_at: values.ends_at ? new Date(values.ends_at).toISOString() : null,
    usage_limit: num(values.usage_limit),
    per_user_limit: num(values.per_user_limit),
    product_ids: values.product_ids.map(Number),
    ...(owner === 'admin'
      ? { category_ids: values.category_ids.map(Number), sub_category_ids: values.sub_category_ids.map(Number) }
      : {}),
  };
}
