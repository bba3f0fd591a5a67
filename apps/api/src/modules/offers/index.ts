/**
 * The offers module's public surface: the commands the claim workflows compose, and what its
 * QR calls read of offers. Its routes (offers, claims, QR codes) are registered under
 * `/vendor-offers` by src/http/routes.ts.
 */

/** The claim workflows' commands (workflows/claim-offer.ts, workflows/change-claim-status.ts). */
export {
  CLAIM_IDEMPOTENCY_INDEX,
  CLAIM_NO_UNIQUE_INDEX,
  claimMissing,
  customerClaimsOf,
  findClaimByIdempotencyKey,
  findUserClaim,
  insertClaim,
  type LockedClaim,
  lockClaim,
  lockOfferForClaim,
  releaseOfferPlace,
  setClaimState,
  takeOfferPlace,
} from './claims.service';
/** What the QR calls (my-offer) read of offers. */
export { liveShopOffers, offerMissing } from './offers.service';
export { offersFileReferences } from './stored-files';
