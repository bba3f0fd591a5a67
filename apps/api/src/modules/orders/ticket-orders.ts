import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { invoices, orderItems, orders } from './orders.tables';

/**
 * What support tickets need of orders (the tickets module asks through index.ts, decision 007):
 * a customer's order with its lines, to link a ticket or an order issue to it, and a shop's
 * order ids, so a shop's vendor sees only the tickets about its own orders.
 */

export interface TicketOrder {
  id: number;
  shopId: number;
  invoiceNumber: string;
  /** Its goods before any discount, pence (a claim marked used on it is bounded by it). */
  subtotal: number;
  items: { id: number; fullName: string }[];
}

/** One of the customer's orders with its invoice number, shop and lines; null when it is not theirs (or none). */
export async function findCustomerOrderForTicket(
  db: DbOrTx,
  userId: number,
  orderId: number,
): Promise<TicketOrder | null> {
  const [order] = await db
    .select({ id: orders.id, shopId: orders.shopId, invoiceNumber: invoices.number, subtotal: orders.subtotal })
    .from(orders)
    .innerJoin(invoices, eq(invoices.id, orders.invoiceId))
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)));
  if (!order) return null;
  const items = await db
    .select({ id: orderItems.id, fullName: orderItems.fullName })
    .from(orderItems)
    .where(eq(orderItems.orderId, order.id))
    .orderBy(asc(orderItems.id));
  return { ...order, items };
}

/**
 * The ids of a shop's orders as a subquery, for `ticket.order_id IN (...)`: the condition stays
 * inside the tickets' own statement (one query, served by the orders' shop index and the
 * tickets' order index) instead of a list of ids carried across.
 */
export function shopOrderIds(db: DbOrTx, shopId: number) {
  return db.select({ id: orders.id }).from(orders).where(eq(orders.shopId, shopId));
}
