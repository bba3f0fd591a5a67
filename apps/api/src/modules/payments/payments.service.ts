import type { PaymentStatus } from '@parade/core/enums';
import { and, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { paymentEvents, payments } from './payments.tables';

export interface PaymentRow {
  id: number;
  invoiceId: number;
  providerRef: string;
  amount: number;
  currency: string;
  status: PaymentStatus;
}

const paymentColumns = {
  id: payments.id,
  invoiceId: payments.invoiceId,
  providerRef: payments.providerRef,
  amount: payments.amount,
  currency: payments.currency,
  status: payments.status,
};

/** The invoice's latest Stripe PaymentIntent, if one was created. */
export async function findLatestPayment(db: DbOrTx, invoiceId: number): Promise<PaymentRow | null> {
  const [row] = await db
    .select(paymentColumns)
    .from(payments)
    .where(and(eq(payments.invoiceId, invoiceId), eq(payments.provider, 'stripe')))
    .orderBy(desc(payments.id))
    .limit(1);
  return row ?? null;
}

/** The payment of this PaymentIntent, or null when this site did not create it. */
export async function findPaymentByIntent(db: DbOrTx, intentId: string): Promise<PaymentRow | null> {
  const [row] = await db
    .select(paymentColumns)
    .from(payments)
    .where(and(eq(payments.provider, 'stripe'), eq(payments.providerRef, intentId)));
  return row ?? null;
}

/** Remembers a PaymentIntent created for an invoice; creating the same intent again changes nothing. */
export async function recordPaymentIntent(
  db: DbOrTx,
  intent: { invoiceId: number; intentId: string; amount: number; currency: string },
): Promise<void> {
  await db
    .insert(payments)
    .values({
      invoiceId: intent.invoiceId,
      provider: 'stripe',
      providerRef: intent.intentId,
      amount: intent.amount,
      currency: intent.currency,
    })
    .onConflictDoNothing({ target: [payments.provider, payments.providerRef] });
}

export async function setPaymentStatus(db: DbOrTx, paymentId: number, status: PaymentStatus): Promise<void> {
  await db.update(payments).set({ status }).where(eq(payments.id, paymentId));
}

/**
 * Records a webhook event id; false when it was recorded before (a replayed delivery). Call it
 * first in the transaction that acts on the event, so the event and its effect commit together
 * and a concurrent duplicate waits on the key, then finds it.
 */
export async function recordPaymentEvent(db: DbOrTx, event: { id: string; type: string }): Promise<boolean> {
  const rows = await db
    .insert(paymentEvents)
    .values({ id: event.id, type: event.type })
    .onConflictDoNothing({ target: paymentEvents.id })
    .returning({ id: paymentEvents.id });
  return rows.length > 0;
}

/** Whether a webhook event id was handled before (its row exists). */
export async function paymentEventSeen(db: DbOrTx, id: string): Promise<boolean> {
  const [row] = await db.select({ id: paymentEvents.id }).from(paymentEvents).where(eq(paymentEvents.id, id));
  return Boolean(row);
}
