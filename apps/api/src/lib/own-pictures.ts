import { isUploadPath } from '@parade/core/safe-links';

/**
 * Pictures a vendor names in JSON (an offer's `image`, a shop slide's pictures) rather than
 * uploads: they must be files its own shop uploaded, or ones the object already shows (sent
 * back unchanged, e.g. the seeded demo pictures). Another shop's picture is refused even though
 * its URL is public: re-picturing or deleting then deletes only "own" files, and it must never
 * be another shop's.
 */

/**
 * The start of every file one shop uploads, as saveImage names them: `/uploads/<folder>/<prefix>-`.
 * The "-" after the id keeps shop 1 from matching shop 12's files.
 */
export const shopUploadPrefixes = {
  /** Logo and banner (shops/manage.routes.ts: `${shopId}-logo`, `${shopId}-banner`). */
  shop: (shopId: number) => `/uploads/shops/${shopId}-`,
  /** Offer pictures (offers/vendor-offers.routes.ts: `shop${shopId}`). */
  offers: (shopId: number) => `/uploads/offers/shop${shopId}-`,
  /** Product pictures (catalog/vendor.routes.ts: `${shopId}-${productId}`). */
  products: (shopId: number) => `/uploads/products/${shopId}-`,
};

/** Every prefix of the shop's own uploads. */
export const allShopUploadPrefixes = (shopId: number): string[] =>
  Object.values(shopUploadPrefixes).map((prefix) => prefix(shopId));

/**
 * True when `url` is a stored upload starting with one of `ownPrefixes` (the whole path is
 * checked, so "/uploads/offers/shop1-../../shops/2-logo.png" is not shop 1's), or is one of the
 * pictures in `kept` exactly.
 */
export function isOwnPicture(
  url: string,
  ownPrefixes: readonly string[],
  kept: Iterable<string | null | undefined> = [],
): boolean {
  for (const current of kept) if (current && url === current) return true;
  return isUploadPath(url) && ownPrefixes.some((prefix) => url.startsWith(prefix));
}
