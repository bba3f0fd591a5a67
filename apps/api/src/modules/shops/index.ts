/** The shops module's public surface: its routes, and the shop rule other modules join. */
export { shopsRoutes } from './shops.routes';
export { activeShops, listVendors, setShopActive, shopRefs } from './shops.service';
