/**
 * Coupon rules (api-contract.md, "Coupons"): a coupon belongs to one shop, applies to that
 * shop's matching lines only (all of them when it names no product or category), and is checked
 * for dates, minimum spend and usage limits. A platform coupon (no shop, made by the admin) is
 * checked by the same rules against the lines of whichever shop it is applied to
 * (docs/decisions/026). Pure, so the API's validate-coupon and checkout agree.
 */
import type { CouponType } from './enums';
import type { ErrorCode } from './error-codes';
import { formatMoney, type MoneyFormat } from './money';
import { allocate } from './money-rules';

export interface CouponRule {
  type: CouponType;
  /** Percent (1-100) or pence. */
  value: number;
  /** Pence, against the shop's subtotal. */
  minSpend: number;
  productIds: number[];
  /** Lines whose product is in one of these categories or sub-categories match too. */
  categoryIds?: number[];
  subCategoryIds?: number[];
  startsAt: Date | null;
  endsAt: Date | null;
  usageLimit: number | null;
  timesUsed: number;
  perUserLimit: number | null;
}

export interface CouponLine {
  productId: number;
  /** The product's category and sub-category (for coupons that name categories). */
  categoryId?: number | null;
  subCategoryId?: number | null;
  /** Unit price in pence. */
  price: number;
  quantity: number;
}

export type CouponRefusal =
  | 'not_started'
  | 'expired'
  | 'usage_exhausted'
  | 'per_user_exhausted'
  | 'no_matching_items'
  | 'min_spend';

/** The failure envelope's `code` for each refusal; a coupon not started yet reads as unknown. */
export const couponRefusalCodes = {
  not_started: 'coupon_not_found',
  expired: 'coupon_expired',
  usage_exhausted: 'coupon_used_up',
  per_user_exhausted: 'coupon_user_limit_reached',
  no_matching_items: 'coupon_not_applicable',
  min_spend: 'coupon_min_spend',
} as const satisfies Record<CouponRefusal, ErrorCode>;

export type CouponCheck =
  | { ok: true; discount: number; eligibleSubtotal: number }
  | { ok: false; reason: CouponRefusal; message: string };

export const couponMessages = {
  notFound: 'This coupon code is not valid for this shop.',
  expired: 'This coupon has expired.',
  usageExhausted: 'This coupon has reached its usage limit.',
  perUserExhausted: 'You have already used this coupon as many times as allowed.',
  noMatchingItems: 'This coupon does not apply to the items in your cart.',
  minSpend: (amount: string) => `Spend at least ${amount} at this shop to use this coupon.`,
} as const;

/** Whether the coupon applies to the line: it names the product, its category or sub-category, or names nothing. */
export function couponMatchesLine(
  coupon: Pick<CouponRule, 'productIds' | 'categoryIds' | 'subCategoryIds'>,
  line: CouponLine,
): boolean {
  const categories = coupon.categoryIds ?? [];
  const subCategories = coupon.subCategoryIds ?? [];
  if (coupon.productIds.length === 0 && categories.length === 0 && subCategories.length === 0) return true;
  return (
    coupon.productIds.includes(line.productId) ||
    (line.categoryId != null && categories.includes(line.categoryId)) ||
    (line.subCategoryId != null && subCategories.includes(line.subCategoryId))
  );
}

export function evaluateCoupon(
  coupon: CouponRule,
  shopLines: CouponLine[],
  context: { now: Date; usesByThisUser: number; money?: MoneyFormat },
): CouponCheck {
  const refuse = (reason: CouponRefusal, message: string): CouponCheck => ({ ok: false, reason, message });
  // A coupon not started yet reads as unknown: guessing codes must not reveal upcoming ones.
  if (coupon.startsAt && context.now < coupon.startsAt) return refuse('not_started', couponMessages.notFound);
  if (coupon.endsAt && context.now > coupon.endsAt) return refuse('expired', couponMessages.expired);
  if (coupon.usageLimit !== null && coupon.timesUsed >= coupon.usageLimit) {
    return refuse('usage_exhausted', couponMessages.usageExhausted);
  }
  if (coupon.perUserLimit !== null && context.usesByThisUser >= coupon.perUserLimit) {
    return refuse('per_user_exhausted', couponMessages.perUserExhausted);
  }

  const shopSubtotal = shopLines.reduce((sum, line) => sum + line.price * line.quantity, 0);
  const eligible = shopLines.filter((line) => couponMatchesLine(coupon, line));
  const eligibleSubtotal = eligible.reduce((sum, line) => sum + line.price * line.quantity, 0);
  if (eligibleSubtotal === 0) return refuse('no_matching_items', couponMessages.noMatchingItems);
  if (shopSubtotal < coupon.minSpend) {
    return refuse('min_spend', couponMessages.minSpend(formatMoney(coupon.minSpend, context.money)));
  }

  const raw = coupon.type === 'percent' ? Math.round((eligibleSubtotal * coupon.value) / 100) : coupon.value;
  return { ok: true, discount: Math.min(raw, eligibleSubtotal), eligibleSubtotal };
}

/**
 * Each line's part of a coupon's `discount` (pence), in the order of `lines`: the lines the coupon
 * applies to share it in proportion to price x quantity (the parts add up exactly), the others
 * get none. Kept on the order line (`discount`), so a returned line gives back what was paid for
 * it: a line the coupon did not cover was paid in full (docs/decisions/030).
 */
export function couponLineDiscounts(
  coupon: Pick<CouponRule, 'productIds' | 'categoryIds' | 'subCategoryIds'>,
  lines: CouponLine[],
  discount: number,
): number[] {
  const weights = lines.map((line) => (couponMatchesLine(coupon, line) ? line.price * line.quantity : 0));
  if (discount <= 0 || weights.every((weight) => weight === 0)) return lines.map(() => 0);
  return allocate(discount, weights);
}
