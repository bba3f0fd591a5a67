import type { Ref } from '@parade/core/catalog-schemas';
import { type Paginated, paginate } from '@parade/core/envelope';
import type { VendorProduct, VendorVariation } from '@parade/core/vendor-schemas';
import { and, asc, desc, eq, inArray, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { containsPattern } from '../../lib/text-match';
import { brands, categories, products, productVariations, subCategories } from './catalog.tables';
import { digitalFileSummary } from './digital-files';

type ProductRow = typeof products.$inferSelect;
type VariationRow = typeof productVariations.$inferSelect;

export function toVendorVariation(row: VariationRow): VendorVariation {
  return {
    id: row.id,
    product_id: row.productId,
    name: row.name,
    slug: row.slug,
    full_name: row.fullName,
    sku: row.sku,
    price: row.price,
    compare_at_price: row.compareAtPrice,
    vat_rate: row.vatRate,
    stock: row.stock,
    is_active: row.isActive,
    position: row.position,
    units_sold: row.unitsSold,
    images: row.images.map((url) => ({ url })),
    has_digital_file: row.digitalFile !== null,
    digital_file: digitalFileSummary(row),
  };
}

/** Variations in the merchant's order: position, then id. */
const variationOrder = [asc(productVariations.position), asc(productVariations.id)] as const;

async function refsById(db: DbOrTx, rows: ProductRow[]) {
  const ids = (pick: (r: ProductRow) => number | null) => [
    ...new Set(rows.map(pick).filter((id): id is number => id !== null)),
  ];
  const [categoryIds, subIds, brandIds] = [
    ids((r) => r.categoryId),
    ids((r) => r.subCategoryId),
    ids((r) => r.brandId),
  ];
  const [cats, subs, brs] = await Promise.all([
    categoryIds.length
      ? db
          .select({ id: categories.id, name: categories.name, slug: categories.slug })
          .from(categories)
          .where(inArray(categories.id, categoryIds))
      : [],
    subIds.length
      ? db
          .select({ id: subCategories.id, name: subCategories.name, slug: subCategories.slug })
          .from(subCategories)
          .where(inArray(subCategories.id, subIds))
      : [],
    brandIds.length
      ? db
          .select({ id: brands.id, name: brands.name, slug: brands.slug })
          .from(brands)
          .where(inArray(brands.id, brandIds))
      : [],
  ]);
  const map = (list: Ref[]) => new Map(list.map((r) => [r.id, r]));
  return { categories: map(cats), subCategories: map(subs), brands: map(brs) };
}

async function toVendorProducts(db: DbOrTx, rows: ProductRow[]): Promise<VendorProduct[]> {
  if (rows.length === 0) return [];
  const [variations, refs] = await Promise.all([
    db
      .select()
      .from(productVariations)
      .where(
        inArray(
          productVariations.productId,
          rows.map((r) => r.id),
        ),
      )
      .orderBy(...variationOrder),
    refsById(db, rows),
  ]);
  const byProduct = new Map<number, VendorVariation[]>();
  for (const v of variations) byProduct.set(v.productId, [...(byProduct.get(v.productId) ?? []), toVendorVariation(v)]);
  return rows.map((row) => {
    const own = byProduct.get(row.id) ?? [];
    return {
      id: row.id,
      name: row.name,
      slug: row.slug,
      type: row.type,
      description: row.description,
      category: (row.categoryId && refs.categories.get(row.categoryId)) || null,
      sub_category: (row.subCategoryId && refs.subCategories.get(row.subCategoryId)) || null,
      brand: (row.brandId && refs.brands.get(row.brandId)) || null,
      is_active: row.isActive,
      listed: row.listable,
      thumbnail: own.find((v) => v.images.length > 0)?.images[0]?.url ?? null,
      created_at: row.createdAt.toISOString(),
      updated_at: row.updatedAt.toISOString(),
      variations: own,
    };
  });
}

/** One product of the shop with its variations, or null (another shop's product reads as missing). */
export async function findVendorProduct(db: DbOrTx, shopId: number, productId: number): Promise<VendorProduct | null> {
  const [row] = await db
    .select()
    .from(products)
    .where(and(eq(products.id, productId), eq(products.shopId, shopId)))
    .limit(1);
  if (!row) return null;
  const [product] = await toVendorProducts(db, [row]);
  return product ?? null;
}

/** One variation of the shop, or null. */
export async function findVendorVariation(
  db: DbOrTx,
  shopId: number,
  variationId: number,
): Promise<VendorVariation | null> {
  const [row] = await db
    .select({ variation: productVariations })
    .from(productVariations)
    .innerJoin(products, eq(products.id, productVariations.productId))
    .where(and(eq(productVariations.id, variationId), eq(products.shopId, shopId)))
    .limit(1);
  return row ? toVendorVariation(row.variation) : null;
}

/** The type of the product a variation of the shop belongs to, or null when it is not the shop's. */
export async function vendorVariationProductType(
  db: DbOrTx,
  shopId: number,
  variationId: number,
): Promise<'Physical' | 'Digital' | null> {
  const [row] = await db
    .select({ type: products.type })
    .from(productVariations)
    .innerJoin(products, eq(products.id, productVariations.productId))
    .where(and(eq(productVariations.id, variationId), eq(products.shopId, shopId)))
    .limit(1);
  return row?.type ?? null;
}

export type VendorProductSort = 'created_at' | 'name' | 'price' | 'stock' | 'units_sold';

/** GET vendor/products: the shop's products, newest first unless sorted; `search` matches product and variation names, the product's slug and SKUs. */
export async function listVendorProducts(
  db: DbOrTx,
  shopId: number,
  query: {
    page: number;
    perPage: number;
    search?: string;
    status?: 'published' | 'draft';
    sort?: { key: VendorProductSort; desc: boolean };
  },
): Promise<Paginated<VendorProduct>> {
  const where: SQL[] = [eq(products.shopId, shopId)];
  if (query.status) where.push(eq(products.isActive, query.status === 'published'));
  if (query.search) {
    const like = containsPattern(query.search);
    where.push(
      sql`(${products.name} ilike ${like} or ${products.slug} ilike ${like} or exists (select 1 from ${productVariations} pv where pv.product_id = ${products.id} and (pv.full_name ilike ${like} or pv.sku ilike ${like})))`,
    );
  }
  const sortExpr: Record<VendorProductSort, SQLWrapper> = {
    created_at: products.createdAt,
    name: products.name,
    price: sql`(select min(pv.price) from ${productVariations} pv where pv.product_id = ${products.id})`,
    // Unlimited stock sorts as the most.
    stock: sql`(select case when bool_or(pv.stock is null) then 2147483647 else coalesce(sum(pv.stock), 0) end from ${productVariations} pv where pv.product_id = ${products.id})`,
    units_sold: sql`(select coalesce(sum(pv.units_sold), 0) from ${productVariations} pv where pv.product_id = ${products.id})`,
  };
  const direction = query.sort && !query.sort.desc ? asc : desc;
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(products)
      .where(and(...where))
      .orderBy(direction(sortExpr[query.sort?.key ?? 'created_at']), direction(products.id))
      .limit(query.perPage)
      .offset((query.page - 1) * query.perPage),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(products)
      .where(and(...where)),
  ]);
  return paginate(await toVendorProducts(db, rows), Number(counted?.total ?? 0), query.page, query.perPage);
}

