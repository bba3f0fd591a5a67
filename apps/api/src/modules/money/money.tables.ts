import { ledgerKinds } from '@parade/core/enums';
import { sql } from 'drizzle-orm';
import { index, integer, pgEnum, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { orders } from '../orders/orders.tables';
import { refunds } from '../payments/payments.tables';
import { payoutTransfers } from '../payouts/payouts.tables';
import { shops } from '../shops/shops.tables';
import { users } from '../users/users.tables';

export const ledgerKind = pgEnum('ledger_kind', ledgerKinds);

/**
 * Every movement of a shop's money on Parade, one row each, never changed or deleted (a trigger
 * in migration 0017 refuses UPDATE and DELETE): a shop's balance is a sum of its rows and nothing
 * else (docs/decisions/028). `amount` is signed pence from the shop's side: + the platform owes
 * the shop more (a card sale, a platform-paid discount), - less (commission, a refund, a payout).
 */
export const shopLedgerEntries = pgTable(
  'shop_ledger_entries',
  {
    id: serial().primaryKey(),
    shopId: integer()
      .notNull()
      .references(() => shops.id, { onDelete: 'restrict' }),
    kind: ledgerKind().notNull(),
    amount: integer().notNull(),
    orderId: integer().references(() => orders.id, { onDelete: 'restrict' }),
    /** The refund this `refund` entry records (one entry per refund). */
    refundId: integer().references(() => refunds.id, { onDelete: 'restrict' }),
    /** The transfer this `payout` entry records (written once Stripe made it; one entry per transfer). */
    payoutTransferId: integer().references(() => payoutTransfers.id, { onDelete: 'restrict' }),
    /** Why, for an adjustment (required there) or a refund. */
    note: text(),
    /** The admin who made an adjustment (kept: an account that moved money is not deleted). */
    createdBy: integer().references(() => users.id, { onDelete: 'restrict' }),
    /** When the amount may be paid out: a sale's and its commission's after the hold, the rest at once. */
    availableAt: timestamp({ withTimezone: true }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('shop_ledger_entries_shop_idx').on(t.shopId, t.createdAt),
    index('shop_ledger_entries_order_idx').on(t.orderId),
    // An order's sale and its commission are written once, whatever retries or races.
    uniqueIndex('shop_ledger_entries_order_sale_idx')
      .on(t.orderId, t.kind)
      .where(sql`${t.kind} in ('sale', 'commission')`),
    uniqueIndex('shop_ledger_entries_refund_idx').on(t.refundId, t.kind),
    uniqueIndex('shop_ledger_entries_payout_idx').on(t.payoutTransferId),
  ],
);
