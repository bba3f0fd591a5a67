import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { invoices, orderItems, orderStatusHistory, orders } from './orders.tables';

/**
 * What other modules (returns) need of an order's lines without touching the orders tables:
 * a customer's line locked for a request about it, when orders became delivered, and a
 * joinable view of lines with their order's shop, customer, status and invoice number.
 */

export interface CustomerOrderLine {
  id: number;
  orderId: number;
  shopId: number;
  userId: number;
  orderStatus: (typeof orders.$inferSelect)['status'];
  invoiceNumber: string;
  variationId: number | null;
  productId: number;
  fullName: string;
  thumbnail: string | null;
  price: number;
  quantity: number;
}

/**
 * One line of one of the customer's orders, locked (SELECT ... FOR UPDATE OF order_items) until
 * the transaction ends, or null when there is none or it is another customer's. Two requests
 * about the same line (two returns at once) then run one after the other, and the second sees
 * what the first wrote.
 */
export async function lockCustomerOrderLine(
  db: DbOrTx,
  itemId: number,
  userId: number,
): Promise<CustomerOrderLine | null> {
  const [row] = await db
    .select({
      id: orderItems.id,
      orderId: orderItems.orderId,
      shopId: orders.shopId,
      userId: orders.userId,
      orderStatus: orders.status,
      invoiceNumber: invoices.number,
      variationId: orderItems.variationId,
      productId: orderItems.productId,
      fullName: orderItems.fullName,
      thumbnail: orderItems.thumbnail,
      price: orderItems.price,
      quantity: orderItems.quantity,
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .innerJoin(invoices, eq(invoices.id, orders.invoiceId))
    .where(and(eq(orderItems.id, itemId), eq(orders.userId, userId)))
    .for('update', { of: orderItems });
  return row ?? null;
}

/** A line of a customer's order as customerOrderLines gives it. */
export interface CustomerOrderLineBrief {
  id: number;
  quantity: number;
  variationId: number | null;
  fullName: string;
}

/** One of the customer's orders: its status and lines, by id, or null when it is not theirs. */
export async function customerOrderLines(
  db: DbOrTx,
  orderId: number,
  userId: number,
): Promise<{ id: number; status: CustomerOrderLine['orderStatus']; lines: CustomerOrderLineBrief[] } | null> {
  const [order] = await db
    .select({ id: orders.id, status: orders.status })
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)));
  if (!order) return null;
  const lines = await db
    .select({
      id: orderItems.id,
      quantity: orderItems.quantity,
      variationId: orderItems.variationId,
      fullName: orderItems.fullName,
    })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(orderItems.id);
  return { ...order, lines };
}

/**
 * When each of these orders last became `delivered` (its status history), by order id; an
 * order never delivered is absent. Delivered is final, so the latest entry is the only one.
 */
export async function orderDeliveredAt(db: DbOrTx, orderIds: number[]): Promise<Map<number, Date>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([orderStatusHistory.orderId], {
      orderId: orderStatusHistory.orderId,
      at: orderStatusHistory.createdAt,
    })
    .from(orderStatusHistory)
    .where(and(inArray(orderStatusHistory.orderId, orderIds), eq(orderStatusHistory.status, 'delivered')))
    .orderBy(orderStatusHistory.orderId, desc(orderStatusHistory.createdAt), desc(orderStatusHistory.id));
  return new Map(rows.map((r) => [r.orderId, r.at]));
}

/**
 * Order lines with their order's shop, customer and invoice number, as a subquery another
 * module joins on (`order_line.id = its order_item_id`), as shopRefs and userRefs are joined:
 * the orders module keeps its tables, the caller gets one query instead of one per row.
 */
export function orderLineRefs(db: DbOrTx) {
  return db
    .select({
      id: orderItems.id,
      orderId: orderItems.orderId,
      shopId: sql<number>`${orders.shopId}`.as('line_shop_id'),
      userId: sql<number>`${orders.userId}`.as('line_user_id'),
      invoiceNumber: sql<string>`${invoices.number}`.as('line_invoice_number'),
      variationId: orderItems.variationId,
      fullName: orderItems.fullName,
      thumbnail: orderItems.thumbnail,
      price: orderItems.price,
      quantity: orderItems.quantity,
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .innerJoin(invoices, eq(invoices.id, orders.invoiceId))
    .as('order_line');
}
