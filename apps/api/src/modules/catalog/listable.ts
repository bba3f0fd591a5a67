import { and, eq, inArray, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { products, productVariations } from './catalog.tables';

/**
 * The listable-product rule: a product may be listed (product lists, shop pages, search, the home
 * page, related products, counts) when it is active, its shop is active and it has at least one
 * active variation. It is computed in ONE place, read-model.ts, into `products.listable` (and
 * `product_variations.listable` for search), kept right by every write; lists filter on the column
 * (`listed()` in product-cards.ts). Only active variations are shown, searched or priced.
 */
const activeProduct = (): SQL => eq(products.isActive, true);
const activeVariation = (): SQL => eq(productVariations.isActive, true);

/**
 * Active variations of the shop's active products among `ids`, with their price and product
 * (for pricing cart lines from our own prices: the client's are ignored).
 */
export async function priceShopVariations(
  db: DbOrTx,
  shopId: number,
  ids: number[],
): Promise<
  {
    id: number;
    price: number;
    productId: number;
    categoryId: number | null;
    subCategoryId: number | null;
    type: 'Physical' | 'Digital';
  }[]
> {
  if (ids.length === 0) return [];
  return db
    .select({
      id: productVariations.id,
      price: productVariations.price,
      productId: products.id,
      categoryId: products.categoryId,
      subCategoryId: products.subCategoryId,
      type: products.type,
    })
    .from(productVariations)
    .innerJoin(products, eq(products.id, productVariations.productId))
    .where(and(inArray(productVariations.id, ids), eq(products.shopId, shopId), activeProduct(), activeVariation()));
}
