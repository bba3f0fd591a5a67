import { describe, expect, it } from 'vitest';
import { type CouponRule, evaluateCoupon } from './coupon';

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
