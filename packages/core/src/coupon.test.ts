import { describe, expect, it } from 'vitest';
import { type CouponRule, couponLineDiscounts, evaluateCoupon } from './coupon';

const now = new Date('2026-11-22T12:00:00Z');
const base: CouponRule = {
  type: 'percent',
  value: 10,
  minSpend: 0,
  productIds: [],
  startsAt: new Date('2026-11-01T00:00:00Z'),
  endsAt: new Date('2026-12-31T00:00:00Z'),
  usageLimit: null,
  timesUsed: 0,
  perUserLimit: null,
};
const lines = [
  { productId: 1, price: 450, quantity: 2 },
  { productId: 2, price: 125, quantity: 1 },
];
const ctx = { now, usesByThisUser: 0 };

describe('evaluateCoupon', () => {
  it('takes a percentage of the whole shop when no products are named', () => {
    expect(evaluateCoupon(base, lines, ctx)).toEqual({ ok: true, discount: 103, eligibleSubtotal: 1025 });
  });

  it('applies to the named products only', () => {
    expect(evaluateCoupon({ ...base, productIds: [2] }, lines, ctx)).toMatchObject({ ok: true, discount: 13 });
  });

  it('never discounts more than the matching lines cost', () => {
    expect(evaluateCoupon({ ...base, type: 'fixed', value: 5000, productIds: [2] }, lines, ctx)).toMatchObject({
      ok: true,
      discount: 125,
    });
  });

  it('refuses before it starts and after it ends', () => {
    expect(evaluateCoupon({ ...base, startsAt: new Date('2026-12-01') }, lines, ctx)).toMatchObject({
      ok: false,
      reason: 'not_started',
      // The same words as an unknown code, so guessing cannot find upcoming coupons.
      message: 'This coupon code is not valid for this shop.',
    });
    expect(evaluateCoupon({ ...base, endsAt: new Date('2026-11-21') }, lines, ctx)).toMatchObject({
      ok: false,
      reason: 'expired',
      message: 'This coupon has expired.',
    });
  });

  it('refuses below the minimum spend with the amount in pounds', () => {
    expect(evaluateCoupon({ ...base, minSpend: 2000 }, lines, ctx)).toEqual({
      ok: false,
      reason: 'min_spend',
      message: 'Spend at least £20.00 at this shop to use this coupon.',
    });
  });

  it('applies to lines of the named categories or sub-categories, or of the named products', () => {
    const categorised = [
      { productId: 1, categoryId: 7, subCategoryId: 70, price: 450, quantity: 2 },
      { productId: 2, categoryId: 8, subCategoryId: 80, price: 125, quantity: 1 },
      { productId: 3, categoryId: null, subCategoryId: null, price: 1000, quantity: 1 },
    ];
    expect(evaluateCoupon({ ...base, categoryIds: [8] }, categorised, ctx)).toMatchObject({ eligibleSubtotal: 125 });
    expect(evaluateCoupon({ ...base, subCategoryIds: [70] }, categorised, ctx)).toMatchObject({
      eligibleSubtotal: 900,
    });
    // Either list matching is enough; a line is counted once.
    expect(
      evaluateCoupon({ ...base, productIds: [1, 3], categoryIds: [7], subCategoryIds: [70] }, categorised, ctx),
    ).toMatchObject({ eligibleSubtotal: 1900 });
    // Ids of one kind never match the other: sub-category 8 is not category 8.
    expect(evaluateCoupon({ ...base, subCategoryIds: [8] }, categorised, ctx)).toMatchObject({
      reason: 'no_matching_items',
    });
  });

  it('refuses when no line matches the named products', () => {
    expect(evaluateCoupon({ ...base, productIds: [99] }, lines, ctx)).toMatchObject({ reason: 'no_matching_items' });
  });

  it('refuses when used up overall or by this shopper', () => {
    expect(evaluateCoupon({ ...base, usageLimit: 5, timesUsed: 5 }, lines, ctx)).toMatchObject({
      reason: 'usage_exhausted',
    });
    expect(evaluateCoupon({ ...base, perUserLimit: 1 }, lines, { now, usesByThisUser: 1 })).toMatchObject({
      reason: 'per_user_exhausted',
    });
  });
});

describe('couponLineDiscounts', () => {
  it('gives each covered line its part of the discount by price x quantity, the others none', () => {
    expect(couponLineDiscounts({ productIds: [2] }, lines, 13)).toEqual([0, 13]);
    const three = [...lines, { productId: 3, price: 300, quantity: 1 }];
    // 103 over 900 and 300 (product 2 not covered): the parts add up exactly.
    expect(couponLineDiscounts({ productIds: [1, 3] }, three, 103)).toEqual([77, 0, 26]);
    expect(couponLineDiscounts({ productIds: [] }, lines, 103)).toEqual([90, 13]);
    expect(couponLineDiscounts({ productIds: [99] }, lines, 0)).toEqual([0, 0]);
  });
});
