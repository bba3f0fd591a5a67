import type {
  Brand,
  PriceRange,
  ProductCard,
  ProductList,
  ProductPage,
  Ref,
  ShopData,
  Variation,
} from '@parade/core/catalog-dto';
import { paginate } from '@parade/core/envelope';
import { and, asc, desc, eq, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { notFound } from '../../lib/errors';
import { brands, categories, products, type productVariations, subCategories } from './catalog.tables';
import { activeVariations, hasActiveVariation, listableProducts } from './listable';
import {
  cardQuery,
  filterConditions,
  listCards,
  type ProductFilters,
  type ProductSort,
  priceCondition,
  sortOrder,
  toProductCard,
} from './product-cards';

export const PRODUCTS_PER_PAGE = 20;
export const PRODUCTS_MAX_PER_PAGE = 60;
export const RELATED_PRODUCTS = 8;

export interface ProductListRequest {
  filters: ProductFilters;
  sort: ProductSort;
  page: number;
  perPage: number;
}

/**
 * One page of product cards plus the price range of the filtered set. Two queries: an aggregate
 * (count within the price filter, min/max price ignoring it) and the page itself.
 */
export async function listProducts(db: DbOrTx, request: ProductListRequest): Promise<ProductList> {
  const { filters, sort, page, perPage } = request;
  const listing = listableProducts(db);
  const { card } = listing;
  const where = filterConditions(db, listing, filters);
  const inPrice = priceCondition(card, filters);

  const aggregate = db
    .select({
      total: inPrice ? sql<number>`(count(*) filter (where ${inPrice}))::int` : sql<number>`count(*)::int`,
      min: sql<number | null>`min(${card.price})`,
      max: sql<number | null>`max(${card.price})`,
    })
    .from(products)
    .innerJoin(card, listing.onCard)
    .innerJoin(listing.shop, listing.onShop)
    .leftJoin(brands, eq(brands.id, products.brandId))
    .where(and(...where));

  const pageRows = cardQuery(db, listing)
    .where(and(...where, ...(inPrice ? [inPrice] : [])))
    .orderBy(...sortOrder(card, sort))
    .limit(perPage)
    .offset((page - 1) * perPage);

  const [[totals], rows] = await Promise.all([aggregate, pageRows]);
  const priceRange: PriceRange = {
    min: totals?.min === null || totals?.min === undefined ? 0 : Number(totals.min),
    max: totals?.max === null || totals?.max === undefined ? 0 : Number(totals.max),
  };
  return {
    products: paginate(rows.map(toProductCard), Number(totals?.total ?? 0), page, perPage),
    price_range: priceRange,
  };
}

function toVariation(row: typeof productVariations.$inferSelect): Variation {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    full_name: row.fullName,
    price: row.price,
    compare_at_price: row.compareAtPrice,
    stock: row.stock,
    sku: row.sku,
    thumbnail: row.images[0] ?? null,
    images: row.images.map((url) => ({ url })),
  };
}

/**
 * The product page of /{vendor}/product/{product}/{variation}: 404 unless the shop is active, the
 * product is active and belongs to it, and the variation is active and belongs to the product.
 */
export async function getProductPage(
  db: DbOrTx,
  slugs: { vendor: string; product: string; variation: string },
): Promise<ProductPage> {
  const listing = listableProducts(db);
  const { shop } = listing;
  const [found] = await db
    .select({
      product: products,
      shop: { id: shop.id, name: shop.name, slug: shop.slug, logo: shop.logo },
      brand: { id: brands.id, name: brands.name, slug: brands.slug },
      category: { id: categories.id, name: categories.name, slug: categories.slug },
      subCategory: { id: subCategories.id, name: subCategories.name, slug: subCategories.slug },
    })
    .from(products)
    .innerJoin(shop, listing.onShop)
    .leftJoin(brands, eq(brands.id, products.brandId))
    .leftJoin(categories, eq(categories.id, products.categoryId))
    .leftJoin(subCategories, eq(subCategories.id, products.subCategoryId))
    .where(and(eq(shop.slug, slugs.vendor), eq(products.slug, slugs.product), listing.where))
    .limit(1);
  if (!found) throw notFound('Product not found', 'product_not_found');

  const variationRows = await activeVariations(db, found.product.id);
  const current = variationRows.find((row) => row.slug === slugs.variation);
  if (!current) throw notFound('Product not found', 'product_not_found');

  const related = await listRelated(db, found.product);
  const p = found.product;
  return {
    product: {
      id: p.id,
      name: p.name,
      slug: p.slug,
      type: p.type,
      description: p.description,
      shop: {
        id: found.shop.id,
        name: found.shop.name,
        slug: found.shop.slug,
        logo: found.shop.logo ? { url: found.shop.logo } : null,
      },
      brand: found.brand,
      category: found.category,
      sub_category: found.subCategory,
    },
    variation: toVariation(current),
    variations: variationRows.map(toVariation),
    related,
  };
}

