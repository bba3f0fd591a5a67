import { clipSearchTerm, defaultSort, type SortOption, searchTermLongEnough, sortOptions } from '@parade/core/catalog';

/** Spec section 4's default sort (by date, newest first) under its option name. */
export const DEFAULT_SORT: SortOption = (Object.keys(sortOptions) as SortOption[]).find(
  (key) => sortOptions[key] === defaultSort,
)!;

/** The product list's filters as they live in the URL (/products and a shop's products tab). */
export interface ProductListParams {
  search?: string;
  category?: string;
  sub?: string;
  brand?: string;
  shop?: string;
  sort: SortOption;
  /** Pence; present only when the shopper narrowed the price range. */
  minPrice?: number;
  maxPrice?: number;
  page: number;
}

const text = (value: string | null) => value?.trim() || undefined;
const wholeNumber = (value: string | null) => (value && /^\d{1,9}$/.test(value) ? Number(value) : undefined);
const isSortOption = (value: string | null): value is SortOption => value !== null && value in sortOptions;

export function readProductListParams(search: URLSearchParams): ProductListParams {
  const sort = search.get('sort');
  const minPrice = wholeNumber(search.get('min_price'));
  const maxPrice = wholeNumber(search.get('max_price'));
  return {
    search: text(search.get('search')),
    category: text(search.get('category')),
    sub: text(search.get('sub')),
    brand: text(search.get('brand')),
    shop: text(search.get('shop')),
    sort: isSortOption(sort) ? sort : DEFAULT_SORT,
    // A reversed range from a hand-edited URL is read as no price filter rather than an error.
    ...(minPrice !== undefined && maxPrice !== undefined && minPrice > maxPrice ? {} : { minPrice, maxPrice }),
    page: Math.max(1, wholeNumber(search.get('page')) ?? 1),
  };
}

/** The URL query for these filters: defaults and empty values left out. */
export function productListUrlQuery(params: Partial<ProductListParams>): Record<string, string | undefined> {
  return {
    search: params.search,
    category: params.category,
    sub: params.sub,
    brand: params.brand,
    shop: params.shop,
    sort: params.sort && params.sort !== DEFAULT_SORT ? params.sort : undefined,
    min_price: params.minPrice?.toString(),
    max_price: params.maxPrice?.toString(),
    page: params.page && params.page > 1 ? String(params.page) : undefined,
  };
}

/**
 * The API query (spec sections 5 and 7): the sort always, each filter only when set, the price
 * only when narrowed (the URL holds it only then), the page only above 1.
 */
export function productListApiQuery(
  params: ProductListParams,
  { categoryAsList }: { categoryAsList: boolean },
): Record<string, string | number | string[] | undefined> {
  const { sort_by, sort_high } = sortOptions[params.sort];
  return {
    sort_by,
    sort_high,
    category: params.category ? (categoryAsList ? [params.category] : params.category) : undefined,
    sub: params.sub,
    brand: params.brand,
    shop: params.shop,
    search: params.search,
    min_price: params.minPrice,
    max_price: params.maxPrice,
    page: params.page > 1 ? params.page : undefined,
  };
}

/**
 * The URL's search as GET /products is asked it: its first SEARCH_MAX_LENGTH characters, as the
 * API counts them (a longer one is refused, 422, so a long link lists the matches of its start),
 * or undefined when there is none or what is left is too short to run (searchTooShort).
 */
export function searchAsAsked(params: Pick<ProductListParams, 'search'>): string | undefined {
  if (params.search === undefined) return undefined;
  const clipped = clipSearchTerm(params.search);
  return searchTermLongEnough(clipped) ? clipped : undefined;
}

/**
 * True when the URL holds a search too short to run (an old link, a hand-edited address):
 * under SEARCH_MIN_LENGTH characters once folded, which GET /products refuses (422). /products
 * then lists without it and says why. A blank search is no search (read as undefined).
 */
export function searchTooShort(params: Pick<ProductListParams, 'search'>): boolean {
  return params.search !== undefined && searchAsAsked(params) === undefined;
}

/** The filters as GET /products is asked them: the search clipped to what it takes, one too short to run left out. */
export function withSearchAsAsked(params: ProductListParams): ProductListParams {
  const search = searchAsAsked(params);
  return search === params.search ? params : { ...params, search };
}

/** Filters that narrow the list (everything but sort and page): a change sends the shopper to page 1. */
export function hasNarrowingFilter(params: ProductListParams): boolean {
  return Boolean(
    params.search ||
      params.category ||
      params.sub ||
      params.brand ||
      params.shop ||
      params.minPrice !== undefined ||
      params.maxPrice !== undefined,
  );
}

/**
 * A page number past the list's last page (a hand-edited URL, an old link to a page the list no
 * longer has): the page shows an empty list, and the server answers 404 for it.
 */
export function pastLastPage(page: number, products: { data: unknown[]; last_page: number } | undefined): boolean {
  return products !== undefined && page > 1 && page > products.last_page && products.data.length === 0;
}
