import { and, asc, eq, exists, inArray, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { activeShops } from '../shops';
import { brands, products, productVariations } from './catalog.tables';

/**
 * The listable-product rule, written once: a product may be listed (product lists, shop pages,
 * search, the home page, related products, counts) when it is active, its shop is active (the
 * shops module's own rule, composed through its `activeShops` derived table) and it has at least
 * one active variation. Only active variations are shown, searched or priced.
 */
const activeProduct = (): SQL => eq(products.isActive, true);
const activeVariation = (): SQL => eq(productVariations.isActive, true);

/** A product has an active variation: the rule's variation half, for queries that need no card. */
export function hasActiveVariation(db: DbOrTx): SQL {
  return exists(
    db
      .select({ one: sql`1` })
      .from(productVariations)
      .where(and(eq(productVariations.productId, products.id), activeVariation())),
  );
}

/** Active variations of a product (correlated with `products`) that satisfy `where`: for EXISTS filters. */
export function activeVariationsOf(db: DbOrTx, where: SQL) {
  return db
    .select({ one: sql`1` })
    .from(productVariations)
    .where(and(eq(productVariations.productId, products.id), activeVariation(), where));
}

/**
 * The card variation of each product: its CHEAPEST active variation (ties: lowest position, then
 * lowest id), as a derived table `card`. Joining it (inner) keeps only products with an active
 * variation; `productUnitsSold` sums units sold over the product's active variations.
 */
export function cardVariation(db: DbOrTx) {
  const v = productVariations;
  return db
    .selectDistinctOn([v.productId], {
      productId: v.productId,
      id: v.id,
      name: v.name,
      slug: v.slug,
      fullName: v.fullName,
      price: v.price,
      compareAtPrice: v.compareAtPrice,
      stock: v.stock,
      images: v.images,
      // Window functions run before DISTINCT ON: units sold over all active variations.
      productUnitsSold: sql<number>`(sum(${v.unitsSold}) over (partition by ${v.productId}))::int`.as(
        'product_units_sold',
      ),
    })
    .from(v)
    .where(activeVariation())
    .orderBy(v.productId, asc(v.price), asc(v.position), asc(v.id))
    .as('card');
}

export type CardSubquery = ReturnType<typeof cardVariation>;

/**
 * The listable products of one query. Select from `products`, inner join `card` on `onCard`
 * (each product's card variation: none, no row) and `shop` on `onShop` (its shop, when active),
 * and AND `where` (the product's own condition) with the query's filters. A page without cards
 * (one product's page, a count) may join `shop` alone and check the variations itself. Keep one
 * per query: every use shares the same derived tables.
 */
export function listableProducts(db: DbOrTx) {
  const card = cardVariation(db);
  const shop = activeShops(db);
  return {
    card,
    shop,
    onCard: eq(card.productId, products.id),
    onShop: eq(shop.id, products.shopId),
    where: activeProduct(),
  };
}

/** A product's active variations, in display order. */
export function activeVariations(db: DbOrTx, productId: number) {
  return db
    .select()
    .from(productVariations)
    .where(and(eq(productVariations.productId, productId), activeVariation()))
    .orderBy(asc(productVariations.position), asc(productVariations.id));
}

export type Listing = ReturnType<typeof listableProducts>;

/**
 * The rule as one derived table per catalogue table, for queries that work on each name before
 * joining (search folds every name once): join `variation` -> `product` -> `shop` (inner) and
 * `brand` (left). Only active variations, active products and active shops are in them.
 */
export function listableParts(db: DbOrTx) {
  return {
    variation: db
      .select({
        id: productVariations.id,
        productId: productVariations.productId,
        name: productVariations.name,
        slug: productVariations.slug,
        fullName: productVariations.fullName,
        price: productVariations.price,
        images: productVariations.images,
        unitsSold: productVariations.unitsSold,
      })
      .from(productVariations)
      .where(activeVariation())
      .as('listable_variation'),
    product: db
      .select({
        id: products.id,
        shopId: products.shopId,
        brandId: products.brandId,
        name: products.name,
        slug: products.slug,
        type: products.type,
      })
      .from(products)
      .where(activeProduct())
      .as('listable_product'),
    brand: db.select({ id: brands.id, name: brands.name }).from(brands).as('brand_ref'),
    shop: activeShops(db),
  };
}

/**
 * Active variations of the shop's active products among `ids`, with their price and product
 * (for pricing cart lines from our own prices: the client's are ignored).
 */
export async function priceShopVariations(
  db: DbOrTx,
  shopId: number,
  ids: number[],
): Promise<{ id: number; price: number; productId: number }[]> {
  if (ids.length === 0) return [];
  return db
    .select({ id: productVariations.id, price: productVariations.price, productId: products.id })
    .from(productVariations)
    .innerJoin(products, eq(products.id, productVariations.productId))
    .where(and(inArray(productVariations.id, ids), eq(products.shopId, shopId), activeProduct(), activeVariation()));
}
