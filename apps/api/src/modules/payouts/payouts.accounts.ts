import type { PayoutAccount } from '@parade/core/payout-schemas';
import { eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import { shopPayoutAccounts } from './payouts.tables';

export type PayoutAccountRow = typeof shopPayoutAccounts.$inferSelect;

/** What Stripe says of a Connect account, as an `account.updated` event or `accounts.retrieve` carries it. */
export interface StripeAccountFacts {
  id: string;
  details_submitted: boolean;
  payouts_enabled: boolean;
  charges_enabled: boolean;
  requirements_due: string[];
}

/** The shop's Connect account, or null before its first onboarding. */
export async function findPayoutAccount(db: DbOrTx, shopId: number): Promise<PayoutAccountRow | null> {
  const [row] = await db.select().from(shopPayoutAccounts).where(eq(shopPayoutAccounts.shopId, shopId));
  return row ?? null;
}

/**
 * Keeps the account Stripe made for the shop. Once per shop: a second request (a retry, a double
 * click) that got the same account from Stripe (same idempotency key) writes nothing; answers
 * the row the shop has.
 */
export async function savePayoutAccount(
  db: DbOrTx,
  shopId: number,
  account: StripeAccountFacts,
): Promise<PayoutAccountRow> {
  await db
    .insert(shopPayoutAccounts)
    .values({
      shopId,
      stripeAccountId: account.id,
      detailsSubmitted: account.details_submitted,
      payoutsEnabled: account.payouts_enabled,
      chargesEnabled: account.charges_enabled,
      requirementsDue: account.requirements_due.join(',') || null,
    })
    // No target: every unique index is an arbiter. With the shop id alone, an insert waiting on
    // another call's uncommitted row for the same account can hit the Stripe id's unique index
    // first, and PostgreSQL raises that as an error instead of doing nothing.
    .onConflictDoNothing();
  const row = await findPayoutAccount(db, shopId);
  if (!row) throw new Error('savePayoutAccount: no row came back');
  return row;
}

/** Stripe's latest word on an account (`account.updated`); answers the shop it belongs to, or null for an account this site did not make. */
export async function updatePayoutAccount(db: DbOrTx, account: StripeAccountFacts): Promise<number | null> {
  const [row] = await db
    .update(shopPayoutAccounts)
    .set({
      detailsSubmitted: account.details_submitted,
      payoutsEnabled: account.payouts_enabled,
      chargesEnabled: account.charges_enabled,
      requirementsDue: account.requirements_due.join(',') || null,
      updatedAt: new Date(),
    })
    .where(eq(shopPayoutAccounts.stripeAccountId, account.id))
    .returning({ shopId: shopPayoutAccounts.shopId });
  return row?.shopId ?? null;
}

/** The shop's payout status as it is shown to it. */
export function payoutAccountView(row: PayoutAccountRow | null): PayoutAccount {
  if (!row) return { state: 'not_started', details_submitted: false, payouts_enabled: false, requirements_due: [] };
  return {
    state: row.payoutsEnabled ? 'ready' : 'in_progress',
    details_submitted: row.detailsSubmitted,
    payouts_enabled: row.payoutsEnabled,
    requirements_due: row.requirementsDue ? row.requirementsDue.split(',') : [],
  };
}

/** Every shop's account, for a run's decision (which shops can be paid, and where). */
export async function payoutAccountsByShop(db: DbOrTx, shopIds: number[]): Promise<Map<number, PayoutAccountRow>> {
  if (shopIds.length === 0) return new Map();
  const rows = await db.select().from(shopPayoutAccounts).where(inArray(shopPayoutAccounts.shopId, shopIds));
  return new Map(rows.map((row) => [row.shopId, row]));
}

/** A Connect account as Stripe sends it in `account.updated` (the fields this site reads). */
const accountShape = z.object({
  id: z.string().startsWith('acct_'),
  details_submitted: z.boolean().nullish(),
  payouts_enabled: z.boolean().nullish(),
  charges_enabled: z.boolean().nullish(),
  requirements: z.object({ currently_due: z.array(z.string()).nullish() }).nullish(),
});

/** The facts of a Connect account object (from a webhook or `accounts.create`/`retrieve`), or null when it is not one. */
export function stripeAccountFacts(object: unknown): StripeAccountFacts | null {
  const parsed = accountShape.safeParse(object);
  if (!parsed.success) return null;
  const account = parsed.data;
  return {
    id: account.id,
    details_submitted: account.details_submitted ?? false,
    payouts_enabled: account.payouts_enabled ?? false,
    charges_enabled: account.charges_enabled ?? false,
    requirements_due: account.requirements?.currently_due ?? [],
  };
}
