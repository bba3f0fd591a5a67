import type { Claim } from '@parade/core/offer-schemas';
import type { DbOrTx } from '../db/client';
import { conflict } from '../lib/errors';
import { isUniqueViolation } from '../lib/pg-errors';
import {
  CLAIM_NO_UNIQUE_INDEX,
  claimMissing,
  customerClaimsOf,
  findUserClaim,
  insertClaim,
  lockOfferForClaim,
  offerMissing,
  takeOfferPlace,
} from '../modules/offers';
import { openShopBySlug, shopClaimState } from '../modules/shops';

/**
 * POST vendor-offers/vendor/{slug}/offers/{offerId}/claim: one transaction that locks the offer
 * row (claims of one offer queue here), checks it is switched on, started, not ended, that a
 * qr_only offer came with the shop's live code, that the customer is under the per-user limit,
 * takes a place under `max_claims` (a guarded increment the check constraint backs) and writes a
 * pending claim numbered per customer (a unique index: a double submit cannot make two).
 * docs/decisions/020-offers-and-claims.md.
 */
export async function claimOffer(
  db: DbOrTx,
  input: { userId: number; shopSlug: string; offerId: number; qr?: string | undefined },
): Promise<Claim> {
  // Outside the transaction: a closed shop or unknown slug is 404 before anything is locked.
  const shop = await openShopBySlug(db, input.shopSlug);
  if (!shop) throw offerMissing();
  let claimId: number;
  try {
    claimId = await db.transaction(async (tx) => {
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
      return insertClaim(tx, { offerId: offer.id, userId: input.userId, claimNo: mine.lastClaimNo + 1, viaQr });
    });
  } catch (error) {
    // Only reachable if two claims of one customer ever got past the lock together.
    if (isUniqueViolation(error, CLAIM_NO_UNIQUE_INDEX)) {
      throw conflict('You have already claimed this offer.', {}, 'offer_already_claimed');
    }
    throw error;
  }
  const claim = await findUserClaim(db, input.userId, claimId);
  if (!claim) throw claimMissing();
  return claim;
}
