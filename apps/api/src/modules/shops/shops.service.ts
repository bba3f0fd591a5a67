import type { Ref, Shop, ShopCard, ShopData, VendorRef } from '@parade/core/catalog-dto';
import { type Paginated, paginate } from '@parade/core/envelope';
import { and, asc, desc, eq, exists, inArray, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { notFound } from '../../lib/errors';
import { brands, categories, products, productVariations } from '../catalog/catalog.tables';
import { cardVariations } from '../catalog/product-cards';
import { safeImageUrl, safeLink } from '../content/sanitize';
import { matchesText, textQuery } from '../search/text-match';
import { shops } from './shops.tables';

export const SHOPS_PER_PAGE = 12;

type ShopRow = typeof shops.$inferSelect;

const image = (url: string | null) => (url ? { url } : null);

/** A product counts when it is active and has at least one active variation (it can be listed). */
function listable(db: DbOrTx): SQL {
  const hasActiveVariation = db
    .select({ one: sql`1` })
    .from(productVariations)
    .where(and(eq(productVariations.productId, products.id), eq(productVariations.isActive, true)));
  return and(eq(products.isActive, true), exists(hasActiveVariation)) as SQL;
}

/** Listable products per shop, for a batch of shops (one query). */
async function productCounts(db: DbOrTx, shopIds: number[]): Promise<Map<number, number>> {
  if (shopIds.length === 0) return new Map();
  const rows = await db
    .select({ shopId: products.shopId, count: sql<number>`count(*)::int` })
    .from(products)
    .where(and(inArray(products.shopId, shopIds), listable(db)))
    .groupBy(products.shopId);
  return new Map(rows.map((r) => [r.shopId, Number(r.count)]));
}

function toShopCard(row: ShopRow, productCount: number): ShopCard {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    tagline: row.tagline,
    logo: image(row.logo),
    banner: image(row.banner),
    address: row.address,
    postcode: row.postcode,
    product_count: productCount,
  };
}

/** GET /shops: active shops, featured first then by name; `search` matches the name (accents, typos). */
export async function listShops(
  db: DbOrTx,
  request: { search?: string; page: number; perPage: number },
): Promise<Paginated<ShopCard>> {
  const where: SQL[] = [eq(shops.isActive, true)];
  if (request.search) where.push(matchesText(textQuery(request.search), shops.name));
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(shops)
      .where(and(...where))
      .orderBy(desc(shops.isFeatured), asc(shops.name), asc(shops.id))
      .limit(request.perPage)
      .offset((request.page - 1) * request.perPage),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(shops)
      .where(and(...where)),
  ]);
  const counts = await productCounts(
    db,
    rows.map((r) => r.id),
  );
  return paginate(
    rows.map((row) => toShopCard(row, counts.get(row.id) ?? 0)),
    Number(counted?.total ?? 0),
    request.page,
    request.perPage,
  );
}

/** The active shop with this slug, or 404. */
export async function findActiveShop(db: DbOrTx, slug: string): Promise<ShopRow> {
  const [row] = await db
    .select()
    .from(shops)
    .where(and(eq(shops.slug, slug), eq(shops.isActive, true)))
    .limit(1);
  if (!row) throw notFound('Shop not found');
  return row;
}

/** GET /shop/{slug}. */
export async function getShop(db: DbOrTx, slug: string): Promise<Shop> {
  const row = await findActiveShop(db, slug);
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    tagline: row.tagline,
    description: row.description,
    logo: image(row.logo),
    banner: image(row.banner),
    slide: {
      items: row.slides.map((s) => ({
        title: s.title,
        caption: s.caption,
        image: safeImageUrl(s.image),
        mobile_image: s.mobile_image ? safeImageUrl(s.mobile_image) || null : null,
        action_link: safeLink(s.action_link),
        action_text: s.action_text ?? null,
      })),
    },
    address: row.address,
    city: row.city,
    postcode: row.postcode,
    phone: row.phone,
    email: row.email,
  };
}

/**
 * GET /shop/{slug}/data: the categories and brands the shop has listable products in, the price
 * range of its product cards (the cheapest active variation of each product) and the product count.
 */
export async function getShopData(db: DbOrTx, slug: string): Promise<ShopData> {
  const shop = await findActiveShop(db, slug);
  const card = cardVariations(db);
  const ofShop = and(eq(products.shopId, shop.id), eq(products.isActive, true));
  const [categoryRows, brandRows, [summary]] = await Promise.all([
    db
      .selectDistinct({
        id: categories.id,
        name: categories.name,
        slug: categories.slug,
        position: categories.position,
      })
      .from(products)
      .innerJoin(card, eq(card.productId, products.id))
      .innerJoin(categories, eq(categories.id, products.categoryId))
      .where(ofShop)
      .orderBy(asc(categories.position), asc(categories.name)),
    db
      .selectDistinct({ id: brands.id, name: brands.name, slug: brands.slug })
      .from(products)
      .innerJoin(card, eq(card.productId, products.id))
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
      .innerJoin(card, eq(card.productId, products.id))
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

/** GET /vendor and the home page's vendors: every active shop, featured first, then by name. */
export async function listVendors(db: DbOrTx): Promise<VendorRef[]> {
  const rows = await db
    .select({ id: shops.id, name: shops.name, slug: shops.slug, logo: shops.logo })
    .from(shops)
    .where(eq(shops.isActive, true))
    .orderBy(desc(shops.isFeatured), asc(shops.name), asc(shops.id));
  return rows.map((r) => ({ id: r.id, name: r.name, slug: r.slug, logo: image(r.logo) }));
}
