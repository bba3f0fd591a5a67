/**
 * The order rules of the contract ("Statuses", "Points earned on delivery"), pure so the API,
 * the merchant site and the storefront's tracking page agree on them.
 */
import type { OrderStatus } from './enums';

/**
 * pending -> processing -> ready|shipping -> delivered, or cancelled from any status before
 * delivered. `ready` is for collection, `shipping` for delivery; either leads to delivered.
 */
const nextStatuses: Record<OrderStatus, readonly OrderStatus[]> = {
  pending: ['processing', 'cancelled'],
  processing: ['ready', 'shipping', 'cancelled'],
  ready: ['delivered', 'cancelled'],
  shipping: ['delivered', 'cancelled'],
  delivered: [],
  cancelled: [],
};

export function allowedNextStatuses(from: OrderStatus): readonly OrderStatus[] {
  return nextStatuses[from];
}

export function canChangeOrderStatus(from: OrderStatus, to: OrderStatus): boolean {
  return nextStatuses[from].includes(to);
}

/** The statuses a shopper's tracking timeline walks through, for an order of this type. */
export function trackingSteps(orderType: 'collection' | 'delivery'): OrderStatus[] {
  return ['pending', 'processing', orderType === 'delivery' ? 'shipping' : 'ready', 'delivered'];
}

/**
 * Points earned when an order is delivered: floor(order total / 100) * points_per_pound, where
 * the order total is after coupon and points discounts and excludes the delivery charge.
 */
export function pointsEarnedOnDelivery(
  order: { total: number; shipping_charge: number },
  pointsPerPound: number,
): number {
  const goods = Math.max(0, order.total - order.shipping_charge);
  return Math.floor(goods / 100) * Math.max(0, Math.floor(pointsPerPound));
}

/** Card checkouts left unpaid this long release their stock (setting CARD_PAYMENT_TIMEOUT_MINUTES). */
export const DEFAULT_CARD_PAYMENT_TIMEOUT_MINUTES = 30;

/**
 * The smallest card payment: Stripe takes no GBP charge under 30p. A checkout below it is paid
 * in cash (place-order refuses card for it, and payment-token for an older invoice).
 */
export const CARD_MINIMUM_PENCE = 30;
