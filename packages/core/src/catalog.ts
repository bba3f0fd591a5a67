/** Catalogue rules shared by the storefront and the API. */
export { type ProductType, productTypes, type SliderType, type SortBy, sliderTypes, sortByValues } from './enum-values';

/**
 * The five sort options of spec section 4, and "Top rated" (issue 27), mapped to the API's
 * sort_by / sort_high (contract).
 */
export const sortOptions = {
  sortLowPrice: { sort_by: 'price', sort_high: 0 },
  sortHighPrice: { sort_by: 'price', sort_high: 1 },
  sortNew: { sort_by: 'date', sort_high: 1 },
  sortOld: { sort_by: 'date', sort_high: 0 },
  sortBestSelling: { sort_by: 'best_selling', sort_high: 1 },
  sortTopRated: { sort_by: 'rating', sort_high: 1 },
} as const;
export type SortOption = keyof typeof sortOptions;
export const defaultSort = sortOptions.sortNew;

/** Delivery charge per checkout in pence when delivering physical items (spec section 9). */
export const DELIVERY_CHARGE_PENCE = 1000;
export const OFFERS_PAGE_SIZE = 15;
export const RECENTLY_VIEWED_LIMIT = 5;
export const SEARCH_MIN_LENGTH = 3;
/**
 * Longest search the API takes, in characters of the trimmed text as its schemas count them:
 * Unicode code points (zod's max, so an emoji of two UTF-16 units counts once). GET /products
 * and POST /search refuse a longer one (422); the storefront sends clipSearchTerm() instead.
 */
export const SEARCH_MAX_LENGTH = 100;
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
 * True when a product-list search is long enough to run: at least SEARCH_MIN_LENGTH letters or
 * digits once folded ("abc", "a b c", "Crème" pass; "ab", " a ", "a-b", "é-è", "%%%", "___" do
 * not: nothing is searched by symbols alone). GET /products refuses a shorter search (422) and
 * the storefront does not send one. A blank term is no search at all: callers check that first.
 */
export function searchTermLongEnough(term: string): boolean {
  return foldSearchText(term).replace(/[^\p{L}\p{N}]/gu, '').length >= SEARCH_MIN_LENGTH;
}

// Where the runtime has no Intl.Segmenter (Firefox before 125), clipSearchTerm cuts between code points.
const graphemes =
  typeof Intl.Segmenter === 'function' ? new Intl.Segmenter(undefined, { granularity: 'grapheme' }) : null;

/**
 * A search as the API is asked it: trimmed, then no longer than SEARCH_MAX_LENGTH characters
 * counted as the API counts them (code points), keeping the start. The cut falls between
 * user-perceived characters, so an emoji (a surrogate pair, a flag, a skin tone, a ZWJ family)
 * or a letter with its accent is kept whole or left out whole, never halved. Whether what is
 * left is long enough to run is searchTermLongEnough's question.
 */
export function clipSearchTerm(term: string): string {
  const trimmed = term.trim();
  // A code point is one or two UTF-16 units: a text that fits in units fits.
  if (trimmed.length <= SEARCH_MAX_LENGTH) return trimmed;
  let kept = '';
  let count = 0;
  for (const { segment } of graphemes?.segment(trimmed) ?? [...trimmed].map((segment) => ({ segment }))) {
    const size = [...segment].length;
    if (count + size > SEARCH_MAX_LENGTH) break;
    kept += segment;
    count += size;
  }
  // A first "character" longer than the limit on its own (a letter under 100 marks) is cut by code points.
  if (kept === '') kept = [...trimmed].slice(0, SEARCH_MAX_LENGTH).join('');
  return kept.trim();
}
