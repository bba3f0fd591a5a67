import type Stripe from 'stripe';
import type { Db } from '../db/client';
import { AppError } from '../lib/errors';
import { recordPaymentEvent } from '../modules/payments';
import { stripeAccountFacts, updatePayoutAccount } from '../modules/payouts';

/**
 * A verified `account.updated` event (docs/decisions/031): the shop's payout status takes what
 * Stripe says of its account (details submitted, payouts enabled, what is still due), once per
 * event id, in one transaction. An account this site did not make is ignored; an event whose
 * object is not an account is refused (400 `webhook_event_invalid`), as for payments.
 */
export async function recordPayoutAccountEvent(
  db: Db,
  event: Stripe.Event,
): Promise<'updated' | 'replayed' | 'ignored'> {
  const facts = stripeAccountFacts(event.data.object);
  if (!facts) {
    throw new AppError(400, 'The webhook event is not in the shape Stripe sends.', {}, 'webhook_event_invalid');
  }
  return db.transaction(async (tx) => {
    if (!(await recordPaymentEvent(tx, { id: event.id, type: event.type }))) return 'replayed';
    return (await updatePayoutAccount(tx, facts)) === null ? 'ignored' : 'updated';
  });
}