/** Up to 8 cards from the same sub-category first, then the same category; never the product itself. */
async function listRelated(
  db: DbOrTx,
  product: { id: number; categoryId: number | null; subCategoryId: number | null },
) {
  const near: SQL[] = [];
  if (product.subCategoryId !== null) near.push(eq(products.subCategoryId, product.subCategoryId));
  if (product.categoryId !== null) near.push(eq(products.categoryId, product.categoryId));
  if (near.length === 0) return [];
  const sameSub =
    product.subCategoryId === null
      ? sql`0`
      : sql`case when ${products.subCategoryId} = ${product.subCategoryId} then 0 else 1 end`;
  return listCards(db, {
    where: [ne(products.id, product.id), or(...near) as SQL],
    order: (card) => [asc(sameSub), desc(card.productUnitsSold), desc(products.createdAt), desc(products.id)],
    limit: RELATED_PRODUCTS,
  });
}

/** Every brand, by name. */
export async function listBrands(db: DbOrTx): Promise<Brand[]> {
  const rows = await db.select().from(brands).orderBy(asc(brands.name), asc(brands.id));
  return rows.map((b) => ({ id: b.id, name: b.name, slug: b.slug, logo: b.logo ? { url: b.logo } : null }));
}

/** Every brand as a reference (id, name, slug), by name: the home page's brand row. */
export async function listBrandRefs(db: DbOrTx): Promise<Ref[]> {
  const rows = await db
    .select({ id: brands.id, name: brands.name, slug: brands.slug })
    .from(brands)
    .orderBy(asc(brands.name), asc(brands.id));
  return rows.map((b): Ref => ({ id: b.id, name: b.name, slug: b.slug }));
}

/** Up to `limit` cards of the whole catalogue in a list sort (the home page's newest and popular rows). */
export async function topCards(db: DbOrTx, sort: ProductSort, limit: number): Promise<ProductCard[]> {
  return listCards(db, { order: (card) => sortOrder(card, sort), limit });
}

/** Listable products per shop, for a batch of shops (one query): the shop cards' product count. */
export async function countListableProducts(db: DbOrTx, shopIds: number[]): Promise<Map<number, number>> {
  if (shopIds.length === 0) return new Map();
  const listing = listableProducts(db);
  const rows = await db
    .select({ shopId: products.shopId, count: sql<number>`count(*)::int` })
    .from(products)
    .innerJoin(listing.shop, listing.onShop)
    .where(and(inArray(products.shopId, shopIds), listing.where, hasActiveVariation(db)))
    .groupBy(products.shopId);
  return new Map(rows.map((r) => [r.shopId, Number(r.count)]));
}

/**
 * A shop's catalogue at a glance (GET /shop/{slug}/data): the categories and brands it has
 * listable products in, the price range of its product cards (the cheapest active variation of
 * each product) and its listable product count.
 */
export async function shopListing(db: DbOrTx, shopId: number): Promise<ShopData> {
  const listing = listableProducts(db);
  const { card, shop, onCard, onShop } = listing;
  const ofShop = and(eq(products.shopId, shopId), listing.where);
  const [categoryRows, brandRows, [summary]] = await Promise.all([
    db
      .selectDistinct({
        id: categories.id,
        name: categories.name,
        slug: categories.slug,
        position: categories.position,
      })
      .from(products)
      .innerJoin(card, onCard)
      .innerJoin(shop, onShop)
      .innerJoin(categories, eq(categories.id, products.categoryId))
      .where(ofShop)
      .orderBy(asc(categories.position), asc(categories.name)),
    db
      .selectDistinct({ id: brands.id, name: brands.name, slug: brands.slug })
      .from(products)
      .innerJoin(card, onCard)
      .innerJoin(shop, onShop)
      .innerJoin(brands, eq(brands.id, products.brandId))
      .where(ofShop)
      .orderBy(asc(brands.name)),
    db
      .select({
        count: sql<number>`count(*)::int`,
        min: sql<number | null>`min(${card.price})`,
        max: sql<number | null>`max(${card.price})`,
      })
      .from(products)
      .innerJoin(card, onCard)
      .innerJoin(shop, onShop)
      .where(ofShop),
  ]);
  const ref = (r: Ref): Ref => ({ id: r.id, name: r.name, slug: r.slug });
  return {
    categories: categoryRows.map(ref),
    brands: brandRows.map(ref),
    price_range: {
      min: summary?.min === null || summary?.min === undefined ? 0 : Number(summary.min),
      max: summary?.max === null || summary?.max === undefined ? 0 : Number(summary.max),
    },
    product_count: Number(summary?.count ?? 0),
  };
}
