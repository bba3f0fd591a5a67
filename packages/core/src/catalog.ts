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

/**
 * How a product search is folded before it is matched or counted, by the API (in JS and, from
 * the same two strings, in SQL: apps/api/src/lib/text-match.ts) and by the storefront:
 *   1. Unicode NFD, then drop the combining accents U+0300..U+036F ("crème" -> "creme");
 *   2. map the few letters that do not decompose (ø, ł, đ, ı, ħ) to plain letters and word
 *      punctuation ("Rise & Crumb", "Bone-In", "5% fat" keeps its %) to spaces;
 *   3. lower case, collapse whitespace, trim.
 * SEARCH_FOLD_FROM[i] becomes SEARCH_FOLD_TO[i]. Changing either changes the catalogue's
 * search index expressions (a migration), not only this function.
 */
const FOLD_LETTERS_FROM = 'øØłŁđĐıħĦ';
const FOLD_LETTERS_TO = 'oOlLdDihH';
const FOLD_PUNCTUATION = '-&,.()/+\'’:;!?"';
export const SEARCH_FOLD_FROM = FOLD_LETTERS_FROM + FOLD_PUNCTUATION;
export const SEARCH_FOLD_TO = FOLD_LETTERS_TO + ' '.repeat([...FOLD_PUNCTUATION].length);
const FOLD_MAP = new Map<string, string>([...SEARCH_FOLD_FROM].map((ch, i) => [ch, [...SEARCH_FOLD_TO][i] ?? ' ']));

/** The fold above: "  Crème-Brûlée " -> "creme brulee". */
export function foldSearchText(text: string): string {
  let out = '';
  for (const ch of text.normalize('NFD').replace(/[\u0300-\u036f]+/g, '')) out += FOLD_MAP.get(ch) ?? ch;
  return out.toLowerCase().replace(/\s+/g, ' ').trim();
}

/**
 * True when a product-list search is long enough to run: at least SEARCH_MIN_LENGTH characters
 * left once folded, spaces not counted. In practice letters and digits, since the fold turns word
 * punctuation into spaces ("abc", "a b c", "Crème" pass; "ab", " a ", "a-b", "é-è" do not); the
 * few symbols it keeps ("%", "_", "*") count too. GET /products refuses a shorter search (422)
 * and the storefront does not send one. A blank term is no search at all: callers check that first.
 */
export function searchTermLongEnough(term: string): boolean {
  return foldSearchText(term).replaceAll(' ', '').length >= SEARCH_MIN_LENGTH;
}
