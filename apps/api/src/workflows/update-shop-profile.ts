import type { VendorShop } from '@parade/core/vendor-schemas';
import type { DbOrTx } from '../db/client';
import { refreshProductListings } from '../modules/catalog';
import { setShopImage, updateShopProfile } from '../modules/shops';

type Changes = Parameters<typeof updateShopProfile>[2];

/** A merchant edits their shop's profile; the catalogue read model is refreshed so cached shop pages and lists drop, in one transaction. */
export async function updateVendorShopProfile(
  db: DbOrTx,
  shopId: number,
  changes: Changes,
): Promise<VendorShop | null> {
  return db.transaction(async (tx) => {
    const shop = await updateShopProfile(tx, shopId, changes);
    if (shop) await refreshProductListings(tx, { shopId });
    return shop;
  });
}

/** A merchant uploads a logo or banner; the logo is on every product card (read model), refreshed in the same transaction. Returns the URL replaced, or undefined for no such shop. */
export async function setVendorShopImage(
  db: DbOrTx,
  shopId: number,
  kind: 'logo' | 'banner',
  url: string,
): Promise<string | null | undefined> {
  return db.transaction(async (tx) => {
    const replaced = await setShopImage(tx, shopId, kind, url);
    if (replaced !== undefined) await refreshProductListings(tx, { shopId });
    return replaced;
  });
}
