/**
 * The words of the pushes (docs/decisions/027), pure so they are tested once and read the same
 * as the status mails they accompany.
 */
import type { OrderStatus } from './enums';
import { formatMoney } from './money';
import { orderStatusInWords, orderStatusSentence } from './order-status';
import type { PushMessage } from './push-schemas';

export interface OrderStatusPushFacts {
  orderId: number;
  shopName: string;
  invoiceNumber: string;
  orderType: 'collection' | 'delivery';
  collectionPoint: string | null;
  /** Where the customer follows the order (the storefront's tracking page), absolute. */
  trackUrl: string;
}

/**
 * The customer's push when an order of theirs changes status: the title is the status mail's
 * subject (the shop's name and the status in words), the body the mail's opening sentence.
 */
export function orderStatusPush(facts: OrderStatusPushFacts, status: OrderStatus): PushMessage {
  return {
    title: `${facts.shopName}: your order ${facts.invoiceNumber} is ${orderStatusInWords[status]}`,
    body: orderStatusSentence(facts, status),
    url: facts.trackUrl,
    tag: `order-${facts.orderId}`,
  };
}

export interface NewOrderPushFacts {
  orderId: number;
  invoiceNumber: string;
  orderType: 'collection' | 'delivery';
  /** The order's total in pence, as the shop's order list shows it. */
  total: number;
  /** Units ordered, all lines together. */
  items: number;
  /** The merchant site's page of the order, absolute. */
  orderUrl: string;
}

/**
 * A shopkeeper's push for a new order of their shop. It names no customer: a phone shows it on
 * its lock screen, where anyone nearby can read it.
 */
export function newOrderPush(facts: NewOrderPushFacts): PushMessage {
  const items = `${facts.items} ${facts.items === 1 ? 'item' : 'items'}`;
  return {
    title: `New order ${facts.invoiceNumber}`,
    body: `${formatMoney(facts.total)}, ${items}, for ${facts.orderType}.`,
    url: facts.orderUrl,
    tag: `new-order-${facts.orderId}`,
  };
}
