/** The shops module's public surface: its routes, the shop rule and holiday notice other modules join, and what orders need of a shop. */

export { shopsManageRoutes } from './manage.routes';
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
export { shopsRoutes } from './shops.routes';
export { activeShops, listVendors, setShopActive, shopHolidays, shopRefs } from './shops.service';
