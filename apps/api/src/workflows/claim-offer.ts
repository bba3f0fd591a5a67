import type { Claim } from '@parade/core/offer-schemas';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { AppError, conflict } from '../lib/errors';
import { isUniqueViolation } from '../lib/pg-errors';
import {
  CLAIM_IDEMPOTENCY_INDEX,
  CLAIM_NO_UNIQUE_INDEX,
  claimMissing,
  customerClaimsOf,
  findClaimByIdempotencyKey,
  findUserClaim,
  insertClaim,
  lockOfferForClaim,
  offerMissing,
  takeOfferPlace,
} from '../modules/offers';
import { openShopBySlug, shopClaimState } from '../modules/shops';
import { shopTeams } from '../modules/users';

/**
 * POST vendor-offers/vendor/{slug}/offers/{offerId}/claim: one transaction that locks the offer
 * row (claims of one offer queue here), checks it is switched on, started, not ended, that a
 * qr_only offer came with the shop's live code, that the customer is under the per-user limit,
 * takes a place under `max_claims` (a guarded increment the check constraint backs) and writes a
 * pending claim numbered per customer (a unique index: a double submit cannot make two).
 * With an `Idempotency-Key`, a retry (after a lost reply, or many at once) answers the first
 * claim made with that key, as place-order does; the same key for another offer is 422
 * `idempotency_key_reused`. docs/decisions/020-offers-and-claims.md, 045.
 */
export async function claimOffer(
  db: DbOrTx,
  input: { userId: number; shopSlug: string; offerId: number; qr?: string | undefined; idempotencyKey?: string | null },
): Promise<Claim> {
  const key = input.idempotencyKey ?? null;
  const replay = async (): Promise<Claim | null> => {
    if (!key) return null;
    const earlier = await findClaimByIdempotencyKey(db, input.userId, key);
    if (!earlier) return null;
    if (earlier.offerId !== input.offerId) {
      const message = 'This Idempotency-Key was already used for another claim.';
      throw new AppError(422, message, { 'Idempotency-Key': [message] }, 'idempotency_key_reused');
    }
    const claim = await findUserClaim(db, input.userId, earlier.id);
    if (!claim) throw claimMissing();
    return claim;
  };
  const earlier = await replay();
  if (earlier) return earlier;
  // Outside the transaction: a closed shop or unknown slug is 404 before anything is locked.
  const shop = await openShopBySlug(db, input.shopSlug);
  if (!shop) throw offerMissing();
  // A shop's own people cannot claim its offers: a claim they then mark used would award them
  // the offer's points (and count as a customer's claim in the shop's figures).
  if ((await shopTeams(db, [shop.id])).get(shop.id)?.includes(input.userId)) {
    throw conflict('You cannot claim an offer of a shop you run.', {}, 'offer_not_claimable');
  }
  let claimId: number | 'replay';
  try {
    claimId = await db.transaction(async (tx) => {
      if (key) {
        // Retries with one key queue here; the first commits, the rest find its claim.
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`claim-offer:${input.userId}:${key}`}))`);
        if (await findClaimByIdempotencyKey(tx, input.userId, key)) return 'replay' as const;
      }
      const offer = await lockOfferForClaim(tx, shop.id, input.offerId);
      if (!offer) throw offerMissing();
      // Read under the lock: the shop may have closed or regenerated its code meanwhile.
      const state = await shopClaimState(tx, shop.id);
      if (!state?.isOpen) throw offerMissing();
      if (!offer.isActive) throw conflict('This offer is not available at the moment.', {}, 'offer_inactive');
      if (!offer.started) throw conflict('This offer has not started yet.', {}, 'offer_not_started');
      if (offer.ended) throw conflict('This offer has ended.', {}, 'offer_ended');

      const qr = input.qr?.trim() || null;
      const viaQr = qr !== null && state.qrCodeId !== null && qr === state.qrCodeId;
      if (offer.qrOnly && qr === null) {
        throw conflict("Scan the shop's QR code in the shop to claim this offer.", {}, 'offer_qr_required');
      }
      if (offer.qrOnly && !viaQr) {
        throw conflict(
          "This QR code is no longer valid. Scan the shop's current code to claim this offer.",
          {},
          'offer_qr_invalid',
        );
      }

      const mine = await customerClaimsOf(tx, offer.id, input.userId);
      if (mine.live >= offer.maxClaimsPerUser) {
        throw conflict(
          offer.maxClaimsPerUser === 1
            ? 'You have already claimed this offer.'
            : `You have already claimed this offer ${offer.maxClaimsPerUser} times.`,
          {},
          'offer_already_claimed',
        );
      }
      if (!(await takeOfferPlace(tx, offer.id))) {
        throw conflict('Sorry, this offer has been fully claimed.', {}, 'offer_full');
      }
      return insertClaim(tx, {
        offerId: offer.id,
        userId: input.userId,
        claimNo: mine.lastClaimNo + 1,
        viaQr,
        idempotencyKey: key,
      });
    });
  } catch (error) {
    // The unique index is the last word on one key, one claim: the loser answers the winner's claim.
    if (key && isUniqueViolation(error, CLAIM_IDEMPOTENCY_INDEX)) claimId = 'replay';
    // Only reachable if two claims of one customer ever got past the lock together.
    else if (isUniqueViolation(error, CLAIM_NO_UNIQUE_INDEX)) {
      throw conflict('You have already claimed this offer.', {}, 'offer_already_claimed');
    } else throw error;
  }
  if (claimId === 'replay') {
    const winner = await replay();
    if (!winner) throw new Error('the idempotent claim vanished');
    return winner;
  }
  const claim = await findUserClaim(db, input.userId, claimId);
  if (!claim) throw claimMissing();
  return claim;
}
