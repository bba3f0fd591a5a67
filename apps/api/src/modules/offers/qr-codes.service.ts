import { randomBytes } from 'node:crypto';
import type { QrStats } from '@parade/core/offer-schemas';
import { and, eq, sql } from 'drizzle-orm';
import QRCode from 'qrcode';
import type { DbOrTx } from '../../db/client';
import { notFound } from '../../lib/errors';
import { findShopQr, type OfferShop, openShopBySlug, type ShopQr, setShopQrCode, shopByLiveQrCode } from '../shops';
import { offerMissing } from './offers.service';
import { offerClaims, offers, qrScans } from './offers.tables';

/** Where the API serves a code's PNG (on the API's own origin, as `/uploads/...` pictures are). */
export const QR_DOWNLOAD_PATH = '/api/vendor-offers/vendor/qr-code/download';

/** A QR call's payload (`{qr_code_id, qr_code_url, download_url, generated_at}`, contract "Offers"). */
export interface QrPayload {
  qr_code_id: string;
  qr_code_url: string;
  download_url: string;
  generated_at: string;
}

/**
 * A new code: 16 random bytes (128 bits) from the system's CSPRNG, base64url (22 characters,
 * safe in a URL unescaped). Nobody can guess a live code, so the code alone is the key to a
 * shop's QR-only offers.
 */
export function newQrCode(): string {
  return randomBytes(16).toString('base64url');
}

/** A code as it may appear in a URL: base64url only, of a sane length (anything else matches no shop). */
export const QR_CODE_PATTERN = /^[A-Za-z0-9_-]{10,64}$/;

/**
 * The absolute storefront URL a code's QR encodes: the shop's my-offer page with the code, and
 * the offer for a per-offer QR. `publicUrl` is the storefront's origin (config PUBLIC_URL).
 */
export function myOfferUrl(publicUrl: string, slug: string, code: string, offerId?: number): string {
  const base = `${publicUrl.replace(/\/$/, '')}/vendor/${encodeURIComponent(slug)}/my-offer`;
  const query = new URLSearchParams({ qr: code });
  if (offerId !== undefined) query.set('offer', String(offerId));
  return `${base}?${query.toString()}`;
}

function payloadFor(publicUrl: string, shop: ShopQr & { qrCodeId: string; qrGeneratedAt: Date }, offerId?: number) {
  const download = `${QR_DOWNLOAD_PATH}/${encodeURIComponent(shop.qrCodeId)}`;
  return {
    qr_code_id: shop.qrCodeId,
    qr_code_url: myOfferUrl(publicUrl, shop.slug, shop.qrCodeId, offerId),
    download_url: offerId === undefined ? download : `${download}?offer=${offerId}`,
    generated_at: shop.qrGeneratedAt.toISOString(),
  } satisfies QrPayload;
}

const hasCode = (shop: ShopQr): shop is ShopQr & { qrCodeId: string; qrGeneratedAt: Date } =>
  shop.qrCodeId !== null && shop.qrGeneratedAt !== null;

/** The shop guarded by the vendor guard; it exists (the guard found it), so a miss is a bug. */
async function shopOf(db: DbOrTx, shopId: number, forUpdate = false): Promise<ShopQr> {
  const shop = await findShopQr(db, shopId, { forUpdate });
  if (!shop) throw new Error(`The vendor guard's shop ${shopId} is missing`);
  return shop;
}

/** GET vendor/qr-code/info: the live code's payload, or null when the shop has none yet. */
export async function qrInfo(db: DbOrTx, publicUrl: string, shopId: number): Promise<QrPayload | null> {
  const shop = await shopOf(db, shopId);
  return hasCode(shop) ? payloadFor(publicUrl, shop) : null;
}

/**
 * POST vendor/qr-code/generate: the live code when there is one (`created: false`), else a new
 * one. Run it in a transaction: the shop's row is locked first, so two clicks at once make one code.
 */
export async function ensureQrCode(
  tx: DbOrTx,
  publicUrl: string,
  shopId: number,
): Promise<{ payload: QrPayload; created: boolean }> {
  const shop = await shopOf(tx, shopId, true);
  if (hasCode(shop)) return { payload: payloadFor(publicUrl, shop), created: false };
  const code = newQrCode();
  const at = await setShopQrCode(tx, shopId, code);
  return { payload: payloadFor(publicUrl, { ...shop, qrCodeId: code, qrGeneratedAt: at }), created: true };
}

/**
 * POST vendor/qr-code/regenerate: a new code replaces the live one. The old one stops working
 * at once: validate, my-offer and download look up the shop's current code only.
 */
export async function regenerateQrCode(tx: DbOrTx, publicUrl: string, shopId: number): Promise<QrPayload> {
  const shop = await shopOf(tx, shopId, true);
  const code = newQrCode();
  const at = await setShopQrCode(tx, shopId, code);
  return payloadFor(publicUrl, { ...shop, qrCodeId: code, qrGeneratedAt: at });
}

const qrCodeMissing = () =>
  notFound('This QR code is not your live code: it was replaced or never existed.', 'qr_code_not_found');

/** Whether the offer is this shop's (any state: a per-offer QR may be printed ahead of its start). */
async function isShopOffer(db: DbOrTx, shopId: number, offerId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: offers.id })
    .from(offers)
    .where(and(eq(offers.id, offerId), eq(offers.shopId, shopId)))
    .limit(1);
  return Boolean(row);
}

