import type { FinanceGroup, FinancePart } from '@parade/core/finance-schemas';
import { and, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { orders } from './orders.tables';

/** A range of London days, both included, and how to group it (the finance report's). */
export interface FinanceRange {
  dateFrom: string;
  dateTo: string;
  group: FinanceGroup;
}

/** The London day of a timestamp column, as the report's day key. */
const londonDay = (column: typeof orders.createdAt) =>
  sql`to_char((${column} at time zone 'Europe/London')::date, 'YYYY-MM-DD')`;

/**
 * The sales half of the finance report (docs/decisions/032), in one statement: per London day of
 * placing, or per shop, the orders that count as sales (all but those cancelled before any money
 * was taken), what shoppers were charged for them, and the commission of those not cancelled.
 */
export async function orderSalesBy(db: DbOrTx, range: FinanceRange): Promise<Map<string, FinancePart>> {
  const key = range.group === 'day' ? londonDay(orders.createdAt) : sql`${orders.shopId}::text`;
  const counted = sql`(${orders.status} <> 'cancelled' or ${orders.paymentStatus} in ('paid', 'refunded', 'partially_refunded'))`;
  const rows = await db
    .select({
      key: sql<string>`${key}`,
      orders: sql<string>`count(*)`,
      grossSales: sql<string>`coalesce(sum(${orders.total}), 0)`,
      commission: sql<string>`coalesce(sum(${orders.commission}) filter (where ${orders.status} <> 'cancelled'), 0)`,
    })
    .from(orders)
    .where(
      and(
        counted,
        sql`(${orders.createdAt} at time zone 'Europe/London')::date between ${range.dateFrom}::date and ${range.dateTo}::date`,
      ),
    )
    .groupBy(key);
  return new Map(
    rows.map((row) => [
      row.key,
      { orders: Number(row.orders), gross_sales: Number(row.grossSales), commission: Number(row.commission) },
    ]),
  );
}

/** The shop of each order named (for summing an order-keyed figure per shop). */
export async function orderShopIds(db: DbOrTx, orderIds: number[]): Promise<Map<number, number>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .select({ id: orders.id, shopId: orders.shopId })
    .from(orders)
    .where(inArray(orders.id, orderIds));
  return new Map(rows.map((row) => [row.id, row.shopId]));
}
