import type { FinanceGroup } from '@parade/core/finance-schemas';
import { and, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { shopLedgerEntries } from './money.tables';

/**
 * Money paid to shops over a range of London days (the finance report's payouts,
 * docs/decisions/032): the ledger's payout entries, positive, per day written or per shop.
 */
export async function payoutTotalsBy(
  db: DbOrTx,
  range: { dateFrom: string; dateTo: string; group: FinanceGroup },
): Promise<Map<string, number>> {
  const key =
    range.group === 'day'
      ? sql`to_char((${shopLedgerEntries.createdAt} at time zone 'Europe/London')::date, 'YYYY-MM-DD')`
      : sql`${shopLedgerEntries.shopId}::text`;
  const rows = await db
    .select({ key: sql<string>`${key}`, amount: sql<string>`coalesce(-sum(${shopLedgerEntries.amount}), 0)` })
    .from(shopLedgerEntries)
    .where(
      and(
        sql`${shopLedgerEntries.kind} = 'payout'`,
        sql`(${shopLedgerEntries.createdAt} at time zone 'Europe/London')::date between ${range.dateFrom}::date and ${range.dateTo}::date`,
      ),
    )
    .groupBy(key);
  return new Map(rows.map((row) => [row.key, Number(row.amount)]));
}

/** Every shop's balance now, from its ledger (like `shopBalance`, for all shops in one statement). */
export async function shopBalancesNow(
  db: DbOrTx,
  now = new Date(),
): Promise<Map<number, { pending: number; available: number }>> {
  const at = now.toISOString();
  const rows = await db
    .select({
      shopId: shopLedgerEntries.shopId,
      pending: sql<string>`coalesce(sum(${shopLedgerEntries.amount}) filter (where ${shopLedgerEntries.availableAt} > ${at}::timestamptz), 0)`,
      available: sql<string>`coalesce(sum(${shopLedgerEntries.amount}) filter (where ${shopLedgerEntries.availableAt} <= ${at}::timestamptz), 0)`,
    })
    .from(shopLedgerEntries)
    .groupBy(shopLedgerEntries.shopId);
  return new Map(rows.map((row) => [row.shopId, { pending: Number(row.pending), available: Number(row.available) }]));
}
