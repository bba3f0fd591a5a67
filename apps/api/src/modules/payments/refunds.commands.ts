import { and, asc, desc, eq, inArray, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { payments, refunds } from './payments.tables';

export type RefundRow = typeof refunds.$inferSelect;

/** The PaymentIntent that paid the invoice (the latest paid one), or null: what a card refund refunds. */
async function paidIntentOf(db: DbOrTx, invoiceId: number): Promise<string | null> {
  const [paid] = await db
    .select({ intent: payments.providerRef })
    .from(payments)
    .where(and(eq(payments.invoiceId, invoiceId), eq(payments.status, 'paid')))
    .orderBy(desc(payments.id))
    .limit(1);
  return paid?.intent ?? null;
}

/**
 * Decides a paid order's refund in the caller's transaction (the cancellation's), for the order's
 * total, one per cancelled order (a unique index; a second call writes nothing), with the
 * idempotency key every attempt will send:
 * - by card, a `pending` row on the invoice's paid PaymentIntent, sent to Stripe after the commit;
 * - in cash, a `settled` row: the shop hands the customer's cash back as it cancels. No ledger
 *   entry: an undelivered cash order's sale was never booked (decision 028).
 * Answers the row written, or null (nothing to refund, no paid card payment, already decided).
 */
export async function queueCancellationRefund(
  db: DbOrTx,
  input: { invoiceId: number; orderId: number; amount: number; method: 'card' | 'cash' },
): Promise<RefundRow | null> {
  if (input.amount <= 0) return null;
  let paymentIntent: string | null = null;
  if (input.method === 'card') {
    paymentIntent = await paidIntentOf(db, input.invoiceId);
    if (!paymentIntent) return null;
  }
  const [row] = await db
    .insert(refunds)
    .values({
      invoiceId: input.invoiceId,
      orderId: input.orderId,
      kind: 'cancellation',
      method: input.method,
      amount: input.amount,
      paymentIntent,
      status: input.method === 'card' ? 'pending' : 'settled',
      idempotencyKey: `parade-order-${input.orderId}-cancellation-refund`,
    })
    .onConflictDoNothing()
    .returning();
  return row ?? null;
}

/** A refund still to send, or null (already decided, or unknown). */
export async function pendingRefund(db: DbOrTx, id: number): Promise<RefundRow | null> {
  const [row] = await db
    .select()
    .from(refunds)
    .where(and(eq(refunds.id, id), eq(refunds.status, 'pending')));
  return row ?? null;
}

/**
 * Takes up to `limit` refunds pending and untouched since before `before` for this process's
 * sweep to send again, oldest first. Each is locked FOR UPDATE SKIP LOCKED and touched
 * (`updated_at` = now) in one statement, so a sweep of another process at the same moment, or
 * within the retry interval, does not take it too (docs/decisions/042). Stripe's idempotency
 * key would make a second send harmless; this keeps it from happening at all.
 */
export async function claimStalePendingRefunds(db: DbOrTx, before: Date, limit = 50): Promise<number[]> {
  const stale = db
    .select({ id: refunds.id })
    .from(refunds)
    .where(and(eq(refunds.status, 'pending'), lt(refunds.updatedAt, before)))
    .orderBy(asc(refunds.createdAt))
    .limit(limit)
    .for('update', { skipLocked: true });
  const rows = await db
    .update(refunds)
    .set({ updatedAt: new Date() })
    .where(inArray(refunds.id, stale))
    .returning({ id: refunds.id, createdAt: refunds.createdAt });
  return rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id - b.id).map((row) => row.id);
}

/**
 * Stripe answered: the refund is `succeeded` (with its id) or `failed` (with why). Guarded on
 * `pending`, so two processes finishing the same refund change it once; answers the row when
 * this call made the change.
 */
export async function settleRefund(
  db: DbOrTx,
  id: number,
  outcome: { status: 'succeeded'; providerRef: string } | { status: 'failed'; error: string },
): Promise<RefundRow | null> {
  const [row] = await db
    .update(refunds)
    .set({
      status: outcome.status,
      providerRef: outcome.status === 'succeeded' ? outcome.providerRef : null,
      lastError: outcome.status === 'failed' ? outcome.error : null,
      attempts: sql`${refunds.attempts} + 1`,
      updatedAt: new Date(),
    })
    .where(and(eq(refunds.id, id), eq(refunds.status, 'pending')))
    .returning();
  return row ?? null;
}

