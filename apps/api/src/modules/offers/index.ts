/**
 * The offers module's public surface: its routes (offers, claims, QR codes; tables gathered by
 * db/schema.ts for migrations and the seed) and the commands the claim workflows compose.
 */

/** The claim workflows' commands (workflows/claim-offer.ts, workflows/change-claim-status.ts). */
export {
  CLAIM_NO_UNIQUE_INDEX,
  claimMissing,
  customerClaimsOf,
  findUserClaim,
  insertClaim,
  type LockedClaim,
  lockClaim,
  lockOfferForClaim,
  releaseOfferPlace,
  setClaimState,
  takeOfferPlace,
} from './claims.service';
/** Offers and claims: the public, customer and vendor routes (register under `/vendor-offers`). */
export { offersRoutes } from './offers.routes';
/** What the QR calls (my-offer) read of offers. */
export { liveShopOffers, offerMissing } from './offers.service';
/** The shop's QR code: the merchant's calls and the public validate and my-offer (register both under `/vendor-offers`). */
export { qrCodesPublicRoutes, qrCodesVendorRoutes } from './qr-codes.routes';
export { vendorOffersRoutes } from './vendor-offers.routes';
