import type { ProductType } from '@parade/core/catalog';
import type { SearchHit } from '@parade/core/catalog-dto';
import { asc, desc, eq, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { FUZZY_THRESHOLD, fold, type TextQuery, textQuery } from '../../lib/text-match';
import { listableParts } from '../catalog';

export const SEARCH_LIMIT = 10;
/** See scoredVariations: a LIMIT no catalogue reaches, used only as an optimisation fence. */
const NEVER_REACHED = 2 ** 31 - 1;

/**
 * Every searchable active variation with its four names folded and scored against the query.
 * Products, brands and shops are folded and scored in their own derived tables before the join,
 * so each name is worked on once per query rather than once per variation. Each derived table
 * carries a LIMIT that is never reached: it keeps PostgreSQL from flattening the table into the
 * outer query, which would repeat the folding in every expression that uses it. Every column is
 * aliased because a derived table's columns must have distinct names.
 */
function scoredVariations(db: DbOrTx, query: TextQuery) {
  const similarity = (text: SQLWrapper) => sql<number>`word_similarity(${query.folded}, ${text})`;
  // Catalog's listable rule, one derived table per table: only active variations, products and shops.
  const listable = listableParts(db);
  const lp = listable.product;
  const p = db
    .select({
      id: sql<number>`${lp.id}`.as('p_id'),
      shopId: sql<number>`${lp.shopId}`.as('p_shop_id'),
      brandId: sql<number | null>`${lp.brandId}`.as('p_brand_id'),
      slug: sql<string>`${lp.slug}`.as('p_slug'),
      type: sql<ProductType>`${lp.type}`.as('p_type'),
      text: fold(lp.name).as('p_text'),
    })
    .from(lp)
    .limit(NEVER_REACHED)
    .as('p');
  const ls = listable.shop;
  const s = db
    .select({
      id: sql<number>`${ls.id}`.as('s_id'),
      name: sql<string>`${ls.name}`.as('s_name'),
      slug: sql<string>`${ls.slug}`.as('s_slug'),
      text: fold(ls.name).as('s_text'),
    })
    .from(ls)
    .limit(NEVER_REACHED)
    .as('s');
  const lb = listable.brand;
  const b = db
    .select({ id: sql<number>`${lb.id}`.as('b_id'), text: fold(lb.name).as('b_text') })
    .from(lb)
    .limit(NEVER_REACHED)
    .as('b');
  const lv = listable.variation;
  const v = db
    .select({
      id: lv.id,
      productId: lv.productId,
      name: lv.name,
      slug: lv.slug,
      fullName: lv.fullName,
      price: lv.price,
      images: lv.images,
      unitsSold: lv.unitsSold,
      text: fold(lv.fullName).as('v_text'),
    })
    .from(lv)
    .limit(NEVER_REACHED)
    .as('v');
  return db
    .select({
      id: sql<number>`${v.id}`.as('id'),
      name: sql<string>`${v.name}`.as('name'),
      slug: sql<string>`${v.slug}`.as('slug'),
      fullName: sql<string>`${v.fullName}`.as('full_name'),
      price: sql<number>`${v.price}`.as('price'),
      images: sql<string[]>`${v.images}`.as('images'),
      unitsSold: sql<number>`${v.unitsSold}`.as('units_sold'),
      productSlug: sql<string>`${p.slug}`.as('product_slug'),
      productType: sql<ProductType>`${p.type}`.as('product_type'),
      shopName: sql<string>`${s.name}`.as('shop_name'),
      shopSlug: sql<string>`${s.slug}`.as('shop_slug'),
      variationText: sql<string>`${v.text}`.as('variation_text'),
      productText: sql<string>`${p.text}`.as('product_text'),
      brandText: sql<string>`coalesce(${b.text}, '')`.as('brand_text'),
      shopText: sql<string>`${s.text}`.as('shop_text'),
      variationScore: similarity(v.text).as('variation_score'),
      productScore: similarity(p.text).as('product_score'),
      brandScore: sql<number>`coalesce(${similarity(b.text)}, 0)`.as('brand_score'),
      shopScore: similarity(s.text).as('shop_score'),
    })
    .from(v)
    .innerJoin(p, eq(p.id, v.productId))
    .innerJoin(s, eq(s.id, p.shopId))
    .leftJoin(b, eq(b.id, p.brandId))
    .limit(NEVER_REACHED)
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
 * with typos, best match first.
 */
export async function searchVariations(db: DbOrTx, text: string): Promise<SearchHit[]> {
  const rows = await searchQuery(db, text);
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    slug: r.slug,
    full_name: r.fullName,
    price: r.price,
    thumbnail: r.images[0] ?? null,
    product: { slug: r.productSlug, type: r.productType, shop: { name: r.shopName, slug: r.shopSlug } },
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
      productSlug: row.productSlug,
      productType: row.productType,
      shopName: row.shopName,
      shopSlug: row.shopSlug,
    })
    .from(row)
    .where(
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
