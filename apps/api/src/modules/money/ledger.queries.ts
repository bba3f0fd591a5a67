import { type Paginated, paginate } from '@parade/core/envelope';
import { LEDGER_PER_PAGE, type LedgerEntry, type VendorBalance } from '@parade/core/money-schemas';
import { and, asc, desc, eq, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { containsPattern } from '../../lib/text-match';
import { orderInvoiceRefs } from '../orders';
import { shopLedgerEntries } from './money.tables';

const LONDON = sql.raw(`'Europe/London'`);
const londonDate = (column: SQLWrapper) => sql`(${column} at time zone ${LONDON})::date`;

/** A shop's balance: three sums of its ledger, in one statement (contract: "Money"). */
export async function shopBalance(db: DbOrTx, shopId: number, now = new Date()): Promise<VendorBalance> {
  const at = now.toISOString();
  const [row] = await db
    .select({
      pending: sql<string>`coalesce(sum(${shopLedgerEntries.amount}) filter (where ${shopLedgerEntries.availableAt} > ${at}::timestamptz), 0)`,
      available: sql<string>`coalesce(sum(${shopLedgerEntries.amount}) filter (where ${shopLedgerEntries.availableAt} <= ${at}::timestamptz), 0)`,
      paidOut: sql<string>`coalesce(-sum(${shopLedgerEntries.amount}) filter (where ${shopLedgerEntries.kind} = 'payout'), 0)`,
    })
    .from(shopLedgerEntries)
    .where(eq(shopLedgerEntries.shopId, shopId));
  return {
    pending: Number(row?.pending ?? 0),
    available: Number(row?.available ?? 0),
    paid_out: Number(row?.paidOut ?? 0),
  };
}

export interface LedgerRange {
  dateFrom?: string;
  dateTo?: string;
  /** The entry's kind, its note or its order's invoice number (contract: merchant lists take `search`). */
  search?: string;
  /** Newest first without one. */
  sort?: { key: 'created_at' | 'amount'; desc: boolean };
}

function rangeOf(db: DbOrTx, shopId: number, range: LedgerRange): SQL | undefined {
  return and(
    eq(shopLedgerEntries.shopId, shopId),
    range.dateFrom ? sql`${londonDate(shopLedgerEntries.createdAt)} >= ${range.dateFrom}::date` : undefined,
    range.dateTo ? sql`${londonDate(shopLedgerEntries.createdAt)} <= ${range.dateTo}::date` : undefined,
    range.search ? searchOf(db, shopId, range.search) : undefined,
  );
}

function searchOf(db: DbOrTx, shopId: number, search: string): SQL {
  const like = containsPattern(search);
  const order = orderInvoiceRefs(db);
  const ordersMatching = db
    .select({ id: order.id })
    .from(order)
    .where(and(eq(order.shopId, shopId), sql`${order.invoiceNumber} ilike ${like}`));
  return sql`(${shopLedgerEntries.kind}::text ilike ${like} or ${shopLedgerEntries.note} ilike ${like} or ${shopLedgerEntries.orderId} in ${ordersMatching})`;
}

/** The entries' order: the sort asked for, then the newest first (id breaks ties), as every list. */
function orderOf(sort: LedgerRange['sort']): SQL[] {
  const direction = sort && !sort.desc ? asc : desc;
  const column = sort?.key === 'amount' ? shopLedgerEntries.amount : shopLedgerEntries.createdAt;
  return [direction(column), direction(shopLedgerEntries.id)];
}

type EntryRow = typeof shopLedgerEntries.$inferSelect;

const toEntry = (row: EntryRow, invoiceNumbers: Map<number, string>): LedgerEntry => ({
  id: row.id,
  kind: row.kind,
  amount: row.amount,
  order_id: row.orderId,
  invoice_number: row.orderId === null ? null : (invoiceNumbers.get(row.orderId) ?? null),
  note: row.note,
  available_at: row.availableAt.toISOString(),
  created_at: row.createdAt.toISOString(),
});

/**
 * A shop's ledger, newest first, paged (or every entry of the range when `page` is null, for the
 * CSV and the statement). `invoiceNumbers` names the orders' invoices (the orders module's read,
 * composed by the caller).
 */
export async function shopLedger(
  db: DbOrTx,
  shopId: number,
  range: LedgerRange,
  page: number | null,
  invoiceNumbersOf: (orderIds: number[]) => Promise<Map<number, string>>,
  pageSize: number = LEDGER_PER_PAGE,
): Promise<Paginated<LedgerEntry>> {
  const where = rangeOf(db, shopId, range);
  const query = db
    .select()
    .from(shopLedgerEntries)
    .where(where)
    .orderBy(...orderOf(range.sort));
  const rows = page === null ? await query : await query.limit(pageSize).offset((page - 1) * pageSize);
  const [counted] =
    page === null
      ? [{ n: rows.length }]
      : await db.select({ n: sql<number>`count(*)::int` }).from(shopLedgerEntries).where(where);
  const invoices = await invoiceNumbersOf([
    ...new Set(rows.flatMap((row) => (row.orderId === null ? [] : [row.orderId]))),
  ]);
  const perPage = page === null ? Math.max(rows.length, 1) : pageSize;
  return paginate(
    rows.map((row) => toEntry(row, invoices)),
    Number(counted?.n ?? 0),
    page ?? 1,
    perPage,
  );
}

/** The sum of a shop's entries made before a London day (a statement's opening balance). */
export async function shopBalanceBefore(db: DbOrTx, shopId: number, day: string): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${shopLedgerEntries.amount}), 0)` })
    .from(shopLedgerEntries)
    .where(and(eq(shopLedgerEntries.shopId, shopId), sql`${londonDate(shopLedgerEntries.createdAt)} < ${day}::date`));
  return Number(row?.total ?? 0);
}

/** Every entry about an order (its sale, commission and repairs: the repair command's comparison). */
export async function orderEntries(db: DbOrTx): Promise<{ orderId: number; kind: string; amount: number }[]> {
  const rows = await db
    .select({ orderId: shopLedgerEntries.orderId, kind: shopLedgerEntries.kind, amount: shopLedgerEntries.amount })
    .from(shopLedgerEntries)
    .where(sql`${shopLedgerEntries.orderId} is not null`);
  return rows.map((row) => ({ orderId: row.orderId!, kind: row.kind, amount: row.amount }));
}

/**
 * Every shop's available balance (the sum of its entries available by `now`: payouts, cash
 * commission owed and adjustments included) where it is above zero: what a payout run may pay,
 * before the transfers still being sent are taken off (docs/decisions/031).
 */
export async function positiveAvailableBalances(db: DbOrTx, now = new Date()): Promise<Map<number, number>> {
  const at = now.toISOString();
  const available = sql<string>`sum(${shopLedgerEntries.amount}) filter (where ${shopLedgerEntries.availableAt} <= ${at}::timestamptz)`;
  const rows = await db
    .select({ shopId: shopLedgerEntries.shopId, available })
    .from(shopLedgerEntries)
    .groupBy(shopLedgerEntries.shopId)
    .having(sql`${available} > 0`);
  return new Map(rows.map((row) => [row.shopId, Number(row.available)]));
}
