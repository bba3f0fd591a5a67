import type { DbOrTx } from '../db/client';
import { refreshProductListings } from '../modules/catalog';
import { setShopActive } from '../modules/shops';

/** Opens or suspends a shop and relists or hides its products (the catalogue read model) in one transaction; false if no such shop. */
export async function setShopStatus(db: DbOrTx, shopId: number, isActive: boolean): Promise<boolean> {
  return db.transaction(async (tx) => {
    if (!(await setShopActive(tx, shopId, isActive))) return false;
    await refreshProductListings(tx, { shopId });
    return true;
  });
}
