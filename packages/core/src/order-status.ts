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

/**
 * Whether an order is still waiting for its card payment (unpaid, or a card declined while the
 * checkout is held): a shop prepares and hands over only what was paid for, so such an order can
 * only be cancelled (or is cancelled by the unpaid-card timeout, decision 013).
 */
export function awaitsCardPayment(order: { payment_method: string | null; payment_status: string }): boolean {
  return order.payment_method === 'card' && (order.payment_status === 'unpaid' || order.payment_status === 'failed');
}

/** The message of a move refused because the card payment has not arrived (409 `order_awaiting_payment`). */
export const AWAITING_CARD_PAYMENT_MESSAGE =
  'This order is waiting for its card payment: it can be prepared once the customer has paid.';

/**
 * The statuses an order can move to next. `ready` (for collection) is only for a collection
 * order and `shipping` (out for delivery) only for a delivery order: the customer's status mail
 * says "ready for collection" or "out for delivery", and must not say it of the other kind.
 * An order awaiting its card payment can only be cancelled.
 */
export function allowedNextStatuses(
  from: OrderStatus,
  orderType: 'collection' | 'delivery',
  { awaitingCardPayment = false }: { awaitingCardPayment?: boolean } = {},
): readonly OrderStatus[] {
  return nextStatuses[from].filter(
    (to) =>
      !(to === 'ready' && orderType !== 'collection') &&
      !(to === 'shipping' && orderType !== 'delivery') &&
      !(awaitingCardPayment && to !== 'cancelled'),
  );
}

export function canChangeOrderStatus(
  from: OrderStatus,
  to: OrderStatus,
  orderType: 'collection' | 'delivery',
): boolean {
  return allowedNextStatuses(from, orderType).includes(to);
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

/**
 * An order's status as a customer reads it in a sentence ("your order is ready for collection"):
 * the words of the status mails' subjects (contract: "Status mails") and of the push messages.
 */
export const orderStatusInWords: Record<OrderStatus, string> = {
  pending: 'received',
  processing: 'being prepared',
  ready: 'ready for collection',
  shipping: 'out for delivery',
  delivered: 'delivered',
  cancelled: 'cancelled',
};

export interface OrderStatusMailFacts {
  shopName: string;
  customerName: string;
  invoiceNumber: string;
  orderType: 'collection' | 'delivery';
  collectionPoint: string | null;
  lines: { quantity: number; fullName: string }[];
  /** Where the customer follows the order (the storefront's tracking page). */
  trackUrl: string;
  /** The note the shop wrote with the change, if any (e.g. why it was cancelled). */
  note: string | null;
}

/**
 * What a change means for the customer, in one or two sentences in the shop's voice: the opening
 * of the status mail and the body of the status push.
 */
export function orderStatusSentence(
  facts: Pick<OrderStatusMailFacts, 'orderType' | 'collectionPoint'>,
  status: OrderStatus,
): string {
  switch (status) {
    case 'pending':
      return 'We have your order.';
    case 'processing':
      return 'We have started preparing your order.';
    case 'ready':
      return facts.collectionPoint
        ? `Your order is ready. Collect it from ${facts.collectionPoint}.`
        : 'Your order is ready to collect.';
    case 'shipping':
      return 'Your order is on its way to you.';
    case 'delivered':
      return facts.orderType === 'collection'
        ? 'Your order has been collected. Enjoy!'
        : 'Your order has been delivered. Enjoy!';
    case 'cancelled':
      return 'We have cancelled your order. Anything it took from your reward points has been given back.';
  }
}

/**
 * The mail a customer gets when an order of theirs changes status, in the shop's voice: the
 * subject names the shop and the new status in words, the body lists the order's lines and ends
 * with the tracking link.
 */
export function orderStatusMail(facts: OrderStatusMailFacts, status: OrderStatus): { subject: string; text: string } {
  const words = orderStatusInWords[status];
  const text = [
    `Hello ${facts.customerName},`,
    '',
    orderStatusSentence(facts, status),
    ...(facts.note ? ['', `A note from us: ${facts.note}`] : []),
    '',
    `Order ${facts.invoiceNumber}:`,
    ...facts.lines.map((line) => `  ${line.quantity} x ${line.fullName}`),
    '',
    `Follow your order: ${facts.trackUrl}`,
    '',
    `${facts.shopName}, on Parade`,
  ].join('\n');
  return { subject: `${facts.shopName}: your order ${facts.invoiceNumber} is ${words}`, text };
}
