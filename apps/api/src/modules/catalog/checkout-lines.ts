import type { NewCartLine } from '@parade/core/cart-lines';
import { eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { preparedOn } from '../../db/prepared';
import { products, productVariations } from './catalog.tables';

export interface CheckoutVariation {
  id: number;
  productId: number;
  shopId: number;
  /** For coupons that name categories. */
  categoryId: number | null;
  subCategoryId: number | null;
  fullName: string;
  /** Pence, our price now: what the order line is charged whatever the client showed. */
  price: number;
  /** The VAT rate (0, 5 or 20 %) the price includes. */
  vatRate: number;
  type: 'Physical' | 'Digital';
  thumbnail: string | null;
  /**
   * Active product and active variation, and a digital one with its file (what the order would
   * unlock); the shop's side is the shops module's.
   */
  onSale: boolean;
}

/** What checkout copies onto order lines for the given variations, read from the catalogue. */
export async function variationsForCheckout(db: DbOrTx, ids: number[]): Promise<Map<number, CheckoutVariation>> {
  if (ids.length === 0) return new Map();
  // Prepared (one array parameter): every checkout asks it.
  const rows = await preparedOn(db, 'catalog_checkout_variations', () => checkoutVariationsQuery(db)).execute({
    ids: [...new Set(ids)],
  });
  return new Map(
    rows.map((r) => [
      r.id,
      {
        id: r.id,
        productId: r.productId,
        shopId: r.shopId,
        categoryId: r.categoryId,
        subCategoryId: r.subCategoryId,
        fullName: r.fullName,
        price: r.price,
        vatRate: r.vatRate,
        type: r.type,
        thumbnail: r.images[0] ?? null,
        onSale: r.productActive && r.variationActive && (r.type !== 'Digital' || r.hasDigitalFile),
      },
    ]),
  );
}

function checkoutVariationsQuery(db: DbOrTx) {
  return db
    .select({
      id: productVariations.id,
      productId: products.id,
      shopId: products.shopId,
      categoryId: products.categoryId,
      subCategoryId: products.subCategoryId,
      fullName: productVariations.fullName,
      price: productVariations.price,
      vatRate: productVariations.vatRate,
      type: products.type,
      images: productVariations.images,
      productActive: products.isActive,
      variationActive: productVariations.isActive,
      hasDigitalFile: sql<boolean>`${productVariations.digitalFile} is not null`,
    })
    .from(productVariations)
    .innerJoin(products, eq(products.id, productVariations.productId))
    .where(sql`${productVariations.id} = any(${sql.placeholder('ids')}::int[])`);
}

/** A variation as a cart line takes it, with what decides whether it can go in the cart now. */
export interface CartVariation {
  line: NewCartLine;
  /** null = unlimited (digital). */
  stock: number | null;
  /** Active variation of a listable product (active, of an open shop). */
  listable: boolean;
  /** The shop is on holiday: it takes no orders now. */
  shopOnHoliday: boolean;
}

/** The variations asked for as cart lines at today's prices ("Buy again"); unknown ids are absent. */
export async function cartVariations(db: DbOrTx, ids: number[]): Promise<Map<number, CartVariation>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: productVariations.id,
      name: productVariations.name,
      slug: productVariations.slug,
      fullName: productVariations.fullName,
      price: productVariations.price,
      images: productVariations.images,
      stock: productVariations.stock,
      listable: productVariations.listable,
      productId: products.id,
      productSlug: products.slug,
      type: products.type,
      shopId: products.shopId,
      shopName: products.shopName,
      shopSlug: products.shopSlug,
      shopOnHoliday: products.shopOnHoliday,
    })
    .from(productVariations)
    .innerJoin(products, eq(products.id, productVariations.productId))
    .where(inArray(productVariations.id, [...new Set(ids)]));
  return new Map(
    rows.map((r) => {
      const images = (typeof r.images === 'string' ? (JSON.parse(r.images) as string[]) : r.images).map((url) => ({
        url,
      }));
      const shop = { id: r.shopId, name: r.shopName ?? '', slug: r.shopSlug ?? '' };
      const line: NewCartLine = {
        id: r.id,
        name: r.name,
        slug: r.slug,
        full_name: r.fullName,
        price: r.price,
        thumbnail: images[0]?.url ?? null,
        images,
        product: { id: r.productId, slug: r.productSlug, type: r.type, shop_id: r.shopId, shop },
      };
      return [r.id, { line, stock: r.stock, listable: r.listable, shopOnHoliday: r.shopOnHoliday }];
    }),
  );
}
