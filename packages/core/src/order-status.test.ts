import { describe, expect, it } from 'vitest';
import {
  allowedNextStatuses,
  awaitsCardPayment,
  canChangeOrderStatus,
  orderStatusMail,
  pointsEarnedOnDelivery,
  trackingSteps,
} from './order-status';

describe('order status transitions', () => {
  it('follow pending -> processing -> ready|shipping -> delivered, or cancelled before delivery', () => {
    expect(canChangeOrderStatus('pending', 'processing', 'collection')).toBe(true);
    expect(canChangeOrderStatus('processing', 'ready', 'collection')).toBe(true);
    expect(canChangeOrderStatus('processing', 'shipping', 'delivery')).toBe(true);
    expect(canChangeOrderStatus('shipping', 'delivered', 'delivery')).toBe(true);
    expect(canChangeOrderStatus('ready', 'cancelled', 'collection')).toBe(true);
    expect(canChangeOrderStatus('pending', 'delivered', 'delivery')).toBe(false);
    expect(canChangeOrderStatus('delivered', 'cancelled', 'collection')).toBe(false);
    expect(canChangeOrderStatus('cancelled', 'pending', 'delivery')).toBe(false);
    expect(allowedNextStatuses('delivered', 'collection')).toEqual([]);
  });

  it('puts a collection order through ready and a delivery order through shipping, never the other way', () => {
    expect(allowedNextStatuses('processing', 'collection')).toEqual(['ready', 'cancelled']);
    expect(allowedNextStatuses('processing', 'delivery')).toEqual(['shipping', 'cancelled']);
    expect(canChangeOrderStatus('processing', 'shipping', 'collection')).toBe(false);
    expect(canChangeOrderStatus('processing', 'ready', 'delivery')).toBe(false);
  });

  it('tracks collection through ready and delivery through shipping', () => {
    expect(trackingSteps('collection')).toEqual(['pending', 'processing', 'ready', 'delivered']);
    expect(trackingSteps('delivery')).toEqual(['pending', 'processing', 'shipping', 'delivered']);
  });
});

describe('points earned on delivery', () => {
  it('are whole pounds of the total without the delivery charge, times points_per_pound', () => {
    expect(pointsEarnedOnDelivery({ total: 2599, shipping_charge: 1000 }, 1)).toBe(15);
    expect(pointsEarnedOnDelivery({ total: 2599, shipping_charge: 0 }, 2)).toBe(50);
    expect(pointsEarnedOnDelivery({ total: 99, shipping_charge: 0 }, 5)).toBe(0);
    expect(pointsEarnedOnDelivery({ total: 500, shipping_charge: 1000 }, 1)).toBe(0);
  });
});

describe('the status mail', () => {
  const facts = {
    shopName: 'Rise & Crumb',
    customerName: 'Priya Shah',
    invoiceNumber: 'INV-2026-000123',
    orderType: 'delivery' as const,
    collectionPoint: null,
    lines: [
      { quantity: 2, fullName: 'Sourdough loaf 800g' },
      { quantity: 1, fullName: 'Rye bread 500g' },
    ],
    trackUrl: 'https://parade.example/profile/track?order=7',
    note: null,
  };

  it('names the shop and the new status in words in the subject', () => {
    expect(orderStatusMail(facts, 'shipping').subject).toBe(
      'Rise & Crumb: your order INV-2026-000123 is out for delivery',
    );
    expect(orderStatusMail({ ...facts, orderType: 'collection' }, 'ready').subject).toBe(
      'Rise & Crumb: your order INV-2026-000123 is ready for collection',
    );
    expect(orderStatusMail(facts, 'processing').subject).toContain('is being prepared');
    expect(orderStatusMail(facts, 'delivered').subject).toContain('is delivered');
    expect(orderStatusMail(facts, 'cancelled').subject).toContain('is cancelled');
  });

  it("lists the lines, ends with the tracking link and the shop's name, and carries the shop's note", () => {
    const { text } = orderStatusMail({ ...facts, note: 'Sorry, the oven broke.' }, 'cancelled');
    expect(text).toContain('  2 x Sourdough loaf 800g\n  1 x Rye bread 500g');
    expect(text).toContain('A note from us: Sorry, the oven broke.');
    expect(text).toContain('Follow your order: https://parade.example/profile/track?order=7');
    expect(text.trimEnd().endsWith('Rise & Crumb, on Parade')).toBe(true);
  });

  it('says where to collect a collection order that is ready', () => {
    const { text } = orderStatusMail(
      { ...facts, orderType: 'collection', collectionPoint: 'Jubilee Parade, Commercial Street' },
      'ready',
    );
    expect(text).toContain('Collect it from Jubilee Parade, Commercial Street.');
  });
});

describe('an order awaiting its card payment', () => {
  it('is unpaid or failed by card, not cash and not paid', () => {
    expect(awaitsCardPayment({ payment_method: 'card', payment_status: 'unpaid' })).toBe(true);
    expect(awaitsCardPayment({ payment_method: 'card', payment_status: 'failed' })).toBe(true);
    expect(awaitsCardPayment({ payment_method: 'card', payment_status: 'paid' })).toBe(false);
    expect(awaitsCardPayment({ payment_method: 'card', payment_status: 'refunded' })).toBe(false);
    expect(awaitsCardPayment({ payment_method: 'cash', payment_status: 'unpaid' })).toBe(false);
  });

  it('can only be cancelled', () => {
    expect(allowedNextStatuses('pending', 'collection', { awaitingCardPayment: true })).toEqual(['cancelled']);
    expect(allowedNextStatuses('processing', 'delivery', { awaitingCardPayment: true })).toEqual(['cancelled']);
    expect(allowedNextStatuses('pending', 'collection')).toEqual(['processing', 'cancelled']);
  });
});
