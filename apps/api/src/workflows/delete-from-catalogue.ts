import type { VendorProduct, VendorVariation } from '@parade/core/vendor-schemas';
import type { DbOrTx } from '../db/client';
import { AppError } from '../lib/errors';
import {
  deleteVendorProduct,
  deleteVendorVariation,
  lockShopProductVariations,
  lockShopVariation,
  removeVendorDigitalFile,
} from '../modules/catalog';
import { boughtDigitalVariationIds } from '../modules/orders';
import { lockShopReviews, shopRatingOf } from '../modules/reviews';
import { setShopRating } from '../modules/shops';

/**
 * What a shop deletes from its catalogue, each one transaction (catalog + orders + reviews +
 * shops). A download a customer bought is served from its variation's file, for good: a product,
 * a variation or a file that has been bought as a download is never deleted (409
 * `digital_product_sold`); the shop hides it instead (not active: off the shop, still
 * downloadable), or uploads a new file in place of the old, which its buyers then get.
 */

/** 409 `digital_product_sold` with `message` when any of `variationIds` has been bought as a download. */
async function refuseIfBoughtAsDownload(tx: DbOrTx, variationIds: number[], message: string): Promise<void> {
  if ((await boughtDigitalVariationIds(tx, variationIds)).length > 0) {
    throw new AppError(409, message, {}, 'digital_product_sold');
  }
}

/**
 * DELETE vendor/products/{id}: the product goes, its reviews with it (they cascade), and the
 * shop's rating is recomputed from the reviews left, under the shop's review lock (decision 044),
 * so the vendor page never counts reviews nobody can read. Answers the product with its
 * variations as it was just before (read in this transaction); null when it is not the shop's.
 */
export async function deleteShopProduct(db: DbOrTx, shopId: number, productId: number): Promise<VendorProduct | null> {
  return db.transaction(async (tx) => {
    await lockShopReviews(tx, shopId);
    const variationIds = await lockShopProductVariations(tx, shopId, productId);
    if (variationIds === null) return null;
    await refuseIfBoughtAsDownload(
      tx,
      variationIds,
      'Customers have bought this product as a download and keep downloading it, so it cannot be deleted. Untick "Active" to take it off your shop instead.',
    );
    const deleted = await deleteVendorProduct(tx, shopId, productId);
    if (!deleted) return null;
    await setShopRating(tx, shopId, await shopRatingOf(tx, shopId));
    return deleted;
  });
}

/** DELETE vendor/variations/{id}: the variation as it was just before; null when it is not the shop's. */
export async function deleteShopVariation(
  db: DbOrTx,
  shopId: number,
  variationId: number,
): Promise<VendorVariation | null> {
  return db.transaction(async (tx) => {
    if (!(await lockShopVariation(tx, shopId, variationId))) return null;
    await refuseIfBoughtAsDownload(
      tx,
      [variationId],
      'Customers have bought this variation as a download and keep downloading it, so it cannot be deleted. Untick "Active" to stop selling it instead.',
    );
    return deleteVendorVariation(tx, shopId, variationId);
  });
}

/**
 * DELETE vendor/variations/{id}/file: the stored file the variation let go of (for the caller to
 * delete after the commit), or null when the variation is not the shop's.
 */
export async function removeShopDigitalFile(
  db: DbOrTx,
  shopId: number,
  variationId: number,
): Promise<{ unused: string | null } | null> {
  return db.transaction(async (tx) => {
    if (!(await lockShopVariation(tx, shopId, variationId))) return null;
    await refuseIfBoughtAsDownload(
      tx,
      [variationId],
      'Customers have bought this file and keep downloading it, so it cannot be removed. Upload a new file to replace it (they get the new one), or untick "Active" to stop selling it.',
    );
    return removeVendorDigitalFile(tx, shopId, variationId);
  });
}
