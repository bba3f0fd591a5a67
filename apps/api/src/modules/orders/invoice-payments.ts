import type { PaymentMethod, PaymentStatus } from '@parade/core/enums';
import { and, asc, eq, inArray, lt, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { orderUpdated, recordOrderEvent } from './order-events';
import { invoices, orders } from './orders.tables';

/**
 * What card payments need of an invoice: its total and payment state, and whether its orders
 * are still live (the unpaid-card timeout, or the shop, may have cancelled them).
 */
export interface InvoiceForPayment {
  id: number;
  number: string;
  userId: number;
  total: number;
  paymentMethod: PaymentMethod;
  paymentStatus: PaymentStatus;
  paymentDueAt: Date | null;
  /** Every order of the invoice is cancelled: nothing is left to pay for. */
  cancelled: boolean;
  /** At least one order of the invoice is cancelled (a shop cancelled its part). */
  partlyCancelled: boolean;
  /** The sum of its orders that are not cancelled: what a card payment charges (contract: "Money"). */
  liveTotal: number;
}

const invoiceColumns = {
  id: invoices.id,
  number: invoices.number,
  userId: invoices.userId,
  total: invoices.total,
  paymentMethod: invoices.paymentMethod,
  paymentStatus: invoices.paymentStatus,
  paymentDueAt: invoices.paymentDueAt,
  // Spelled out: Drizzle leaves a column unqualified in a single-table select, and inside this
  // subquery a bare "id" would be the order's.
  cancelled: sql<boolean>`not exists (select 1 from "orders" o where o.invoice_id = "invoices"."id" and o.status <> 'cancelled')`,
  partlyCancelled: sql<boolean>`exists (select 1 from "orders" o where o.invoice_id = "invoices"."id" and o.status = 'cancelled')`,
  liveTotal: sql<number>`(select coalesce(sum(o.total), 0)::int from "orders" o where o.invoice_id = "invoices"."id" and o.status <> 'cancelled')`,
};

/** The customer's invoice with this number, or null (another customer's invoice is null too). */
export async function findInvoiceForPayment(
  db: DbOrTx,
  by: { number: string; userId: number },
): Promise<InvoiceForPayment | null> {
  const [row] = await db
    .select(invoiceColumns)
    .from(invoices)
    .where(and(eq(invoices.number, by.number), eq(invoices.userId, by.userId)));
  return row ?? null;
}

/**
 * Locks the invoice row (SELECT ... FOR UPDATE) for a payment decision: the webhook and the
 * unpaid-card timeout both lock it first, so one of them decides and the other sees the result.
 */
export async function lockInvoiceForPayment(db: DbOrTx, invoiceId: number): Promise<InvoiceForPayment | null> {
  const [row] = await db.select(invoiceColumns).from(invoices).where(eq(invoices.id, invoiceId)).for('update');
  return row ?? null;
}

/**
 * Sets the payment status of the invoice and of its orders that are not cancelled (a cancelled
 * order is never marked paid).
 */
export async function setInvoicePaymentStatus(db: DbOrTx, invoiceId: number, status: PaymentStatus): Promise<number[]> {
  await db.update(invoices).set({ paymentStatus: status }).where(eq(invoices.id, invoiceId));
  const changed = await db
    .update(orders)
    .set({ paymentStatus: status })
    .where(and(eq(orders.invoiceId, invoiceId), ne(orders.status, 'cancelled')))
    .returning({ id: orders.id, shopId: orders.shopId, status: orders.status, paymentStatus: orders.paymentStatus });
  // Each shop's live board sees its order paid (or its payment failed) at once.
  for (const order of changed) await recordOrderEvent(db, order.shopId, orderUpdated(order));
  return changed.map((order) => order.id);
}

/**
 * Claims up to `limit` card invoices still waiting for their payment (unpaid, or failed and not
 * retried) past their due time, oldest first, locking them FOR UPDATE SKIP LOCKED: another
 * process running the same sweep skips them, and a webhook deciding one of them waits.
 * Call it inside the transaction that then releases them.
 */
export async function claimOverdueCardInvoices(db: DbOrTx, now: Date, limit: number): Promise<number[]> {
  const claimed: number[] = [];
  // One pass per status, so that the unpaid pass (nearly every row) keeps to the partial index on
  // unpaid invoices' due time; failed invoices are few.
  for (const status of ['unpaid', 'failed'] as const) {
    if (claimed.length >= limit) break;
    const rows = await db
      .select({ id: invoices.id })
      .from(invoices)
      .where(
        and(eq(invoices.paymentStatus, status), eq(invoices.paymentMethod, 'card'), lt(invoices.paymentDueAt, now)),
      )
      .orderBy(asc(invoices.paymentDueAt))
      .limit(limit - claimed.length)
      .for('update', { skipLocked: true });
    claimed.push(...rows.map((row) => row.id));
  }
  return claimed;
}

/** The invoices no longer wait for a card payment (their orders were cancelled): the sweep leaves them be. */
export async function endCardPaymentWait(db: DbOrTx, invoiceIds: number[]): Promise<void> {
  if (invoiceIds.length === 0) return;
  await db.update(invoices).set({ paymentDueAt: null }).where(inArray(invoices.id, invoiceIds));
}
