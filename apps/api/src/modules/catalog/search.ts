import type { SearchHit } from '@parade/core/catalog-dto';
import { and, asc, desc, eq, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { union } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { FUZZY_THRESHOLD, type TextQuery, textQuery } from '../../lib/text-match';
import { products, productVariations } from './catalog.tables';
import { cachedSearchHits } from './list-cache';
import { correctedSearchText } from './search-vocabulary';

export const SEARCH_LIMIT = 10;
/** Candidates ranked per query: all matches of a 3-letter query at a million variations would not be. */
export const SEARCH_CANDIDATES = 100;
/** Of which, at most this many whose variation name starts with the query (the likely best matches). */
const PREFIX_CANDIDATES = 50;

/**
 * The candidates of a search: listable variations whose stored folded text (variation full name,
 * product, brand and shop names, one per line; see catalog's read model) matches the query, at
 * most PREFIX_CANDIDATES + 2 * SEARCH_CANDIDATES of them, each part stopped at its cap inside
 * its index scan:
 * - whose variation name starts with the query (the likely best matches, so a common word still
 *   finds them): a range of the `search_prefix` btree;
 * - that contain the query: the trigram GIN index (`like '%q%'`);
 * - close to the query (typos): the trigram GIN index (`<%`), only when fewer than SEARCH_LIMIT
 *   variations contain the query. Ranking puts every containing name above every fuzzy-only one,
 *   so with SEARCH_LIMIT of them the fuzzy part could not reach the reply; skipping it keeps a
 *   common query off `<%`, whose scan walks the long posting lists of word-start trigrams.
 */
function candidates(db: DbOrTx, query: TextQuery) {
  const v = productVariations;
  const columns = {
    id: v.id,
    productId: v.productId,
    name: v.name,
    slug: v.slug,
    fullName: v.fullName,
    price: v.price,
    images: v.images,
    unitsSold: v.unitsSold,
    text: v.searchText,
  };
  const listed = sql`${v.listable}`;
  const contains = sql`${v.searchText} like ${query.contains}`;
  const containing = db
    .select({ one: sql`1` })
    .from(v)
    .where(and(listed, contains))
    .limit(SEARCH_LIMIT)
    .as('containing');
  // Uncorrelated: PostgreSQL evaluates it once, before the fuzzy scan, and skips that scan when false.
  const fewContain = sql`(select count(*) from ${containing}) < ${SEARCH_LIMIT}`;
  return union(
    db
      .select(columns)
      .from(v)
      .where(and(listed, sql`${v.searchText} like ${query.prefix}`))
      .limit(PREFIX_CANDIDATES),
    db.select(columns).from(v).where(and(listed, contains)).limit(SEARCH_CANDIDATES),
    db
      .select(columns)
      .from(v)
      .where(and(listed, fewContain, sql`${query.folded} <% ${v.searchText}`))
      .limit(SEARCH_CANDIDATES),
  ).as('candidate');
}

/** The candidates with their four folded names apart and scored against the query. */
function scoredVariations(db: DbOrTx, query: TextQuery) {
  const c = candidates(db, query);
  const line = (n: number) => sql<string>`split_part(${c.text}, E'\\n', ${sql.raw(String(n))})`;
  const similarity = (text: SQLWrapper) => sql<number>`word_similarity(${query.folded}, ${text})`;
  const named = db
    .select({
      id: sql<number>`${c.id}`.as('hit_id'),
      name: sql<string>`${c.name}`.as('hit_name'),
      slug: sql<string>`${c.slug}`.as('hit_slug'),
      fullName: sql<string>`${c.fullName}`.as('hit_full_name'),
      price: sql<number>`${c.price}`.as('hit_price'),
      images: sql<string[]>`${c.images}`.as('hit_images'),
      unitsSold: sql<number>`${c.unitsSold}`.as('hit_units_sold'),
      productId: sql<number>`${c.productId}`.as('hit_product_id'),
      variationText: line(1).as('variation_text'),
      productText: line(2).as('product_text'),
      brandText: line(3).as('brand_text'),
      shopText: line(4).as('shop_text'),
    })
    .from(c)
    .as('named');
  return db
    .select({
      id: named.id,
      name: named.name,
      slug: named.slug,
      fullName: named.fullName,
      price: named.price,
      images: named.images,
      unitsSold: named.unitsSold,
      productId: named.productId,
      variationText: named.variationText,
      productText: named.productText,
      brandText: named.brandText,
      shopText: named.shopText,
      variationScore: similarity(named.variationText).as('variation_score'),
      productScore: similarity(named.productText).as('product_score'),
      brandScore: sql<number>`case when ${named.brandText} = '' then 0 else ${similarity(named.brandText)} end`.as(
        'brand_score',
      ),
      shopScore: similarity(named.shopText).as('shop_score'),
    })
    .from(named)
    .as('searchable');
}

type Searchable = ReturnType<typeof scoredVariations>;

/**
 * How well a variation matches, best first:
 *   0 the product or variation name IS the query,
 *   1 the product or variation name starts with it,
 *   2 a word of the product, variation, brand or shop name starts with it,
 *   3 one of those names contains it,
 *   4 a fuzzy (trigram) match only: typos such as "bananna".
 * Within a tier the closer trigram score wins, then the best seller, then the shorter name.
 */
function tier(query: TextQuery, row: Searchable): SQL<number> {
  const { variationText: v, productText: p, brandText: b, shopText: s } = row;
  const wordStart = (name: SQLWrapper) => sql`(' ' || ${name}) like ${query.wordPrefix}`;
  const contains = (name: SQLWrapper) => sql`${name} like ${query.contains}`;
  return sql<number>`case
    when ${v} = ${query.folded} or ${p} = ${query.folded} then 0
    when ${v} like ${query.prefix} or ${p} like ${query.prefix} then 1
    when ${wordStart(v)} or ${wordStart(b)} or ${wordStart(s)} then 2
    when ${contains(v)} or ${contains(b)} or ${contains(s)} then 3
    else 4 end`;
}

/**
 * POST /search: up to 10 active variations of active products of active shops whose product,
 * variation, brand or shop name matches the text, case- and accent-insensitively, by prefix or
 * with typos (one in a word of 4-7 letters, two from 8, corrected against the catalogue's words;
 * closer misspellings by trigram), best match first.
 */
export function searchVariations(db: DbOrTx, text: string): Promise<SearchHit[]> {
  // Each word with a typo beyond the trigram's reach corrected to the catalogue's own word
  // ("sourdugh" -> "sourdough"; search-vocabulary.ts), then kept a few seconds by the folded
  // text, so "Bag", "bag " and "BAG" share one entry (list-cache.ts).
  const corrected = correctedSearchText(db, text);
  return cachedSearchHits(db, corrected, () => findVariations(db, corrected));
}

async function findVariations(db: DbOrTx, text: string): Promise<SearchHit[]> {
  const rows = await searchQuery(db, text);
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    slug: r.slug,
    full_name: r.fullName,
    price: r.price,
    thumbnail: r.images[0] ?? null,
    product: { slug: r.productSlug, type: r.productType, shop: { name: r.shopName ?? '', slug: r.shopSlug ?? '' } },
  }));
}

