import { and, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { refunds } from './payments.tables';

/**
 * Money given back to shoppers over a range of London days (the finance report's refunds,
 * docs/decisions/032): card refunds Stripe made and cash refunds recorded (owed or settled), by
 * the day they were decided. Keyed by that day, or by the order refunded (the orders module knows
 * each order's shop), in pence.
 */
export async function refundTotalsBy(
  db: DbOrTx,
  range: { dateFrom: string; dateTo: string },
  by: 'day' | 'order',
): Promise<Map<string, number>> {
  const key =
    by === 'day'
      ? sql`to_char((${refunds.createdAt} at time zone 'Europe/London')::date, 'YYYY-MM-DD')`
      : sql`${refunds.orderId}::text`;
  const rows = await db
    .select({ key: sql<string>`${key}`, amount: sql<string>`coalesce(sum(${refunds.amount}), 0)` })
    .from(refunds)
    .where(
      and(
        sql`${refunds.status} in ('succeeded', 'owed', 'settled')`,
        sql`(${refunds.createdAt} at time zone 'Europe/London')::date between ${range.dateFrom}::date and ${range.dateTo}::date`,
      ),
    )
    .groupBy(key);
  return new Map(rows.map((row) => [row.key, Number(row.amount)]));
}
