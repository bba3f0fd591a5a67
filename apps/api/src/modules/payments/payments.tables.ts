import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestamps } from '../../db/columns';
import { invoices, orders, paymentStatus } from '../orders/orders.tables';
import { orderReturns } from '../returns/returns.tables';

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
 * Money going back to a customer (docs/decisions/028, 030): written in the transaction that
 * decides it (a paid card order cancelled, a return marked received). A card refund is `pending`
 * until sent to Stripe after the commit with its own idempotency key, then `succeeded` or
 * `failed`; a cash refund is `owed` (the shop pays it back over the counter) until the shop says
 * it paid it, `settled`. One refund per cancelled order and one per return.
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
    /**
     * `cancellation` (the whole order), `return` (a received return's lines) or `external` (made in
     * Stripe's dashboard, recorded from charge.refunded so the invoice's sums stay true).
     */
    kind: text({ enum: ['cancellation', 'return', 'external'] }).notNull(),
    /** The return refunded (kind `return` only). */
    returnId: integer().references(() => orderReturns.id, { onDelete: 'restrict' }),
    /** `card` goes back through Stripe; `cash` is paid back by the shop in cash. */
    method: text({ enum: ['card', 'cash'] })
      .notNull()
      .default('card'),
    /** Pence. */
    amount: integer().notNull(),
    /** The PaymentIntent refunded (card refunds only). */
    paymentIntent: text(),
    status: text({ enum: ['pending', 'succeeded', 'failed', 'owed', 'settled'] })
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
    uniqueIndex('refunds_return_idx').on(t.returnId).where(sql`${t.kind} = 'return'`),
    uniqueIndex('refunds_idempotency_idx').on(t.idempotencyKey),
    uniqueIndex('refunds_provider_ref_idx').on(t.providerRef),
    index('refunds_order_idx').on(t.orderId),
    index('refunds_pending_idx').on(t.createdAt).where(sql`${t.status} = 'pending'`),
    check('refunds_amount_check', sql`${t.amount} > 0`),
    check('refunds_card_intent_check', sql`${t.method} = 'cash' or ${t.paymentIntent} is not null`),
    check('refunds_return_check', sql`(${t.kind} = 'return') = (${t.returnId} is not null)`),
  ],
);
