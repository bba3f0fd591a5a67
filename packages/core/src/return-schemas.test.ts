import { describe, expect, it } from 'vitest';
import {
  createReturnBodySchema,
  RETURN_WINDOW_DAYS_DEFAULT,
  returnableQuantity,
  returnBlockFor,
  returnWindowDays,
  returnWindowEnd,
  vendorReturnRejectBodySchema,
} from './return-schemas';

describe('the return window', () => {
  it('reads the setting as whole days, 14 when missing or unreadable, at most 365', () => {
    expect(returnWindowDays(undefined)).toBe(RETURN_WINDOW_DAYS_DEFAULT);
    expect(returnWindowDays('')).toBe(14);
    expect(returnWindowDays('thirty')).toBe(14);
    expect(returnWindowDays('-3')).toBe(14);
    expect(returnWindowDays('2.5')).toBe(14);
    expect(returnWindowDays(' 30 ')).toBe(30);
    expect(returnWindowDays('0')).toBe(0);
    expect(returnWindowDays('9999')).toBe(365);
  });

  it('closes whole days after the moment of delivery', () => {
    const delivered = new Date('2026-03-01T10:00:00Z');
    expect(returnWindowEnd(delivered, 14).toISOString()).toBe('2026-03-15T10:00:00.000Z');
    const open = { status: 'delivered', deliveredAt: delivered };
    expect(returnBlockFor(open, 14, new Date('2026-03-15T09:59:59Z'))).toBeNull();
    expect(returnBlockFor(open, 14, new Date('2026-03-15T10:00:00Z'))).toBe('window_closed');
    expect(returnBlockFor(open, 0, delivered)).toBe('window_closed');
    expect(returnBlockFor({ status: 'shipping', deliveredAt: null }, 14, delivered)).toBe('not_delivered');
    expect(returnBlockFor({ status: 'delivered', deliveredAt: null }, 14, delivered)).toBe('not_delivered');
  });
});

describe('returnableQuantity', () => {
  it('takes off pending and accepted returns, not rejected ones, never below 0', () => {
    expect(returnableQuantity(3, [])).toBe(3);
    expect(
      returnableQuantity(5, [
        { quantity: 1, status: 'pending' },
        { quantity: 2, status: 'accepted' },
        { quantity: 2, status: 'rejected' },
      ]),
    ).toBe(2);
    expect(returnableQuantity(1, [{ quantity: 3, status: 'pending' }])).toBe(0);
  });
});

describe('return bodies', () => {
  it('need a whole quantity of at least 1 and a reason; a rejection needs a note', () => {
    expect(createReturnBodySchema.safeParse({ order_item_id: 1, quantity: 1, reason: 'Broken' }).success).toBe(true);
    expect(createReturnBodySchema.safeParse({ order_item_id: 1, quantity: 0, reason: 'Broken' }).success).toBe(false);
    expect(createReturnBodySchema.safeParse({ order_item_id: 1, quantity: 1.5, reason: 'Broken' }).success).toBe(false);
    expect(createReturnBodySchema.safeParse({ order_item_id: 1, quantity: 1, reason: '  ' }).success).toBe(false);
    expect(vendorReturnRejectBodySchema.safeParse({ note: ' ' }).success).toBe(false);
    expect(vendorReturnRejectBodySchema.safeParse({ note: 'Worn' }).success).toBe(true);
  });
});
