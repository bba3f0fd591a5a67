import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { shops } from './shops.tables';

/**
 * The shop's QR code as the shops module stores it (`shops.qr_code_id`, `qr_generated_at`): the
 * offers module prints and counts it, but the columns are this module's, so every read and
 * write of them goes through here.
 */
export interface ShopQr {
  shopId: number;
  name: string;
  slug: string;
  logo: string | null;
  isActive: boolean;
  /** The live code, or null when the shop has none yet. */
  qrCodeId: string | null;
  qrGeneratedAt: Date | null;
}

const qrColumns = {
  shopId: shops.id,
  name: shops.name,
  slug: shops.slug,
  logo: shops.logo,
  isActive: shops.isActive,
  qrCodeId: shops.qrCodeId,
  qrGeneratedAt: shops.qrGeneratedAt,
};

/** The shop and its live QR code (null when none), or null when there is no such shop. */
export async function findShopQr(
  db: DbOrTx,
  shopId: number,
  options: { forUpdate?: boolean } = {},
): Promise<ShopQr | null> {
  const query = db.select(qrColumns).from(shops).where(eq(shops.id, shopId)).limit(1);
  // Generating locks the shop's row, so two clicks at once cannot both make a code.
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row ?? null;
}

/**
 * Stores a new live code for the shop, replacing any previous one (which stops matching at
 * once: only the column's current value is ever looked up). Returns the stored time.
 */
export async function setShopQrCode(db: DbOrTx, shopId: number, code: string): Promise<Date> {
  const [row] = await db
    .update(shops)
    .set({ qrCodeId: code, qrGeneratedAt: new Date() })
    .where(eq(shops.id, shopId))
    .returning({ at: shops.qrGeneratedAt });
  if (!row?.at) throw new Error(`No shop ${shopId} to store a QR code on`);
  return row.at;
}
