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
export { shopsRoutes } from './shops.routes';
export { activeShops, listVendors, setShopActive, shopHolidays, shopRefs } from './shops.service';