/**
 * POST vendor/offers/{id}/qr-code: the shop's live code (made now when there is none) pointing
 * at one offer. Run it in a transaction. Another shop's offer, or none, answers 404 `offer_not_found`.
 */
export async function offerQrCode(
  tx: DbOrTx,
  publicUrl: string,
  shopId: number,
  offerId: number,
): Promise<{ payload: QrPayload; created: boolean }> {
  if (!(await isShopOffer(tx, shopId, offerId))) throw offerMissing();
  const { created } = await ensureQrCode(tx, publicUrl, shopId);
  const shop = await shopOf(tx, shopId);
  if (!hasCode(shop)) throw new Error('The code just ensured is missing');
  return { payload: payloadFor(publicUrl, shop, offerId), created };
}

/**
 * GET vendor/qr-code/download/{id}: the PNG of the live code `id` (with `?offer=` the per-offer
 * code), 1024 px square with the standard quiet zone and error correction level M (readable when
 * printed small or a little scuffed). Any other id, including the shop's replaced code or
 * another shop's live one, answers 404 `qr_code_not_found`.
 */
export async function qrPng(
  db: DbOrTx,
  publicUrl: string,
  shopId: number,
  code: string,
  offerId?: number,
): Promise<{ png: Buffer; filename: string }> {
  const shop = await shopOf(db, shopId);
  if (!hasCode(shop) || shop.qrCodeId !== code) throw qrCodeMissing();
  if (offerId !== undefined && !(await isShopOffer(db, shopId, offerId))) throw offerMissing();
  const url = myOfferUrl(publicUrl, shop.slug, shop.qrCodeId, offerId);
  const png = await QRCode.toBuffer(url, { type: 'png', errorCorrectionLevel: 'M', margin: 4, width: 1024 });
  const filename = offerId === undefined ? `${shop.slug}-qr.png` : `${shop.slug}-offer-${offerId}-qr.png`;
  return { png, filename };
}

/**
 * GET vendor/qr-code/stats in one query: every scan the shop's codes ever had (a replaced code's
 * scans stay the shop's), the shop's claims made through a code (`via_qr`, in any status), and
 * the contract's conversion of those claims: the used ones over all of them, from 0 to 1 (0 when
 * there are none), as for an offer's and the shop's claim stats.
 */
export async function qrStats(db: DbOrTx, shopId: number): Promise<QrStats> {
  // The shop's claims made with its code, all and used, as scalar subqueries (joins, so their columns are qualified).
  const viaQr = (status?: 'used') =>
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(offerClaims)
      .innerJoin(offers, eq(offers.id, offerClaims.offerId))
      .where(
        and(
          eq(offers.shopId, shopId),
          eq(offerClaims.viaQr, true),
          status ? eq(offerClaims.status, status) : undefined,
        ),
      );
  // An aggregate without GROUP BY always answers one row, scans or none: one round trip.
  const [row] = await db
    .select({
      scans: sql<number>`count(*)::int`,
      claimsFromScans: sql<number>`(${viaQr()})`,
      usedFromScans: sql<number>`(${viaQr('used')})`,
    })
    .from(qrScans)
    .where(eq(qrScans.shopId, shopId));
  const scans = Number(row?.scans ?? 0);
  const claims = Number(row?.claimsFromScans ?? 0);
  const used = Number(row?.usedFromScans ?? 0);
  const rate = claims === 0 ? 0 : used / claims;
  return { scans, claims_from_scans: claims, conversion_rate: Math.round(rate * 10_000) / 10_000 };
}

export const qrCodeInvalid = () =>
  notFound('This QR code is not valid any more. Ask the shop for its current code.', 'qr_code_invalid');

/** GET qr-code/validate/{code}: the open shop whose live code this is; 404 `qr_code_invalid` otherwise. */
export async function validateQrCode(db: DbOrTx, code: string): Promise<OfferShop> {
  const shop = QR_CODE_PATTERN.test(code) ? await shopByLiveQrCode(db, code) : null;
  if (!shop) throw qrCodeInvalid();
  return shop;
}

/**
 * The shop of a my-offer visit: the open shop `slug` whose live code is `code`. An unknown or
 * closed shop answers 404 `shop_not_found`; any other code (unknown, replaced, another shop's)
 * 404 `qr_code_invalid`, so another shop's code never unlocks this shop's offers.
 */
export async function shopForScan(db: DbOrTx, slug: string, code: string): Promise<OfferShop> {
  const shop = await openShopBySlug(db, slug);
  if (!shop) throw notFound('Shop not found', 'shop_not_found');
  const owner = QR_CODE_PATTERN.test(code) ? await shopByLiveQrCode(db, code) : null;
  if (!owner || owner.id !== shop.id) throw qrCodeInvalid();
  return shop;
}

/** Records one scan of the shop's live code (the offer of a per-offer code when it is the shop's; the signed-in user when known). */
export async function recordQrScan(
  db: DbOrTx,
  scan: { shopId: number; code: string; offerId?: number; userId: number | null },
): Promise<void> {
  const offerId =
    scan.offerId !== undefined && (await isShopOffer(db, scan.shopId, scan.offerId)) ? scan.offerId : null;
  await db.insert(qrScans).values({ shopId: scan.shopId, qrCodeId: scan.code, offerId, userId: scan.userId });
}
