import { and, asc, desc, eq, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { payments, refunds } from './payments.tables';

export type RefundRow = typeof refunds.$inferSelect;

/**
 * Decides a paid card order's refund in the caller's transaction (the cancellation's): a pending
 * row for the order's total on the invoice's paid PaymentIntent, with the idempotency key every
 * attempt will send. One per cancelled order (a unique index; a second call writes nothing).
 * Answers the refund's id, or null when the invoice has no paid card payment to refund.
 */
export async function queueCancellationRefund(
  db: DbOrTx,
  input: { invoiceId: number; orderId: number; amount: number },
): Promise<number | null> {
  if (input.amount <= 0) return null;
  const [paid] = await db
    .select({ intent: payments.providerRef })
    .from(payments)
    .where(and(eq(payments.invoiceId, input.invoiceId), eq(payments.status, 'paid')))
    .orderBy(desc(payments.id))
    .limit(1);
  if (!paid) return null;
  const [row] = await db
    .insert(refunds)
    .values({
      invoiceId: input.invoiceId,
      orderId: input.orderId,
      kind: 'cancellation',
      amount: input.amount,
      paymentIntent: paid.intent,
      idempotencyKey: `parade-order-${input.orderId}-cancellation-refund`,
    })
    .onConflictDoNothing()
    .returning({ id: refunds.id });
  return row?.id ?? null;
}

/** A refund still to send, or null (already decided, or unknown). */
export async function pendingRefund(db: DbOrTx, id: number): Promise<RefundRow | null> {
  const [row] = await db
    .select()
    .from(refunds)
    .where(and(eq(refunds.id, id), eq(refunds.status, 'pending')));
  return row ?? null;
}

/** Refunds still pending since before `before` (the sweep retries them), oldest first. */
export async function stalePendingRefunds(db: DbOrTx, before: Date, limit = 50): Promise<number[]> {
  const rows = await db
    .select({ id: refunds.id })
    .from(refunds)
    .where(and(eq(refunds.status, 'pending'), lt(refunds.updatedAt, before)))
    .orderBy(asc(refunds.createdAt))
    .limit(limit);
  return rows.map((row) => row.id);
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
