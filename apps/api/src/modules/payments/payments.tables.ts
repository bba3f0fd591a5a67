import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestamps } from '../../db/columns';
import { invoices, orders, paymentStatus } from '../orders/orders.tables';

/** A card payment attempt (Stripe PaymentIntent) for an invoice. */
export const payments = pgTable(
  'payments',
  {
    id: serial().primaryKey(),
    invoiceId: integer()
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    provider: text().notNull().default('stripe'),
    providerRef: text().notNull(),
    amount: integer().notNull(),
    currency: text().notNull().default('gbp'),
    status: paymentStatus().notNull().default('unpaid'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('payments_provider_ref_idx').on(t.provider, t.providerRef),
    index('payments_invoice_idx').on(t.invoiceId),
  ],
);

/** Webhook events already handled, so a retried delivery changes nothing. */
export const paymentEvents = pgTable('payment_events', {
  id: text().primaryKey(),
  type: text().notNull(),
  ...timestamps,
});

/**
 * Money going back to a customer's card (docs/decisions/028): written `pending` in the
 * transaction that decides it (a paid card order cancelled), sent to Stripe after the commit with
 * its own idempotency key, then `succeeded` or `failed`. One refund per cancelled order.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: serial().primaryKey(),
    invoiceId: integer()
      .notNull()
      .references(() => invoices.id, { onDelete: 'restrict' }),
    orderId: integer()
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    /** `cancellation` (the whole order); returns will add their own kind. */
    kind: text({ enum: ['cancellation'] }).notNull(),
    /** Pence. */
    amount: integer().notNull(),
    /** The PaymentIntent refunded. */
    paymentIntent: text().notNull(),
    status: text({ enum: ['pending', 'succeeded', 'failed'] })
      .notNull()
      .default('pending'),
    /** Stripe's refund id (re_...), once it answered. */
    providerRef: text(),
    /** Sent with every attempt: a retry after a lost reply is the same refund to Stripe. */
    idempotencyKey: text().notNull(),
    attempts: integer().notNull().default(0),
    lastError: text(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('refunds_cancellation_idx').on(t.orderId).where(sql`${t.kind} = 'cancellation'`),
    uniqueIndex('refunds_idempotency_idx').on(t.idempotencyKey),
    index('refunds_pending_idx').on(t.createdAt).where(sql`${t.status} = 'pending'`),
    check('refunds_amount_check', sql`${t.amount} > 0`),
  ],
);