export function searchQuery(db: DbOrTx, text: string) {
  const query = textQuery(text);
  const row = scoredVariations(db, query);
  const matches = (text: SQLWrapper, score: SQLWrapper) =>
    sql`(${text} like ${query.contains} or ${score} >= ${FUZZY_THRESHOLD})`;
  return db
    .select({
      id: row.id,
      name: row.name,
      slug: row.slug,
      fullName: row.fullName,
      price: row.price,
      images: row.images,
      productSlug: products.slug,
      productType: products.type,
      shopName: products.shopName,
      shopSlug: products.shopSlug,
    })
    .from(row)
    .innerJoin(products, eq(products.id, row.productId))
    .where(
      // The stored text matched as a whole; a hit must match by one of its names.
      sql`(${matches(row.variationText, row.variationScore)} or ${matches(row.productText, row.productScore)}
        or ${matches(row.brandText, row.brandScore)} or ${matches(row.shopText, row.shopScore)})`,
    )
    .orderBy(
      asc(tier(query, row)),
      // Brand and shop names weigh a little less than the product's own names.
      desc(sql`greatest(${row.variationScore}, ${row.productScore}, ${row.brandScore} * 0.9, ${row.shopScore} * 0.8)`),
      desc(row.unitsSold),
      asc(sql`length(${row.fullName})`),
      asc(row.id),
    )
    .limit(SEARCH_LIMIT);
}
