import { index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestamps } from '../../db/columns';
import { invoices, paymentStatus } from '../orders/orders.tables';

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
