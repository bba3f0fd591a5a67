import type { OrderStatus, PaymentMethod, PaymentStatus } from '@parade/core/enums';
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { invoices, orderItems, orders } from './orders.tables';

/** What the shop ledger needs of an order (docs/decisions/028): whose, in what state, what it is worth. */
export interface OrderMoneyFacts {
  orderId: number;
  shopId: number;
  status: OrderStatus;
  paymentStatus: PaymentStatus;
  paymentMethod: PaymentMethod;
  total: number;
  commission: number;
  platformDiscount: number;
}

/** The money facts of these orders (one query), in no particular order. */
export async function orderMoneyFacts(db: DbOrTx, orderIds: number[]): Promise<OrderMoneyFacts[]> {
  if (orderIds.length === 0) return [];
  return db
    .select({
      orderId: orders.id,
      shopId: orders.shopId,
      status: orders.status,
      paymentStatus: orders.paymentStatus,
      paymentMethod: invoices.paymentMethod,
      total: orders.total,
      commission: orders.commission,
      platformDiscount: orders.platformDiscount,
    })
    .from(orders)
    .innerJoin(invoices, eq(invoices.id, orders.invoiceId))
    .where(inArray(orders.id, [...new Set(orderIds)]));
}

/** Every order whose sale is due in the ledger: delivered, and paid when paid by card (the repair command's list). */
export async function dueOrderMoneyFacts(db: DbOrTx): Promise<OrderMoneyFacts[]> {
  const rows = await db
    .select({
      orderId: orders.id,
      shopId: orders.shopId,
      status: orders.status,
      paymentStatus: orders.paymentStatus,
      paymentMethod: invoices.paymentMethod,
      total: orders.total,
      commission: orders.commission,
      platformDiscount: orders.platformDiscount,
    })
    .from(orders)
    .innerJoin(invoices, eq(invoices.id, orders.invoiceId))
    .where(eq(orders.status, 'delivered'));
  return rows;
}

/**
 * Each order's shop and invoice number, as a subquery another module filters on (the ledger's
 * search by invoice number), as shopRefs and userRefs are joined.
 */
export function orderInvoiceRefs(db: DbOrTx) {
  return db
    .select({
      id: orders.id,
      shopId: orders.shopId,
      invoiceNumber: sql<string>`${invoices.number}`.as('order_invoice_number'),
    })
    .from(orders)
    .innerJoin(invoices, eq(invoices.id, orders.invoiceId))
    .as('order_invoice');
}

/** The invoice number of each of these orders (one query). */
export async function orderInvoiceNumbers(db: DbOrTx, orderIds: number[]): Promise<Map<number, string>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .select({ orderId: orders.id, number: invoices.number })
    .from(orders)
    .innerJoin(invoices, eq(invoices.id, orders.invoiceId))
    .where(inArray(orders.id, [...new Set(orderIds)]));
  return new Map(rows.map((row) => [row.orderId, row.number]));
}

/**
 * The VAT in these orders' lines per rate, for a VAT-registered shop's statement (contract:
 * "VAT"): only orders placed while their shop had a VAT number count (the others charged none).
 * `sales` is what the lines cost, VAT included; lowest rate first.
 */
export async function ordersVatByRate(
  db: DbOrTx,
  orderIds: number[],
): Promise<{ rate: number; sales: number; vat: number }[]> {
  if (orderIds.length === 0) return [];
  const rows = await db
    .select({
      rate: orderItems.vatRate,
      sales: sql<string>`coalesce(sum(${orderItems.total}), 0)`,
      vat: sql<string>`coalesce(sum(${orderItems.vat}), 0)`,
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(and(inArray(orders.id, [...new Set(orderIds)]), isNotNull(orders.vatNumber), isNotNull(orderItems.vatRate)))
    .groupBy(orderItems.vatRate)
    .orderBy(orderItems.vatRate);
  return rows.map((row) => ({ rate: Number(row.rate), sales: Number(row.sales), vat: Number(row.vat) }));
}
