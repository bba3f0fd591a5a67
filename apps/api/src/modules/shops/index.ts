/**
 * The shops module's public surface: the shop rule and holiday notice other modules join, and
 * what orders need of a shop.
 */
export { type CheckoutShop, shopsForOrders } from './shops.checkout';
export {
  type AdminShopBase,
  createShop,
  findShopForAdmin,
  setShopImage,
  updateShopProfile,
} from './shops.manage';
/** For the offers module (offers, claims, QR codes): an open shop by slug or by its live QR code. */
export {
  type OfferShop,
  offerShopRefs,
  openShopBySlug,
  shopByLiveQrCode,
  shopClaimState,
} from './shops.offers';
/** For the offers module's QR codes: the shop's live code, read and replaced. */
export { findShopQr, type ShopQr, setShopQrCode } from './shops.qr';
export {
  activeShops,
  listVendors,
  openShopCards,
  type ShopCardBase,
  setShopActive,
  setShopCommissionRate,
  setShopRating,
  shopCommissionRate,
  shopHolidays,
  shopNames,
  shopRefs,
  shopStatementHeader,
} from './shops.service';
export { shopsFileReferences } from './stored-files';
