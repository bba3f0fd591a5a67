import type { ImageRef } from '@parade/core/catalog-schemas';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { shops } from './shops.tables';

/**
 * What the offers module (offers, claims and QR codes) needs of a shop: its public card by slug
 * or by its live QR code. Only open (active) shops: a suspended shop's offers are not shown and
 * cannot be claimed, whatever link or code a customer holds.
 */
export interface OfferShop {
  id: number;
  name: string;
  slug: string;
  /** Ready for the wire (`{url}`), null without a logo. */
  logo: ImageRef | null;
}

const offerShopColumns = { id: shops.id, name: shops.name, slug: shops.slug, logo: shops.logo };
const toOfferShop = (row: { id: number; name: string; slug: string; logo: string | null }): OfferShop => ({
  id: row.id,
  name: row.name,
  slug: row.slug,
  logo: row.logo ? { url: row.logo } : null,
});

/**
 * The open shop whose live QR code is `code`, or null (unknown, replaced by a regeneration, or
 * the shop is closed). The old code stops matching the moment `qr_code_id` is replaced.
 */
export async function shopByLiveQrCode(db: DbOrTx, code: string): Promise<OfferShop | null> {
  if (!code) return null;
  const [row] = await db
    .select(offerShopColumns)
    .from(shops)
    .where(and(eq(shops.qrCodeId, code), isNotNull(shops.qrCodeId), eq(shops.isActive, true)))
    .limit(1);
  return row ? toOfferShop(row) : null;
}

/** The open shop with this slug, or null. */
export async function openShopBySlug(db: DbOrTx, slug: string): Promise<OfferShop | null> {
  const [row] = await db
    .select(offerShopColumns)
    .from(shops)
    .where(and(eq(shops.slug, slug), eq(shops.isActive, true)))
    .limit(1);
  return row ? toOfferShop(row) : null;
}

/**
 * A shop's state as a claim sees it, read inside the claim's transaction: open or not, and its
 * live QR code (null until generated). A claim of a qr_only offer must carry this code.
 */
export async function shopClaimState(
  db: DbOrTx,
  shopId: number,
): Promise<{ isOpen: boolean; qrCodeId: string | null } | null> {
  const [row] = await db
    .select({ isOpen: shops.isActive, qrCodeId: shops.qrCodeId })
    .from(shops)
    .where(eq(shops.id, shopId))
    .limit(1);
  return row ?? null;
}

/**
 * Every shop, open or closed, as a derived table for the offers module's joins (a claim keeps
 * showing its shop after the shop closes): id, name, slug, logo (text), isOpen.
 */
export function offerShopRefs(db: DbOrTx) {
  return db
    .select({
      id: sql<number>`${shops.id}`.as('offer_shop_id'),
      name: sql<string>`${shops.name}`.as('offer_shop_name'),
      slug: sql<string>`${shops.slug}`.as('offer_shop_slug'),
      logo: sql<string | null>`${shops.logo}`.as('offer_shop_logo'),
      isOpen: sql<boolean>`${shops.isActive}`.as('offer_shop_open'),
    })
    .from(shops)
    .as('offer_shop');
}
