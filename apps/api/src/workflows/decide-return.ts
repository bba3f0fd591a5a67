import type { Config } from '../config';
import type { DbOrTx } from '../db/client';
import { AppError, conflict, notFound } from '../lib/errors';
import { reverseSale } from '../modules/catalog';
import { enqueueMail, enqueueMails } from '../modules/mail';
import {
  type LockedReturn,
  lockVendorReturn,
  type ReturnMailFacts,
  returnAcceptedMail,
  returnReceivedMail,
  returnRejectedMail,
  setReturnDecision,
  setReturnReceived,
} from '../modules/returns';
import { shopsForOrders } from '../modules/shops';
import { refundReceivedReturn } from './refund-return';

/**
 * The shop's decisions on a return (accept, reject, item received), each one transaction that
 * locks the return, checks its state, records the change and queues the customer's mail; the
 * route delivers the mail after the commit. Scoped by the caller's shop: another shop's return
 * answers 404 exactly as a missing one.
 */

type Ctx = { db: DbOrTx; config: Pick<Config, 'publicUrl' | 'adminUrl'> };

const returnMissing = () => notFound('Return not found.', 'return_not_found');

const factsOf = (r: LockedReturn): ReturnMailFacts => ({
  returnId: r.id,
  orderId: r.orderId,
  invoiceNumber: r.invoiceNumber,
  fullName: r.fullName,
  quantity: r.quantity,
});

async function shopName(tx: DbOrTx, shopId: number): Promise<string> {
  return (await shopsForOrders(tx, [shopId])).get(shopId)?.name ?? 'The shop';
}

/** A pending return of the shop, locked; a decided one is 409 (deciding twice changes nothing). */
async function lockPending(tx: DbOrTx, shopId: number, returnId: number): Promise<LockedReturn> {
  const found = await lockVendorReturn(tx, shopId, returnId);
  if (!found) throw returnMissing();
  if (found.status !== 'pending') {
    throw conflict(`This return is already ${found.status}.`, {}, 'return_already_decided');
  }
  return found;
}

/**
 * Accepts or rejects a pending return with the shop's note, and mails the customer the
 * decision. One path for both, so the two can never check or record differently.
 */
async function decide(
  { db, config }: Ctx,
  input: { shopId: number; returnId: number; note: string | null; now?: Date },
  status: 'accepted' | 'rejected',
): Promise<{ mailIds: number[] }> {
  return db.transaction(async (tx) => {
    const found = await lockPending(tx, input.shopId, input.returnId);
    const at = input.now ?? new Date();
    // The row is locked, so the guard cannot fail here; it keeps the update honest if that changes.
    if (!(await setReturnDecision(tx, found.id, { status, note: input.note, at }))) {
      throw conflict('This return was decided meanwhile.', {}, 'return_already_decided');
    }
    const shop = await shopName(tx, input.shopId);
    const mail =
      status === 'accepted'
        ? returnAcceptedMail(config.publicUrl, found.customer, shop, factsOf(found), input.note)
        : // A rejection always carries its reason (the route's schema requires it).
          returnRejectedMail(config.publicUrl, found.customer, shop, factsOf(found), input.note ?? '');
    return { mailIds: [await enqueueMail(tx, mail)] };
  });
}

/** Accepts a pending return with an optional note for the customer, and mails them. */
export function acceptReturn(
  ctx: Ctx,
  input: { shopId: number; returnId: number; note: string | null; now?: Date },
): Promise<{ mailIds: number[] }> {
  return decide(ctx, input, 'accepted');
}

/** Rejects a pending return with the shop's reason (required), and mails the customer. */
export function rejectReturn(
  ctx: Ctx,
  input: { shopId: number; returnId: number; note: string; now?: Date },
): Promise<{ mailIds: number[] }> {
  return decide(ctx, input, 'rejected');
}

/**
 * The item of an accepted return came back: marks it received (once) and puts its quantity
 * back in stock exactly as an order cancellation does (catalog's reverseSale: stock up,
 * units sold down, a variation with unlimited stock stays unlimited, the read model refreshed
 * in the same transaction), refunds its line (refund-return: a card refund to send after the
 * commit, or a cash refund owed by the shop; the points reversed), then mails the customer.
 * Answers the mails and the card refunds to hand to the mailer and the refund sender.
 */
export async function receiveReturn(
  { db, config }: Ctx,
  input: { shopId: number; returnId: number; now?: Date },
): Promise<{ mailIds: number[]; refundIds: number[] }> {
  return db.transaction(async (tx) => {
    const found = await lockVendorReturn(tx, input.shopId, input.returnId);
    if (!found) throw returnMissing();
    if (found.receivedAt) {
      throw conflict('This return was already marked received.', {}, 'return_already_received');
    }
    if (found.status !== 'accepted') {
      const message =
        found.status === 'pending'
          ? 'Accept the return before marking the item received.'
          : 'A rejected return is not taken back.';
      throw new AppError(409, message, {}, 'return_not_accepted');
    }
    const at = input.now ?? new Date();
    if (!(await setReturnReceived(tx, found.id, at))) {
      throw conflict('This return was already marked received.', {}, 'return_already_received');
    }
    // A line whose variation was deleted since has no stock to go back to.
    if (found.variationId !== null) {
      await reverseSale(tx, [{ variationId: found.variationId, quantity: found.quantity }]);
    }
    const facts = factsOf(found);
    const refunded = await refundReceivedReturn(tx, config, found, facts);
    const mail = returnReceivedMail(
      config.publicUrl,
      found.customer,
      await shopName(tx, input.shopId),
      facts,
      refunded.refund,
    );
    const mailIds = [await enqueueMail(tx, mail), ...(await enqueueMails(tx, refunded.mails))];
    return { mailIds, refundIds: refunded.refundIds };
  });
}