/** An attempt that did not reach a decision (Stripe down, a timeout): counted, left pending for the sweep. */
export async function noteRefundAttempt(db: DbOrTx, id: number, error: string): Promise<void> {
  await db
    .update(refunds)
    .set({ attempts: sql`${refunds.attempts} + 1`, lastError: error, updatedAt: new Date() })
    .where(and(eq(refunds.id, id), eq(refunds.status, 'pending')));
}

/**
 * Decides a received return's refund in the caller's transaction (docs/decisions/030): by card,
 * a `pending` row on the invoice's paid PaymentIntent with the idempotency key
 * `parade-return-<id>-refund`, sent to Stripe after the commit; in cash, an `owed` row (the shop
 * pays the customer back over the counter). One per return (a unique index; a second call writes
 * nothing). Answers the row written, or null (nothing to refund, no paid card payment, or
 * already decided).
 */
export async function queueReturnRefund(
  db: DbOrTx,
  input: { invoiceId: number; orderId: number; returnId: number; amount: number; method: 'card' | 'cash' },
): Promise<RefundRow | null> {
  if (input.amount <= 0) return null;
  let paymentIntent: string | null = null;
  if (input.method === 'card') {
    paymentIntent = await paidIntentOf(db, input.invoiceId);
    if (!paymentIntent) return null;
  }
  const [row] = await db
    .insert(refunds)
    .values({
      invoiceId: input.invoiceId,
      orderId: input.orderId,
      kind: 'return',
      returnId: input.returnId,
      method: input.method,
      amount: input.amount,
      paymentIntent,
      status: input.method === 'card' ? 'pending' : 'owed',
      idempotencyKey: `parade-return-${input.returnId}-refund`,
    })
    .onConflictDoNothing()
    .returning();
  return row ?? null;
}

/** The order's refunds, oldest first (the refund rules read them cumulatively, in id order). */
export async function orderRefunds(db: DbOrTx, orderId: number): Promise<RefundRow[]> {
  return db.select().from(refunds).where(eq(refunds.orderId, orderId)).orderBy(asc(refunds.id));
}

/** The refunds of these orders, oldest first. */
export async function refundsOfOrders(db: DbOrTx, orderIds: number[]): Promise<RefundRow[]> {
  if (orderIds.length === 0) return [];
  return db
    .select()
    .from(refunds)
    .where(inArray(refunds.orderId, [...new Set(orderIds)]))
    .orderBy(asc(refunds.id));
}

/** The refund of each of these returns, by return id. */
export async function refundsOfReturns(db: DbOrTx, returnIds: number[]): Promise<Map<number, RefundRow>> {
  if (returnIds.length === 0) return new Map();
  const rows = await db
    .select()
    .from(refunds)
    .where(and(eq(refunds.kind, 'return'), inArray(refunds.returnId, [...new Set(returnIds)])));
  return new Map(rows.map((row) => [row.returnId!, row]));
}

/** Every `return` refund whose money moved or is owed (card succeeded, cash owed or settled), oldest first: the check command's list. */
export async function ledgerDueReturnRefunds(db: DbOrTx): Promise<RefundRow[]> {
  return db
    .select()
    .from(refunds)
    .where(
      and(
        eq(refunds.kind, 'return'),
        or(
          and(eq(refunds.method, 'card'), eq(refunds.status, 'succeeded')),
          and(eq(refunds.method, 'cash'), inArray(refunds.status, ['owed', 'settled'])),
        ),
      ),
    )
    .orderBy(asc(refunds.id));
}

/** The money refunded of the order: its refunds that went back (card `succeeded`, cash `settled`). */
export async function refundedOfOrder(db: DbOrTx, orderId: number): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`coalesce(sum(${refunds.amount}), 0)::int` })
    .from(refunds)
    .where(and(eq(refunds.orderId, orderId), inArray(refunds.status, ['succeeded', 'settled'])));
  return Number(row?.total ?? 0);
}

