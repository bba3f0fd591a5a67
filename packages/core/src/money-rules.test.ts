import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  allocate,
  commissionFor,
  lineVat,
  saleEntries,
  shareDeliveryCharge,
  vatBreakdown,
  vatIncluded,
} from './money-rules';

describe('commissionFor', () => {
  it('takes the rate of subtotal - discount, half up, never below zero', () => {
    expect(commissionFor({ subtotal: 1000, discount: 0 }, 10)).toBe(100);
    expect(commissionFor({ subtotal: 1005, discount: 0 }, 10)).toBe(101); // 100.5 -> 101
    expect(commissionFor({ subtotal: 1004, discount: 0 }, 10)).toBe(100); // 100.4 -> 100
    expect(commissionFor({ subtotal: 1000, discount: 250 }, 12)).toBe(90);
    expect(commissionFor({ subtotal: 500, discount: 900 }, 10)).toBe(0);
    expect(commissionFor({ subtotal: 999, discount: 0 }, 0)).toBe(0);
    expect(commissionFor({ subtotal: 999, discount: 0 }, 100)).toBe(999);
  });
});

describe('allocate', () => {
  it('splits to the penny in proportion, the remainder to the largest fractions', () => {
    expect(allocate(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(allocate(10, [300, 100])).toEqual([8, 2]);
    expect(allocate(7, [0, 0])).toEqual([4, 3]);
    expect(allocate(0, [5, 5])).toEqual([0, 0]);
  });

  it('always adds up to the amount, never gives a negative part', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.array(fc.integer({ min: 0, max: 100_000 }), { minLength: 1, maxLength: 12 }),
        (amount, weights) => {
          const parts = allocate(amount, weights);
          expect(parts.reduce((a, b) => a + b, 0)).toBe(amount);
          expect(parts.every((part) => part >= 0)).toBe(true);
        },
      ),
    );
  });
});

describe('shareDeliveryCharge', () => {
  it('gives equal parts to the orders with a physical line, the odd pence to the first', () => {
    expect(shareDeliveryCharge(1000, [true, true, true])).toEqual([334, 333, 333]);
    expect(shareDeliveryCharge(1000, [false, true, true])).toEqual([0, 500, 500]);
    expect(shareDeliveryCharge(1000, [true])).toEqual([1000]);
    expect(shareDeliveryCharge(1000, [false, false])).toEqual([0, 0]);
  });
});

describe('VAT', () => {
  it('finds the VAT inside an inclusive price, half up', () => {
    expect(vatIncluded(120, 20)).toBe(20);
    expect(vatIncluded(100, 20)).toBe(17); // 16.67
    expect(vatIncluded(105, 5)).toBe(5);
    expect(vatIncluded(999, 0)).toBe(0);
    expect(vatIncluded(3, 20)).toBe(1); // 0.5 -> 1
  });

  it("takes the shop's discounts off and adds the delivery in proportion, then VAT per line", () => {
    const lines = [
      { total: 600, vatRate: 0 },
      { total: 400, vatRate: 20 },
    ];
    const vat = lineVat(lines, { shopFundedDiscount: 100, shippingCharge: 500 });
    expect(vat).toEqual([
      { charged: 600 - 60 + 300, vat: 0 },
      { charged: 400 - 40 + 200, vat: 93 }, // 560 x 20/120 = 93.33
    ]);
    // A coupon for the zero-rated line only lowers that line: the standard-rated line's VAT is
    // on its full price (spreading the coupon would have taken 40p off it and 7p off the VAT).
    expect(
      lineVat(
        [
          { total: 600, vatRate: 0, couponDiscount: 100 },
          { total: 400, vatRate: 20, couponDiscount: 0 },
        ],
        { shopFundedDiscount: 100, shippingCharge: 0 },
      ),
    ).toEqual([
      { charged: 500, vat: 0 },
      { charged: 400, vat: 67 }, // 400 x 20/120 = 66.67
    ]);
    // Reward points (not per line) are shared over what the lines cost after their coupon parts.
    expect(
      lineVat(
        [
          { total: 600, vatRate: 0, couponDiscount: 200 },
          { total: 400, vatRate: 20 },
        ],
        { shopFundedDiscount: 200 + 80, shippingCharge: 0 },
      ),
    ).toEqual([
      { charged: 600 - 200 - 40, vat: 0 },
      { charged: 400 - 40, vat: 60 },
    ]);
    expect(
      vatBreakdown([
        { vat_rate: 0, vat: 0 },
        { vat_rate: 20, vat: 93 },
        { vat_rate: 20, vat: 7 },
        { vat_rate: null, vat: null },
      ]),
    ).toEqual([
      { rate: 0, vat: 0 },
      { rate: 20, vat: 100 },
    ]);
  });
});

describe('saleEntries', () => {
  const order = {
    status: 'delivered',
    paymentStatus: 'paid',
    paymentMethod: 'card' as const,
    total: 2000,
    commission: 180,
    platformDiscount: 0,
  };

  it('credits a paid, delivered card order and debits its commission', () => {
    expect(saleEntries(order)).toEqual([
      { kind: 'sale', amount: 2000 },
      { kind: 'commission', amount: -180 },
    ]);
    expect(saleEntries({ ...order, platformDiscount: 200 })[0]).toEqual({ kind: 'sale', amount: 2200 });
  });

  it('debits only the commission of a cash order, whose shop holds the cash', () => {
    expect(saleEntries({ ...order, paymentMethod: 'cash', paymentStatus: 'unpaid' })).toEqual([
      { kind: 'commission', amount: -180 },
    ]);
    expect(saleEntries({ ...order, paymentMethod: 'cash', platformDiscount: 150 })).toEqual([
      { kind: 'sale', amount: 150 },
      { kind: 'commission', amount: -180 },
    ]);
  });

  it('writes nothing before delivery, or for an unpaid card order', () => {
    expect(saleEntries({ ...order, status: 'ready' })).toEqual([]);
    expect(saleEntries({ ...order, paymentStatus: 'unpaid' })).toEqual([]);
    expect(saleEntries({ ...order, status: 'cancelled' })).toEqual([]);
  });
});
