import type { DbOrTx } from '../db/client';
import { deleteVendorProduct } from '../modules/catalog';
import { lockShopReviews, shopRatingOf } from '../modules/reviews';
import { setShopRating } from '../modules/shops';

/**
 * DELETE vendor/products/{id}: the product goes, its reviews with it (they cascade), and the
 * shop's rating is recomputed from the reviews left, in one transaction under the shop's review
 * lock (decision 044), so the vendor page and the vendors list never show an average or a count
 * that includes reviews nobody can read any more. False when the product is not the shop's.
 */
export async function deleteShopProduct(db: DbOrTx, shopId: number, productId: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    await lockShopReviews(tx, shopId);
    if (!(await deleteVendorProduct(tx, shopId, productId))) return false;
    await setShopRating(tx, shopId, await shopRatingOf(tx, shopId));
    return true;
  });
}