/** The shop paid an owed cash refund back: `owed` becomes `settled`, once (false otherwise). */
export async function settleCashRefund(db: DbOrTx, id: number, orderId?: number): Promise<RefundRow | null> {
  const [row] = await db
    .update(refunds)
    .set({ status: 'settled', updatedAt: new Date() })
    .where(
      and(
        eq(refunds.id, id),
        eq(refunds.status, 'owed'),
        eq(refunds.method, 'cash'),
        orderId === undefined ? undefined : eq(refunds.orderId, orderId),
      ),
    )
    .returning();
  return row ?? null;
}

/** A card refund Stripe tells us of (a `charge.refunded` webhook): ours by its Stripe id, or by the refund id we sent in its metadata. */
export async function findRefundForStripe(
  db: DbOrTx,
  stripeRefund: { id: string; refundId: number | null },
): Promise<RefundRow | null> {
  const [byRef] = await db.select().from(refunds).where(eq(refunds.providerRef, stripeRefund.id));
  if (byRef) return byRef;
  if (stripeRefund.refundId === null) return null;
  const [byId] = await db.select().from(refunds).where(eq(refunds.id, stripeRefund.refundId));
  return byId ?? null;
}

/**
 * Records a refund Stripe made that Parade did not ask for (the Stripe dashboard), so the
 * invoice's `charged - refunded` stays true: a `succeeded` card refund with Stripe's id, on the
 * order given, of kind `external` with a note saying where it came from (docs/decisions/030);
 * null when it was recorded before (Stripe's id is unique).
 */
export async function recordOutsideRefund(
  db: DbOrTx,
  input: { invoiceId: number; orderId: number; amount: number; paymentIntent: string; stripeRefundId: string },
): Promise<RefundRow | null> {
  const [row] = await db
    .insert(refunds)
    .values({
      invoiceId: input.invoiceId,
      orderId: input.orderId,
      kind: 'external',
      method: 'card',
      amount: input.amount,
      paymentIntent: input.paymentIntent,
      status: 'succeeded',
      providerRef: input.stripeRefundId,
      idempotencyKey: `stripe-${input.stripeRefundId}`,
      lastError: 'Made outside Parade (Stripe told us in charge.refunded): check it by hand',
    })
    .onConflictDoNothing()
    .returning();
  return row ?? null;
}

/** Refunds a person should look at: `failed` ones, and card refunds still `pending` since before `stuckBefore`; newest first. */
export async function troubledRefunds(
  db: DbOrTx,
  stuckBefore: Date,
  page: { page: number; perPage: number },
): Promise<{ rows: RefundRow[]; total: number }> {
  const troubled = or(
    eq(refunds.status, 'failed'),
    and(eq(refunds.status, 'pending'), lt(refunds.updatedAt, stuckBefore)),
  );
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(refunds)
      .where(troubled)
      .orderBy(desc(refunds.updatedAt), desc(refunds.id))
      .limit(page.perPage)
      .offset((page.page - 1) * page.perPage),
    db.select({ n: sql<number>`count(*)::int` }).from(refunds).where(troubled),
  ]);
  return { rows, total: Number(counted?.n ?? 0) };
}

/** One refund, or null. */
export async function findRefund(db: DbOrTx, id: number): Promise<RefundRow | null> {
  const [row] = await db.select().from(refunds).where(eq(refunds.id, id));
  return row ?? null;
}

/**
 * An admin tries a failed card refund again: it is `pending` again with a new idempotency key
 * (Stripe keeps the refusal under the old one), for the sender. Guarded on `failed`: answers
 * the row, or null when it is not a failed card refund.
 */
export async function reopenFailedRefund(db: DbOrTx, id: number): Promise<RefundRow | null> {
  const [row] = await db
    .update(refunds)
    .set({
      status: 'pending',
      idempotencyKey: sql`${refunds.idempotencyKey} || '-retry-' || ${refunds.attempts}`,
      updatedAt: new Date(),
    })
    .where(and(eq(refunds.id, id), eq(refunds.status, 'failed'), eq(refunds.method, 'card')))
    .returning();
  return row ?? null;
}
