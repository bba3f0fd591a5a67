import type { OrderStatus } from '@parade/core/enums';
import {
  AWAITING_CARD_PAYMENT_MESSAGE,
  awaitsCardPayment,
  canChangeOrderStatus,
  orderStatusMail,
  pointsEarnedOnDelivery,
} from '@parade/core/order-status';
import type { DbOrTx } from '../db/client';
import { AppError, notFound } from '../lib/errors';
import { awardDeliveryPoints, releaseOrderCoupon, returnRewardPoints } from '../modules/cart';
import { reverseSale } from '../modules/catalog';
import { enqueueMail } from '../modules/mail';
import {
  invoicePaymentMethod,
  type LockedOrder,
  lockLiveInvoiceOrders,
  lockOrder,
  orderNoticeFacts,
  orderSaleLines,
  setOrderPaid,
  setOrderRefundedAmount,
  setOrderStatus,
} from '../modules/orders';
import { queueCancellationRefund, refundedOfOrder } from '../modules/payments';
import { scheduleReviewPrompt } from '../modules/reviews';
import { shopsForOrders } from '../modules/shops';
import { recordOrderSales } from './record-order-sales';

const orderNotFound = () => notFound('Order not found.', 'order_not_found');

function refuseTransition(
  order: { status: OrderStatus; orderType: 'collection' | 'delivery' },
  to: OrderStatus,
): AppError {
  const message =
    (to === 'ready' || to === 'shipping') &&
    canChangeOrderStatus(order.status, to === 'ready' ? 'shipping' : 'ready', order.orderType)
      ? `A ${order.orderType} order cannot become ${to}: it ${to === 'ready' ? 'is delivered, not collected' : 'is collected, not delivered'}.`
      : `An order that is ${order.status} cannot become ${to}.`;
  return new AppError(422, message, { status: [message] }, 'order_status_invalid');
}

/** Where a customer follows an order: the storefront's tracking page (the status mail's and push's link). */
export const orderTrackUrl = (publicUrl: string, orderId: number): string =>
  `${publicUrl}/profile/track?order=${orderId}`;

/**
 * Puts the customer's status mail in the outbox, in the transaction of the change: one mail per
 * change, whoever made it (the shop, the admin, the unpaid-card sweep), or none if it rolls back.
 * Returns its outbox id, for the caller to hand to the mailer once the transaction committed.
 */
async function queueStatusMail(
  tx: DbOrTx,
  orderId: number,
  to: OrderStatus,
  note: string | null,
  publicUrl: string,
): Promise<number[]> {
  const facts = await orderNoticeFacts(tx, orderId);
  if (!facts) return [];
  const trackUrl = orderTrackUrl(publicUrl, orderId);
  const mail = orderStatusMail({ ...facts, trackUrl, note }, to);
  return [await enqueueMail(tx, { kind: 'order-status', to: facts.customerEmail, ...mail })];
}

/**
 * Applies one allowed change to a locked order: appends history, and for `cancelled` gives back
 * its coupon use, stock and points; for `delivered` awards its points once; then queues the
 * customer's status mail (its outbox ids are returned). Lock order as in checkout (coupons, stock,
 * point balances), so a cancel and a checkout never deadlock.
 */
