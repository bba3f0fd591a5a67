/**
 * The catalog module's public surface: its routes, the queries other modules show (cards,
 * categories, brands, a shop's listing), the listable-product rule for queries that must
 * join it (`listableParts`; the rule itself lives in listable.ts) and where a variation's
 * digital file is stored, for its downloads.
 */

export { catalogAdminRoutes } from './admin.routes';
export {
  recordSale,
  reverseSale,
  type SaleLine,
  setProductActive,
  setVariationActive,
  setVariationPrice,
  setVariationStock,
  stockShortMessage,
} from './catalog.commands';
export { catalogRoutes } from './catalog.routes';
export { listCategoryTree } from './categories.service';
export { categoryRefs } from './category-refs';
export { type CheckoutVariation, variationsForCheckout } from './checkout-lines';
export {
  type DigitalDownload,
  digitalDownloadsOf,
  type VariationDigitalFile,
  variationDigitalFile,
} from './digital-files';
export { priceShopVariations } from './listable';
export { shopProductListQuery, toListRequest } from './product-query';
export { countListableProducts, listBrandRefs, listProducts, shopListing, topCards } from './products.service';
export { type ListingScope, readModelGeneration, refreshProductListings, repairReadModel } from './read-model';
export { SEARCH_LIMIT, searchVariations } from './search';
export { SEARCH_RATE_LIMIT } from './search-limits';
export { lowStockVariations, productsNotOfShop } from './vendor.queries';
export { vendorCatalogRoutes } from './vendor.routes';
