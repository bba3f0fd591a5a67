import { describe, expect, it } from 'vitest';
import { allowedNextStatuses, canChangeOrderStatus, pointsEarnedOnDelivery, trackingSteps } from './order-status';

describe('order status transitions', () => {
  it('follow pending -> processing -> ready|shipping -> delivered, or cancelled before delivery', () => {
    expect(canChangeOrderStatus('pending', 'processing')).toBe(true);
    expect(canChangeOrderStatus('processing', 'ready')).toBe(true);
    expect(canChangeOrderStatus('processing', 'shipping')).toBe(true);
    expect(canChangeOrderStatus('shipping', 'delivered')).toBe(true);
    expect(canChangeOrderStatus('ready', 'cancelled')).toBe(true);
    expect(canChangeOrderStatus('pending', 'delivered')).toBe(false);
    expect(canChangeOrderStatus('delivered', 'cancelled')).toBe(false);
    expect(canChangeOrderStatus('cancelled', 'pending')).toBe(false);
    expect(allowedNextStatuses('delivered')).toEqual([]);
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
