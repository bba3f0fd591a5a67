/**
 * The long tail (issue 25): what a large catalogue mostly serves is requests the reply cache has
 * not seen. These rows send every request to a different real URL, found through the API and the
 * sitemaps before the rows run, shuffled with a seeded PRNG (the same database gives the same
 * URLs in the same order):
 *
 * - lists: GET /api/products as the storefront asks it (productListApiQuery: `sort_by` and
 *   `sort_high` always, `category[0]`, `sub`, `brand`, `shop`, `search`, `min_price`/`max_price`,
 *   `page` above 1) for filter combinations (none; each category; each category+sub-category;
 *   each category+sub-category+brand; each brand; each shop; shop+category; price ranges alone
 *   and with a category; catalogue words alone and with a category), times the storefront's five
 *   sorts, times every page up to 60 that the combination has (its `last_page`, from one request
 *   during discovery; empty combinations are left out);
 * - product pages: GET /api/product/{vendor}/{product}/{variation} of distinct listed products, as
 *   the product sitemaps list them (shuffled);
 * - searches with typos: POST /api/search with one to three neighbouring words of real product
 *   names, one word of 4+ letters misspelt within the allowance typo correction forgives (one edit
 *   for 4-7 letters, two from 8: a deletion, an insertion, a substitution or a swap of neighbours);
 * - home after a write: GET /api/home with a fresh query parameter per request (there is only one
 *   home URL, and the reply cache keys by the whole URL), while one connection alongside writes the
 *   catalogue without pause (a demo vendor's bulk stock update, alternating two values per
 *   variation), so the catalogue's generation moves hundreds of times a second and every home
 *   request is a reply-cache miss that mostly finds the generation moved since the last one.
 *
 * Each row is measured on its first URLs and warmed up on others (the list's end), so the warm-up
 * leaves nothing in the reply cache the measured requests could hit.
 */

