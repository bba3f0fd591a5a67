import type { SortBy } from '@parade/core/catalog';
import type { ProductCard } from '@parade/core/catalog-dto';
import { and, asc, desc, eq, inArray, or, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { matchesIndexed, textQuery } from '../../lib/text-match';
import { categories, products, subCategories } from './catalog.tables';
import { correctedSearchTexts } from './search-vocabulary';

/**
 * Product cards, the one shape of every product list, read from the catalogue read model: ONE
 * row of `products` per card (decision 010; read-model.ts keeps the columns right).
 *
 * The card variation rule (decision 005): a card shows and links to the product's CHEAPEST active
 * variation (ties: lowest position, then lowest id), and `price` is that variation's price. The
 * price filter and the price sort use that same price. `price_range` is the contract's min/max
 * variation price over the filtered set: the cheapest card price to the dearest active variation
 * (`topPrice`), so the full range always selects every product in the list.
 *
 * Only listable products are listed: every list query starts from `listed()`.
 */

/**
 * The listable-product rule as lists see it: the `listable` column, computed in one place
 * (read-model.ts). Written as the bare column, not `= $1`, so that the partial list indexes
 * (`WHERE listable`) match whatever plan the statement gets.
 */
export const listed = (): SQL => sql`${products.listable}`;

/**
 * "This shop has a listed product", for the shop lists: a shop with nothing to sell is not shown
 * to shoppers (issue 23: a new shop appeared with "0 products"). `shopId` is the shop list's own
 * column; the shops module never reads the catalogue, the HTTP layer composes the two.
 */
export const hasListedProducts = (shopId: SQLWrapper): SQL =>
  sql`exists (select 1 from ${products} where ${products.shopId} = ${shopId} and ${listed()})`;

/** The list filters shared by /products and /shop/{slug}/product (all optional). */
export interface ProductFilters {
  categories?: string[];
  sub?: string;
  brand?: string;
  shop?: string;
  /** Restricts to one shop by id (the shop page lists). */
  shopId?: number;
  search?: string;
  minPrice?: number;
  maxPrice?: number;
}

export interface ProductSort {
  sortBy: SortBy;
  /** true = descending. */
  descending: boolean;
}

/** Conditions on listable products for the filters, except the price filter. */
export function filterConditions(db: DbOrTx, filters: ProductFilters): SQL[] {
  const p = products;
  const conditions: SQL[] = [listed()];
  if (filters.categories && filters.categories.length > 0) {
    conditions.push(
      inArray(
        p.categoryId,
        db.select({ id: categories.id }).from(categories).where(inArray(categories.slug, filters.categories)),
      ),
    );
  }
  if (filters.sub) {
    conditions.push(
      inArray(
        p.subCategoryId,
        db.select({ id: subCategories.id }).from(subCategories).where(eq(subCategories.slug, filters.sub)),
      ),
    );
  }
  if (filters.brand) conditions.push(eq(p.brandSlug, filters.brand));
  if (filters.shop) conditions.push(eq(p.shopSlug, filters.shop));
  if (filters.shopId !== undefined) conditions.push(eq(p.shopId, filters.shopId));
  // The product, brand, shop and active variation names, folded into one stored, indexed text.
  // A word's typo is corrected against the catalogue's words first (search-vocabulary.ts).
  if (filters.search) {
    conditions.push(matchesAnyReading(correctedSearchTexts(db, filters.search), p.searchText));
  }
  return conditions;
}

/**
 * A list's search filter: the stored text matches one of the readings of the shopper's text
 * (search-vocabulary.ts: "masure tape" lists the tape measure, though "mature tape" is likelier).
 */
export function matchesAnyReading(readings: readonly string[], folded: SQLWrapper): SQL {
  const each = readings.map((reading) => matchesIndexed(textQuery(reading), folded));
  return each.length === 1 ? each[0]! : sql`(${or(...each)})`;
}

export function priceCondition(filters: ProductFilters): SQL | undefined {
  const parts: SQL[] = [];
  if (filters.minPrice !== undefined) parts.push(sql`${products.cardPrice} >= ${filters.minPrice}`);
  if (filters.maxPrice !== undefined) parts.push(sql`${products.cardPrice} <= ${filters.maxPrice}`);
  return parts.length > 0 ? and(...parts) : undefined;
}

/**
 * The ORDER BY of a sort. Ties are broken newest first (created_at, then id), so paging is stable;
 * for the date sort the id follows the requested direction. Each has a partial index.
 */
export function sortOrder(sort: ProductSort): SQL[] {
  const dir = sort.descending ? desc : asc;
  const newestFirst = [desc(products.createdAt), desc(products.id)];
  switch (sort.sortBy) {
    case 'price':
      return [dir(products.cardPrice), ...newestFirst];
    case 'best_selling':
      return [dir(products.unitsSold), ...newestFirst];
    case 'rating':
      // Unrated last either way, more reviews first among equals: as the rating list indexes.
      return [
        sort.descending
          ? sql`${products.ratingAverage} desc nulls last`
          : sql`${products.ratingAverage} asc nulls last`,
        sql`${products.ratingCount} desc nulls last`,
        ...newestFirst,
      ];
    default:
      return [dir(products.createdAt), dir(products.id)];
  }
}

/** The columns of a card, all on `products`. */
export const cardColumns = {
  id: products.id,
  name: products.name,
  slug: products.slug,
  type: products.type,
  shopId: products.shopId,
  shopName: products.shopName,
  shopSlug: products.shopSlug,
  shopOnHoliday: products.shopOnHoliday,
  brandId: products.brandId,
  brandName: products.brandName,
  brandSlug: products.brandSlug,
  variationId: products.cardVariationId,
  variationName: products.cardVariationName,
  variationSlug: products.cardVariationSlug,
  variationFullName: products.cardVariationFullName,
  price: products.cardPrice,
  compareAtPrice: products.cardCompareAtPrice,
  stock: products.cardStock,
  thumbnail: products.cardThumbnail,
  ratingCount: products.ratingCount,
  ratingAverage: products.ratingAverage,
};

/** The select list of a card query; callers add where / order / limit. One table, no join. */
export function cardQuery(db: DbOrTx) {
  return db.select(cardColumns).from(products);
}

type CardRow = Awaited<ReturnType<ReturnType<typeof cardQuery>['execute']>>[number];

/** A listable product always has its card filled in; `?? ''`/`?? 0` only satisfy the types. */
export function toProductCard(row: CardRow): ProductCard {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    type: row.type,
    price: row.price ?? 0,
    compare_at_price: row.compareAtPrice,
    thumbnail: row.thumbnail,
    shop: { id: row.shopId, name: row.shopName ?? '', slug: row.shopSlug ?? '', holiday_mode: row.shopOnHoliday },
    brand:
      row.brandId !== null && row.brandName !== null && row.brandSlug !== null
        ? { id: row.brandId, name: row.brandName, slug: row.brandSlug }
        : null,
    variation: {
      id: row.variationId ?? 0,
      name: row.variationName ?? '',
      slug: row.variationSlug ?? '',
      full_name: row.variationFullName ?? '',
      price: row.price ?? 0,
      stock: row.stock,
    },
    rating: { average: row.ratingAverage === null ? null : Number(row.ratingAverage), count: row.ratingCount },
  };
}

