/** Catalogue rules shared by the storefront and the API. */
export { type ProductType, productTypes, type SliderType, type SortBy, sliderTypes, sortByValues } from './enums';

/** The five sort options of spec section 4, mapped to the API's sort_by / sort_high (contract). */
export const sortOptions = {
  sortLowPrice: { sort_by: 'price', sort_high: 0 },
  sortHighPrice: { sort_by: 'price', sort_high: 1 },
  sortNew: { sort_by: 'date', sort_high: 1 },
  sortOld: { sort_by: 'date', sort_high: 0 },
  sortBestSelling: { sort_by: 'best_selling', sort_high: 1 },
} as const;
export type SortOption = keyof typeof sortOptions;
export const defaultSort = sortOptions.sortNew;

/** Delivery charge per checkout in pence when delivering physical items (spec section 9). */
export const DELIVERY_CHARGE_PENCE = 1000;
export const OFFERS_PAGE_SIZE = 15;
export const RECENTLY_VIEWED_LIMIT = 5;
export const SEARCH_MIN_LENGTH = 3;
export const SEARCH_DEBOUNCE_MS = 500;
