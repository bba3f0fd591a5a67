import type { PaymentMethod, PaymentStatus } from '@parade/core/enums';
import { refundedPaymentStatus } from '@parade/core/refund-rules';
import { asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { orderUpdated, recordOrderEvent } from './order-events';
import { invoices, orderItems, orders } from './orders.tables';

/** What a return's refund needs of its order (docs/decisions/030): its money, its lines and who bought it. */
export interface OrderRefundFacts {
  id: number;
  invoiceId: number;
  invoiceNumber: string;
  shopId: number;
  userId: number;
  paymentMethod: PaymentMethod;
  paymentStatus: PaymentStatus;
  total: number;
  shippingCharge: number;
  discount: number;
  rewardDiscount: number;
  rewardPointsUsed: number;
  commission: number;
  platformDiscount: number;
  lines: { id: number; price: number; quantity: number; discount: number }[];
}

/** The order's refund facts, or null. */
export async function orderRefundFacts(db: DbOrTx, orderId: number): Promise<OrderRefundFacts | null> {
  const [order] = await db
    .select({
      id: orders.id,
      invoiceId: orders.invoiceId,
      invoiceNumber: invoices.number,
      shopId: orders.shopId,
      userId: orders.userId,
      paymentMethod: invoices.paymentMethod,
      paymentStatus: orders.paymentStatus,
      total: orders.total,
      shippingCharge: orders.shippingCharge,
      discount: orders.discount,
      rewardDiscount: orders.rewardDiscount,
      rewardPointsUsed: orders.rewardPointsUsed,
      commission: orders.commission,
      platformDiscount: orders.platformDiscount,
    })
    .from(orders)
    .innerJoin(invoices, eq(invoices.id, orders.invoiceId))
    .where(eq(orders.id, orderId));
  if (!order) return null;
  const lines = await db
    .select({
      id: orderItems.id,
      price: orderItems.price,
      quantity: orderItems.quantity,
      discount: orderItems.discount,
    })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.id));
  return { ...order, lines };
}

/**
 * Some of the order's money went back (a return's refund, docs/decisions/030): its payment
 * status becomes `refunded` once `refunded` reaches its total, else `partially_refunded`; its
 * invoice `refunded` once no order of it is still paid or partly refunded, else
 * `partially_refunded`. The shop's live board hears of it. Answers the new status.
 */
export async function setOrderRefundedAmount(
  db: DbOrTx,
  orderId: number,
  refunded: number,
): Promise<PaymentStatus | null> {
  const [current] = await db
    .select({ total: orders.total, paymentStatus: orders.paymentStatus })
    .from(orders)
    .where(eq(orders.id, orderId));
  if (!current) return null;
  const status = refundedPaymentStatus(current.paymentStatus, current.total, refunded);
  if (status === current.paymentStatus) return status;
  const [order] = await db
    .update(orders)
    .set({ paymentStatus: status, updatedAt: new Date() })
    .where(eq(orders.id, orderId))
    .returning({ id: orders.id, shopId: orders.shopId, status: orders.status, invoiceId: orders.invoiceId });
  if (!order) return null;
  await recordOrderEvent(db, order.shopId, orderUpdated({ ...order, paymentStatus: status }));
  await db
    .update(invoices)
    .set({
      paymentStatus: sql`case when exists (select 1 from ${orders} o where o.invoice_id = ${invoices.id} and o.payment_status in ('paid', 'partially_refunded')) then 'partially_refunded'::payment_status else 'refunded'::payment_status end`,
      updatedAt: new Date(),
    })
    .where(eq(invoices.id, order.invoiceId));
  return status;
}