/** Low stock of the shop's active variations (stock at or below the threshold), lowest first: the dashboard's list. */
export async function lowStockVariations(
  db: DbOrTx,
  shopId: number,
  threshold: number,
  limit = 20,
): Promise<{ variation_id: number; full_name: string; stock: number }[]> {
  const rows = await db
    .select({
      variation_id: productVariations.id,
      full_name: productVariations.fullName,
      stock: productVariations.stock,
    })
    .from(productVariations)
    .innerJoin(products, eq(products.id, productVariations.productId))
    .where(
      and(
        eq(products.shopId, shopId),
        eq(productVariations.isActive, true),
        sql`${productVariations.stock} is not null and ${productVariations.stock} <= ${threshold}`,
      ),
    )
    .orderBy(asc(productVariations.stock), asc(productVariations.id))
    .limit(limit);
  return rows.map((r) => ({ ...r, stock: r.stock ?? 0 }));
}

/** The ids among `productIds` that are not the shop's (a coupon may only name its own shop's products). */
export async function productsNotOfShop(db: DbOrTx, shopId: number, productIds: number[]): Promise<number[]> {
  const ids = [...new Set(productIds)];
  if (ids.length === 0) return [];
  const own = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.shopId, shopId), inArray(products.id, ids)));
  const owned = new Set(own.map((r) => r.id));
  return ids.filter((id) => !owned.has(id));
}

/** The ids among these that name no product, category or sub-category (a platform coupon may name any shop's). */
export async function unknownCatalogIds(
  db: DbOrTx,
  ids: { productIds?: number[]; categoryIds?: number[]; subCategoryIds?: number[] },
): Promise<{ productIds: number[]; categoryIds: number[]; subCategoryIds: number[] }> {
  const missing = async (table: typeof products | typeof categories | typeof subCategories, wanted: number[] = []) => {
    const unique = [...new Set(wanted)];
    if (unique.length === 0) return [];
    const found = new Set(
      (await db.select({ id: table.id }).from(table).where(inArray(table.id, unique))).map((r) => r.id),
    );
    return unique.filter((id) => !found.has(id));
  };
  return {
    productIds: await missing(products, ids.productIds),
    categoryIds: await missing(categories, ids.categoryIds),
    subCategoryIds: await missing(subCategories, ids.subCategoryIds),
  };
}
