import { describe, expect, it } from 'vitest';
import { cashPaymentNotice } from './digital-files';

describe('what a cash checkout says about paying and downloads', () => {
  const book = { type: 'Digital' };
  const loaf = { type: 'Physical' };

  it('asks for cash on receipt or collection when nothing is digital', () => {
    expect(cashPaymentNotice([loaf], 'delivery')).toEqual(['Pay the shop in cash when you receive your order.']);
    expect(cashPaymentNotice([loaf], 'collection')).toEqual(['Pay the shop in cash when you collect your order.']);
  });

  it('says a download unlocks when the shop marks the order paid, with nothing to receive for downloads alone', () => {
    const [pay, unlock] = cashPaymentNotice([book], 'delivery');
    expect(pay).toBe('Pay the shop in cash as you arrange with it.');
    expect(unlock).toMatch(/unlocks as soon as the shop marks your order paid/);
    expect(cashPaymentNotice([loaf, book], 'collection')).toEqual([
      'Pay the shop in cash when you collect your order.',
      unlock,
    ]);
  });
});
