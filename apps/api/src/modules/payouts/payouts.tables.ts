import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestamps } from '../../db/columns';
import { shops } from '../shops/shops.tables';
import { users } from '../users/users.tables';

/**
 * A shop's Stripe Connect (Express) account, where its payouts go (docs/decisions/031). Created
 * by the shop's first onboarding request; kept in step by Stripe's `account.updated` webhook.
 * A shop may be paid only while `payouts_enabled` is true.
 */
export const shopPayoutAccounts = pgTable(
  'shop_payout_accounts',
  {
    shopId: integer()
      .primaryKey()
      .references(() => shops.id, { onDelete: 'restrict' }),
    /** Stripe's account id (acct_...). */
    stripeAccountId: text().notNull(),
    detailsSubmitted: boolean().notNull().default(false),
    payoutsEnabled: boolean().notNull().default(false),
    chargesEnabled: boolean().notNull().default(false),
    /** What Stripe still needs from the shop (its `requirements.currently_due`), comma-separated. */
    requirementsDue: text(),
    ...timestamps,
  },
  (t) => [uniqueIndex('shop_payout_accounts_stripe_idx').on(t.stripeAccountId)],
);

/** One press of "Run payouts" by an admin: the transfers it decided, made and skipped. */
export const payoutRuns = pgTable(
  'payout_runs',
  {
    id: serial().primaryKey(),
    startedBy: integer().references(() => users.id, { onDelete: 'restrict' }),
    status: text({ enum: ['running', 'finished'] })
      .notNull()
      .default('running'),
    finishedAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (t) => [index('payout_runs_created_idx').on(t.createdAt)],
);

/**
 * One shop's part of a payout run. `pending` is decided (its amount is held back from the
 * shop's available balance so a second run cannot pay it again) but not yet sent; `paid` once
 * Stripe made the transfer (and the ledger's payout entry is written in the same transaction);
 * `failed` when Stripe refused it (nothing is paid, the amount is free again); `skipped` for a
 * shop with money available but no ready account (amount = what it would have been, reason why).
 */
export const payoutTransfers = pgTable(
  'payout_transfers',
  {
    id: serial().primaryKey(),
    runId: integer()
      .notNull()
      .references(() => payoutRuns.id, { onDelete: 'restrict' }),
    shopId: integer()
      .notNull()
      .references(() => shops.id, { onDelete: 'restrict' }),
    /** Pence. */
    amount: integer().notNull(),
    status: text({ enum: ['pending', 'paid', 'failed', 'skipped'] }).notNull(),
    /** Why it was skipped or failed, in words for the admin. */
    reason: text(),
    /** The Connect account paid (acct_...), null when skipped for having none. */
    destination: text(),
    /** Stripe's transfer id (tr_...), once made. */
    stripeTransferId: text(),
    /** Sent with every attempt: a retry after a lost reply is the same transfer to Stripe. */
    idempotencyKey: text().notNull(),
    attempts: integer().notNull().default(0),
    ...timestamps,
  },
  (t) => [
    // Once per shop per run, whatever the retries.
    uniqueIndex('payout_transfers_run_shop_idx').on(t.runId, t.shopId),
    uniqueIndex('payout_transfers_idempotency_idx').on(t.idempotencyKey),
    uniqueIndex('payout_transfers_stripe_idx').on(t.stripeTransferId),
    index('payout_transfers_shop_idx').on(t.shopId, t.createdAt),
    index('payout_transfers_pending_idx').on(t.createdAt).where(sql`${t.status} = 'pending'`),
    check('payout_transfers_amount_check', sql`${t.amount} > 0`),
  ],
);
