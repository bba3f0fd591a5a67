/**
 * The catalog module's public surface: the queries other modules show (cards, categories,
 * brands, a shop's listing and listed product counts, a cart's prices), the stock and sale
 * commands checkout composes, the catalogue read model (the listable-product rule is computed
 * once, by read-model.ts, into `products.listable`, which every list filters on through
 * `listed()` in product-cards.ts) and where a variation's digital file is stored, for its downloads.
 */

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
export { listCategoryTree } from './categories.service';
export { categoryRefs, listFiltersExist } from './category-refs';
export {
  type CartVariation,
  type CheckoutVariation,
  cartVariations,
  variationsForCheckout,
} from './checkout-lines';
export {
  type DigitalDownload,
  digitalDownloadsOf,
  type VariationDigitalFile,
  variationDigitalFile,
} from './digital-files';
export { priceShopVariations } from './listable';
export { hasListedProducts, listedCardsByIds, productRefs, productShopId } from './product-cards';
export { shopProductListQuery, toListRequest } from './product-query';
export {
  countListableProducts,
  homeCardRows,
  listBrandRefs,
  listedShops,
  listProducts,
  shopListing,
  topCards,
} from './products.service';
export {
  applyPeerCatalogueChange,
  type CatalogueChange,
  catalogueStructureGeneration,
  type ListingScope,
  onLocalCatalogueChange,
  type ProductRating,
  productReadsChanged,
  readModelGeneration,
  refreshProductListings,
  repairReadModel,
  setProductRating,
} from './read-model';
export { SEARCH_LIMIT, searchVariations } from './search';
export { SEARCH_RATE_LIMIT } from './search-limits';
/** Reads the catalogue's words for typo correction now (otherwise in the background): for tests that search what they just wrote. */
export { loadSearchVocabulary } from './search-vocabulary';
export {
  listedShopSlugs,
  productPageExists,
  productSitemapCount,
  productSitemapEntries,
  productSitemapTotal,
  SITEMAP_PRODUCTS_PER_FILE,
} from './sitemap';
export { catalogFileReferences } from './stored-files';
/** Deleting from a shop's catalogue, for the workflow that keeps what buyers download and the shop's rating (workflows/delete-from-catalogue.ts). */
export {
  deleteVendorProduct,
  deleteVendorVariation,
  lockShopProductVariations,
  lockShopVariation,
  removeVendorDigitalFile,
} from './vendor.commands';
export { lowStockVariations, productsNotOfShop, unknownCatalogIds } from './vendor.queries';
