import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  deliveryPointsTakenBack,
  refundedPaymentStatus,
  refundLedgerAmount,
  returnedValue,
  returnRefund,
  withReturn,
} from './refund-rules';

const lines = [
  { id: 1, price: 1000, quantity: 2 },
  { id: 2, price: 500, quantity: 1 },
];
// subtotal 2500, coupon 300, points 200 (for 200 points), delivery 399
const order = {
  total: 2500 - 300 - 200 + 399,
  shippingCharge: 399,
  discount: 300,
  rewardDiscount: 200,
  rewardPointsUsed: 200,
};

describe('returnRefund', () => {
  it('gives back the paid price less the line share of the coupon and the points, in pence', () => {
    // line 1 carries 2000/2500 of each discount: 240 coupon, 160 points; one unit of two: half
    expect(returnRefund(order, lines, new Map(), { lineId: 1, quantity: 1 })).toEqual({ amount: 800, pointsBack: 80 });
    // line 2: 500 - 60 - 40 = 400, and 40 points
    expect(returnRefund(order, lines, new Map(), { lineId: 2, quantity: 1 })).toEqual({ amount: 400, pointsBack: 40 });
  });

  it('gives back the delivery with the return that brings the last unit back, and never more than the total', () => {
    const first = returnRefund(order, lines, new Map(), { lineId: 1, quantity: 2 });
    expect(first.amount).toBe(1600);
    const last = returnRefund(order, lines, new Map([[1, 2]]), { lineId: 2, quantity: 1 });
    expect(last.amount).toBe(400 + 399);
    expect(first.amount + last.amount).toBe(order.total);
    expect(first.pointsBack + last.pointsBack).toBe(200);
  });

  it('floors a unit and leaves the odd pence to the last unit of the line', () => {
    const odd = [{ id: 7, price: 333, quantity: 3 }];
    const o = { total: 999 - 100, shippingCharge: 0, discount: 100, rewardDiscount: 0, rewardPointsUsed: 0 };
    const a = returnRefund(o, odd, new Map(), { lineId: 7, quantity: 1 }).amount; // floor(899/3) = 299
    const b = returnRefund(o, odd, new Map([[7, 1]]), { lineId: 7, quantity: 1 }).amount; // 599 - 299
    const c = returnRefund(o, odd, new Map([[7, 2]]), { lineId: 7, quantity: 1 }).amount;
    expect([a, b, c]).toEqual([299, 300, 300]);
  });

  it('adds up to exactly the total, whatever order the units come back in (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ price: fc.integer({ min: 1, max: 5000 }), quantity: fc.integer({ min: 1, max: 4 }) }), {
          minLength: 1,
          maxLength: 4,
        }),
        fc.integer({ min: 0, max: 100 }),
        fc.integer({ min: 0, max: 100 }),
        fc.integer({ min: 0, max: 999 }),
        fc.integer({ min: 0, max: 1_000_000 }),
        (raw, couponPct, pointsPct, shipping, seed) => {
          const ls = raw.map((l, i) => ({ id: i + 1, ...l }));
          const subtotal = ls.reduce((s, l) => s + l.price * l.quantity, 0);
          const discount = Math.floor((subtotal * couponPct) / 200);
          const rewardDiscount = Math.floor(((subtotal - discount) * pointsPct) / 100);
          const o = {
            total: subtotal - discount - rewardDiscount + shipping,
            shippingCharge: shipping,
            discount,
            rewardDiscount,
            rewardPointsUsed: rewardDiscount,
          };
          const units = ls.flatMap((l) => Array.from({ length: l.quantity }, () => l.id));
          // a seeded shuffle of the units
          let s = seed;
          for (let i = units.length - 1; i > 0; i--) {
            s = (s * 1103515245 + 12345) % 2147483648;
            const j = s % (i + 1);
            [units[i], units[j]] = [units[j]!, units[i]!];
          }
          let before: Map<number, number> = new Map();
          let money = 0;
          let points = 0;
          for (const id of units) {
            const r = returnRefund(o, ls, before, { lineId: id, quantity: 1 });
            expect(r.amount).toBeGreaterThanOrEqual(0);
            money += r.amount;
            points += r.pointsBack;
            before = withReturn(before, id, 1);
          }
          expect(money).toBe(o.total);
          expect(points).toBe(o.rewardPointsUsed);
          expect(returnedValue(o, ls, before).money).toBe(o.total);
        },
      ),
    );
  });
});

describe('refundLedgerAmount', () => {
  const o = { total: 2000, commission: 180, platformDiscount: 200 };
  it('takes a card refund from the shop, gives back the commission on it and takes back the platform discount', () => {
    expect(refundLedgerAmount(o, { method: 'card', amount: 500 }, 0)).toBe(-500 + 45 - 50);
  });
  it('takes no money for cash (the shop pays it), only the commission and platform discount parts', () => {
    expect(refundLedgerAmount(o, { method: 'cash', amount: 500 }, 0)).toBe(45 - 50);
  });
  it('leaves the order at zero in the ledger once all of it went back', () => {
    const a = refundLedgerAmount(o, { method: 'card', amount: 777 }, 0);
    const b = refundLedgerAmount(o, { method: 'card', amount: 1223 }, 777);
    const sale = o.total + o.platformDiscount - o.commission;
    expect(sale + a + b).toBe(0);
  });
});

describe('deliveryPointsTakenBack', () => {
  it('takes back the delivery points in proportion to the goods money refunded, all of them at the end', () => {
    expect(deliveryPointsTakenBack(20, 2000, 0, 999)).toBe(9);
    expect(deliveryPointsTakenBack(20, 2000, 999, 1001)).toBe(11);
    expect(deliveryPointsTakenBack(20, 2000, 999, 5000)).toBe(11);
    expect(deliveryPointsTakenBack(0, 2000, 0, 500)).toBe(0);
  });
});

describe('refundedPaymentStatus', () => {
  it('is refunded for all the money, partially for some, unchanged for none', () => {
    expect(refundedPaymentStatus('paid', 1000, 1000)).toBe('refunded');
    expect(refundedPaymentStatus('paid', 1000, 1)).toBe('partially_refunded');
    expect(refundedPaymentStatus('paid', 1000, 0)).toBe('paid');
  });
});