/** The listed products among `ids`, as cards, in the order of `ids` (a favourites list). */
export async function listedCardsByIds(db: DbOrTx, ids: number[]): Promise<ProductCard[]> {
  if (ids.length === 0) return [];
  const rows = await cardQuery(db).where(and(listed(), inArray(products.id, ids)));
  const byId = new Map(rows.map((row) => [row.id, toProductCard(row)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/**
 * Products as a subquery another module joins on (`product_ref.id = its product_id`), as
 * shopRefs and userRefs are joined: the name and the three slugs of its page (the card's
 * variation), for links from reviews and favourites.
 */
export function productRefs(db: DbOrTx) {
  return db
    .select({
      id: products.id,
      name: sql<string>`${products.name}`.as('product_ref_name'),
      slug: sql<string>`${products.slug}`.as('product_ref_slug'),
      shopSlug: sql<string | null>`${products.shopSlug}`.as('product_ref_shop_slug'),
      variationSlug: sql<string | null>`${products.cardVariationSlug}`.as('product_ref_variation_slug'),
    })
    .from(products)
    .as('product_ref');
}

/** A product's shop, or null when there is no such product (a review's product, before it is written). */
export async function productShopId(db: DbOrTx, productId: number): Promise<number | null> {
  const [row] = await db.select({ shopId: products.shopId }).from(products).where(eq(products.id, productId));
  return row?.shopId ?? null;
}
