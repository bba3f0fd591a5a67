import type { OrderStatusMailFacts } from '@parade/core/order-status';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { shopRefs } from '../shops';
import { userRefs } from '../users';
import { invoices, orderItems, orders } from './orders.tables';

/** Who is told about an order's change, and what it holds: the facts of a status mail. */
export interface OrderNoticeFacts extends Omit<OrderStatusMailFacts, 'trackUrl' | 'note'> {
  orderId: number;
  customerEmail: string;
}

/**
 * The facts a status mail needs for one order: its customer, shop, invoice and lines. Read in
 * the transaction of the change, so the mail and the change commit together.
 */
export async function orderNoticeFacts(db: DbOrTx, orderId: number): Promise<OrderNoticeFacts | null> {
  const person = userRefs(db);
  const shop = shopRefs(db);
  const [row] = await db
    .select({
      customerName: person.name,
      customerEmail: person.email,
      shopName: shop.name,
      invoiceNumber: invoices.number,
      orderType: invoices.orderType,
      collectionPoint: invoices.collectionPoint,
    })
    .from(orders)
    .innerJoin(invoices, eq(invoices.id, orders.invoiceId))
    .innerJoin(person, eq(person.id, orders.userId))
    .innerJoin(shop, eq(shop.id, orders.shopId))
    .where(eq(orders.id, orderId));
  if (!row) return null;
  const lines = await db
    .select({ quantity: orderItems.quantity, fullName: orderItems.fullName })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.id));
  return { orderId, ...row, lines };
}

/** What an order's pushes say and whom they reach (docs/decisions/027). */
export interface OrderPushFacts {
  orderId: number;
  customerId: number;
  shopId: number;
  shopName: string;
  invoiceNumber: string;
  orderType: 'collection' | 'delivery';
  collectionPoint: string | null;
  /** The order's total in pence. */
  total: number;
  /** Units ordered, all lines together. */
  items: number;
}

/** The push facts of these orders, in one query; orders that do not exist are left out. */
export async function orderPushFacts(db: DbOrTx, orderIds: number[]): Promise<OrderPushFacts[]> {
  if (orderIds.length === 0) return [];
  const shop = shopRefs(db);
  return db
    .select({
      orderId: orders.id,
      customerId: orders.userId,
      shopId: orders.shopId,
      shopName: shop.name,
      invoiceNumber: invoices.number,
      orderType: invoices.orderType,
      collectionPoint: invoices.collectionPoint,
      total: orders.total,
      items: sql<number>`(select coalesce(sum(${orderItems.quantity}), 0)::int from ${orderItems} where ${orderItems.orderId} = ${orders.id})`,
    })
    .from(orders)
    .innerJoin(invoices, eq(invoices.id, orders.invoiceId))
    .innerJoin(shop, eq(shop.id, orders.shopId))
    .where(inArray(orders.id, orderIds))
    .orderBy(asc(orders.id));
}