async function applyStatusChange(
  tx: DbOrTx,
  order: LockedOrder,
  to: OrderStatus,
  note: string | null,
  publicUrl: string,
): Promise<{ mailIds: number[]; refundIds: number[] }> {
  const refundIds: number[] = [];
  if (!canChangeOrderStatus(order.status, to, order.orderType)) throw refuseTransition(order, to);
  // Nothing is prepared or handed over before a card payment arrives: the shop would give away
  // goods nobody paid for, and the timeout would then cancel an order already on its way.
  if (
    to !== 'cancelled' &&
    order.paymentStatus !== 'paid' &&
    awaitsCardPayment({
      payment_method: await invoicePaymentMethod(tx, order.invoiceId),
      payment_status: order.paymentStatus,
    })
  ) {
    throw new AppError(
      409,
      AWAITING_CARD_PAYMENT_MESSAGE,
      { status: [AWAITING_CARD_PAYMENT_MESSAGE] },
      'order_awaiting_payment',
    );
  }
  // The row is locked, so the guard cannot fail here; it keeps the update honest if that changes.
  if (!(await setOrderStatus(tx, order.id, order.status, to, note))) throw refuseTransition(order, to);
  if (to === 'cancelled') {
    const method = order.paymentStatus === 'paid' ? await invoicePaymentMethod(tx, order.invoiceId) : null;
    if (method) {
      const refund = await queueCancellationRefund(tx, {
        invoiceId: order.invoiceId,
        orderId: order.id,
        amount: order.total,
        method,
      });
      // By card, decided here and sent to Stripe after the commit; in cash, handed back as the
      // shop cancels, so the order is `refunded` at once (decision 028).
      if (refund?.method === 'card') refundIds.push(refund.id);
      else if (refund) await setOrderRefundedAmount(tx, order.id, await refundedOfOrder(tx, order.id));
    }
    await releaseOrderCoupon(tx, order.id);
    await reverseSale(tx, await orderSaleLines(tx, order.id));
    await returnRewardPoints(tx, {
      userId: order.userId,
      shopId: order.shopId,
      points: order.rewardPointsUsed,
      orderId: order.id,
    });
  } else if (to === 'delivered') {
    // Cash changes hands at the handover: a cash order delivered is paid, if the shop had not
    // marked it so already (a return of it then owes real money back; the ledger already counts
    // it a sale from here, decision 028).
    if (order.paymentStatus === 'unpaid' && (await invoicePaymentMethod(tx, order.invoiceId)) === 'cash') {
      await setOrderPaid(tx, { ...order, status: to });
    }
    const shop = (await shopsForOrders(tx, [order.shopId])).get(order.shopId);
    const points = pointsEarnedOnDelivery(
      { total: order.total, shipping_charge: order.shippingCharge },
      shop?.pointsPerPound ?? 1,
    );
    await awardDeliveryPoints(tx, { userId: order.userId, shopId: order.shopId, points, orderId: order.id });
    // The sale and its commission go to the shop's ledger (a card order once paid; decision 028).
    await recordOrderSales(tx, [order.id]);
    // The customer is asked for reviews a couple of days later, once (decision 044).
    await scheduleReviewPrompt(tx, { orderId: order.id, userId: order.userId, deliveredAt: new Date() });
  }
  return { mailIds: await queueStatusMail(tx, order.id, to, note, publicUrl), refundIds };
}

/**
 * Moves an order along core's transitions in one transaction (orders + catalog stock + cart
 * coupons and points). `shopId` scopes it to one shop's orders: another shop's order is 404.
 * Returns the new status, the status mail's outbox ids and any refund decided (a paid card order
 * cancelled): hand them to the mailer and the refund sender once committed.
 */
export async function changeOrderStatus(
  db: DbOrTx,
  input: { orderId: number; to: OrderStatus; note?: string | null; shopId?: number; publicUrl: string },
): Promise<{ orderId: number; status: OrderStatus; mailIds: number[]; refundIds: number[] }> {
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, input.orderId, input.shopId);
    if (!order) throw orderNotFound();
    const applied = await applyStatusChange(tx, order, input.to, input.note ?? null, input.publicUrl);
    return { orderId: order.id, status: input.to, ...applied };
  });
}

/**
 * Marks a cash order paid (the shop took the money), and its invoice once all its live orders
 * are paid, in one transaction. Already paid: nothing changes. `shopId` scopes it as above.
 * A card order is paid only by its card payment (Stripe's signed event): marking it by hand
 * would record money nobody took, so it is refused (409 `order_not_cash`).
 */
export async function markOrderPaid(
  db: DbOrTx,
  input: { orderId: number; shopId?: number },
): Promise<{ orderId: number; changed: boolean }> {
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, input.orderId, input.shopId);
    if (!order) throw orderNotFound();
    if (order.status === 'cancelled') {
      const message = 'A cancelled order cannot be marked paid.';
      throw new AppError(422, message, { status: [message] }, 'order_status_invalid');
    }
    if ((await invoicePaymentMethod(tx, order.invoiceId)) !== 'cash') {
      throw new AppError(
        409,
        'Only a cash order can be marked paid: a card order is paid by its card payment.',
        undefined,
        'order_not_cash',
      );
    }
    return { orderId: order.id, changed: await setOrderPaid(tx, order) };
  });
}

/**
 * Cancels every order of an invoice that can still be cancelled (not delivered, not cancelled),
 * giving back stock, points and coupon uses, in the CALLER's transaction: the unpaid-card
 * timeout job runs it with its own claim of the invoice. Returns the ids of the orders cancelled
 * and of their status mails.
 */
export async function cancelInvoiceOrders(
  tx: DbOrTx,
  invoiceId: number,
  note: string | null,
  publicUrl: string,
): Promise<{ orderIds: number[]; mailIds: number[] }> {
  const orderIds: number[] = [];
  const mailIds: number[] = [];
  for (const order of await lockLiveInvoiceOrders(tx, invoiceId)) {
    if (!canChangeOrderStatus(order.status, 'cancelled', order.orderType)) continue;
    // The orders of an unpaid card checkout: nothing was taken, so nothing is refunded.
    mailIds.push(...(await applyStatusChange(tx, order, 'cancelled', note, publicUrl)).mailIds);
    orderIds.push(order.id);
  }
  return { orderIds, mailIds };
}
