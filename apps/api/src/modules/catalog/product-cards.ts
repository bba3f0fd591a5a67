import type { SortBy } from '@parade/core/catalog';
import type { ProductCard } from '@parade/core/catalog-dto';
import { and, asc, desc, eq, exists, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { matchesText, textQuery } from '../../lib/text-match';
import { brands, categories, products, productVariations, subCategories } from './catalog.tables';
import { activeVariationsOf, type CardSubquery, type Listing, listableProducts } from './listable';

/**
 * Product cards, the one shape of every product list.
 *
 * The card variation rule: a card shows and links to the product's CHEAPEST active variation
 * (ties: lowest position, then lowest id), and `price` is that variation's price. The price
 * filter and the price sort use that same price, and `price_range` is the min/max of it over the
 * filtered set, so the full range always selects every product in the list.
 *
 * Only listable products are listed (see listable.ts: active product, active shop, active variation).
 */
export type { CardSubquery };

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

/** Conditions on products / shops / brands for the filters, except the price filter. */
export function filterConditions(db: DbOrTx, listing: Listing, filters: ProductFilters): SQL[] {
  const p = products;
  const { shop } = listing;
  const conditions: SQL[] = [listing.where];
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
  if (filters.brand) conditions.push(eq(brands.slug, filters.brand));
  if (filters.shop) conditions.push(eq(shop.slug, filters.shop));
  if (filters.shopId !== undefined) conditions.push(eq(p.shopId, filters.shopId));
  if (filters.search) {
    const query = textQuery(filters.search);
    const anyVariation = activeVariationsOf(db, matchesText(query, productVariations.fullName));
    conditions.push(
      or(
        matchesText(query, p.name),
        and(sql`${brands.id} is not null`, matchesText(query, brands.name)),
        matchesText(query, shop.name),
        exists(anyVariation),
      ) as SQL,
    );
  }
  return conditions;
}

export function priceCondition(card: CardSubquery, filters: ProductFilters): SQL | undefined {
  const parts: SQL[] = [];
  if (filters.minPrice !== undefined) parts.push(sql`${card.price} >= ${filters.minPrice}`);
  if (filters.maxPrice !== undefined) parts.push(sql`${card.price} <= ${filters.maxPrice}`);
  return parts.length > 0 ? and(...parts) : undefined;
}

/**
 * The ORDER BY of a sort. Ties are broken newest first (created_at, then id), so paging is stable;
 * for the date sort the id follows the requested direction.
 */
export function sortOrder(card: CardSubquery, sort: ProductSort): SQL[] {
  const dir = sort.descending ? desc : asc;
  const newestFirst = [desc(products.createdAt), desc(products.id)];
  switch (sort.sortBy) {
    case 'price':
      return [dir(card.price), ...newestFirst];
    case 'best_selling':
      return [dir(card.productUnitsSold), ...newestFirst];
    default:
      return [dir(products.createdAt), dir(products.id)];
  }
}

/** The select list and joins of a card query; callers add where / order / limit. */
export function cardQuery(db: DbOrTx, listing: Listing) {
  const p = products;
  const { card, shop } = listing;
  return db
    .select({
      id: p.id,
      name: p.name,
      slug: p.slug,
      type: p.type,
      shopId: shop.id,
      shopName: shop.name,
      shopSlug: shop.slug,
      brandId: brands.id,
      brandName: brands.name,
      brandSlug: brands.slug,
      variationId: card.id,
      variationName: card.name,
      variationSlug: card.slug,
      variationFullName: card.fullName,
      price: card.price,
      compareAtPrice: card.compareAtPrice,
      stock: card.stock,
      images: card.images,
    })
    .from(p)
    .innerJoin(card, listing.onCard)
    .innerJoin(shop, listing.onShop)
    .leftJoin(brands, eq(brands.id, p.brandId));
}

type CardRow = Awaited<ReturnType<ReturnType<typeof cardQuery>['execute']>>[number];

export function toProductCard(row: CardRow): ProductCard {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    type: row.type,
    price: row.price,
    compare_at_price: row.compareAtPrice,
    thumbnail: row.images[0] ?? null,
    shop: { id: row.shopId, name: row.shopName, slug: row.shopSlug },
    brand:
      row.brandId !== null && row.brandName !== null && row.brandSlug !== null
        ? { id: row.brandId, name: row.brandName, slug: row.brandSlug }
        : null,
    variation: {
      id: row.variationId,
      name: row.variationName,
      slug: row.variationSlug,
      full_name: row.variationFullName,
      price: row.price,
      stock: row.stock,
    },
  };
}

/** Up to `limit` cards matching `where`, in `order` (home page rows, related products). */
export async function listCards(
  db: DbOrTx,
  options: { where?: SQL[]; order: (card: CardSubquery) => SQL[]; limit: number },
) {
  const listing = listableProducts(db);
  const rows = await cardQuery(db, listing)
    .where(and(listing.where, ...(options.where ?? [])))
    .orderBy(...options.order(listing.card))
    .limit(options.limit);
  return rows.map(toProductCard);
}