/** mulberry32: a small seeded PRNG, so the same data gives the same URLs. */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function shuffle<T>(items: T[], random: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** Splits a shuffled list into the measured part and a disjoint warm-up part (its end). */
export function measuredAndWarmup<T>(items: T[], warmupShare = 0.2): { measured: T[]; warmup: T[] } {
  const cut = Math.max(1, Math.floor(items.length * (1 - warmupShare)));
  return { measured: items.slice(0, cut), warmup: items.slice(cut).length ? items.slice(cut) : items.slice(0, 1) };
}

// ---------------------------------------------------------------------------------------------
// Lists

export interface ListFilters {
  category?: string;
  sub?: string;
  brand?: string;
  shop?: string;
  search?: string;
  minPrice?: number;
  maxPrice?: number;
}

/** The storefront's five sorts (core's sortOptions). */
export const STOREFRONT_SORTS = [
  { sort_by: 'price', sort_high: 0 },
  { sort_by: 'price', sort_high: 1 },
  { sort_by: 'date', sort_high: 1 },
  { sort_by: 'date', sort_high: 0 },
  { sort_by: 'best_selling', sort_high: 1 },
] as const;

export const MAX_LIST_PAGE = 60;
export const LIST_PER_PAGE = 20;

/** The URL the storefront's product list asks (apps/web productListApiQuery, api-client's query string). */
export function listUrl(filters: ListFilters, sort: (typeof STOREFRONT_SORTS)[number], page: number): string {
  const params = new URLSearchParams();
  params.append('sort_by', sort.sort_by);
  params.append('sort_high', String(sort.sort_high));
  if (filters.category) params.append('category[0]', filters.category);
  if (filters.sub) params.append('sub', filters.sub);
  if (filters.brand) params.append('brand', filters.brand);
  if (filters.shop) params.append('shop', filters.shop);
  if (filters.search) params.append('search', filters.search);
  if (filters.minPrice !== undefined) params.append('min_price', String(filters.minPrice));
  if (filters.maxPrice !== undefined) params.append('max_price', String(filters.maxPrice));
  if (page > 1) params.append('page', String(page));
  return `/api/products?${params.toString()}`;
}

export interface CategoryNode {
  slug: string;
  sub_categories: { slug: string; brands: { slug: string }[] }[];
}

/** Price bands (pence) a shopper narrows to. */
const PRICE_BANDS: [number | undefined, number | undefined][] = [
  [undefined, 199],
  [200, 499],
  [500, 999],
  [1000, 1999],
  [2000, 4999],
  [5000, undefined],
  [150, 350],
  [300, 1200],
];

/** The filter combinations of the list row (before learning which are empty). */
export function listFilterSets(
  tree: CategoryNode[],
  brandSlugs: string[],
  shopSlugs: string[],
  words: string[],
  random: () => number,
): ListFilters[] {
  const sets: ListFilters[] = [{}];
  for (const category of tree) {
    sets.push({ category: category.slug });
    for (const sub of category.sub_categories) {
      sets.push({ category: category.slug, sub: sub.slug });
      for (const brand of sub.brands) sets.push({ category: category.slug, sub: sub.slug, brand: brand.slug });
    }
  }
  for (const brand of brandSlugs) sets.push({ brand });
  for (const shop of shopSlugs) {
    sets.push({ shop });
    // A shop and one category picked at random (most shops sell in one or two).
    const category = tree[Math.floor(random() * tree.length)];
    if (category) sets.push({ shop, category: category.slug });
  }
  for (const [minPrice, maxPrice] of PRICE_BANDS) {
    sets.push({ minPrice, maxPrice });
    for (const category of tree) sets.push({ category: category.slug, minPrice, maxPrice });
  }
  for (const search of words) {
    sets.push({ search });
    const category = tree[Math.floor(random() * tree.length)];
    if (category) sets.push({ search, category: category.slug });
  }
  return sets;
}

/** Every page (up to MAX_LIST_PAGE) of every sort of each filter set with `total` products. */
export function listUrls(sets: { filters: ListFilters; total: number }[]): string[] {
  const urls: string[] = [];
  for (const { filters, total } of sets) {
    const pages = Math.min(MAX_LIST_PAGE, Math.ceil(total / LIST_PER_PAGE));
    for (const sort of STOREFRONT_SORTS)
      for (let page = 1; page <= pages; page++) urls.push(listUrl(filters, sort, page));
  }
  return urls;
}

// ---------------------------------------------------------------------------------------------
// Product pages

/** Product page paths of the API from the storefront URLs of the product sitemaps. */
export function productPathsFromSitemap(xml: string): string[] {
  const paths: string[] = [];
  for (const match of xml.matchAll(/<loc>([^<]+)<\/loc>/g)) {
    const url = new URL(match[1]!.replaceAll('&amp;', '&'));
    const parts = url.pathname.split('/').filter(Boolean);
    // /{vendor}/product/{product}/{variation}
    if (parts.length === 4 && parts[1] === 'product') paths.push(`/api/product/${parts[0]}/${parts[2]}/${parts[3]}`);
  }
  return paths;
}

// ---------------------------------------------------------------------------------------------
// Searches with typos

const LETTERS = 'abcdefghijklmnopqrstuvwxyz';

/** One edit of `word`: a deletion, an insertion, a substitution or a swap of neighbours. */
function oneEdit(word: string, random: () => number): string {
  const at = Math.floor(random() * word.length);
  const letter = LETTERS[Math.floor(random() * LETTERS.length)]!;
  switch (Math.floor(random() * 4)) {
    case 0:
      return word.slice(0, at) + word.slice(at + 1);
    case 1:
      return word.slice(0, at) + letter + word.slice(at);
    case 2:
      return word.slice(0, at) + letter + word.slice(at + 1);
    default: {
      const i = Math.min(at, word.length - 2);
      return word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2);
    }
  }
}

/** A misspelling within the allowance typo correction forgives: one edit in 4-7 letters, up to two from 8. */
export function typo(word: string, random: () => number): string {
  const edits = word.length >= 8 && random() < 0.5 ? 2 : 1;
  let out = word;
  for (let i = 0; i < edits; i++) out = oneEdit(out, random);
  return out === word ? oneEdit(word, random) : out;
}

/** Up to `count` distinct searches: 1-3 neighbouring words of a real name, one of 4+ letters misspelt. */
export function typoSearches(names: string[], count: number, random: () => number): string[] {
  const wordLists = names
    .map((name) =>
      name
        .toLowerCase()
        .split(/[^a-z]+/)
        .filter(Boolean),
    )
    .filter((words) => words.some((w) => w.length >= 4));
  const out = new Set<string>();
  for (let tries = 0; out.size < count && tries < count * 20 && wordLists.length > 0; tries++) {
    const words = wordLists[Math.floor(random() * wordLists.length)]!;
    const size = 1 + Math.floor(random() * Math.min(3, words.length));
    const start = Math.floor(random() * (words.length - size + 1));
    const window = words.slice(start, start + size);
    const long = window.map((w, i) => [w, i] as const).filter(([w]) => w.length >= 4);
    if (long.length === 0) continue;
    const [word, index] = long[Math.floor(random() * long.length)]!;
    window[index] = typo(word, random);
    const text = window.join(' ');
    if (text.replace(/[^a-z0-9]/g, '').length >= 3 && text.length <= 100) out.add(text);
  }
  return [...out];
}
