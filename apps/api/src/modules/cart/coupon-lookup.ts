import type { CouponFunding } from '@parade/core/cart-schemas';
import { and, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { coupons } from './cart.tables';

export type CouponRow = typeof coupons.$inferSelect;

/**
 * The coupon a code names for a shop's lines: the shop's own coupon with that code, else the
 * platform coupon with it (decision 026: a shop's code wins, so a shop never loses a code it
 * already printed to a platform code made later). One statement; `lock` takes the row FOR
 * UPDATE, as a checkout does before counting a use.
 */
export async function findCouponForShop(
  db: DbOrTx,
  shopId: number,
  code: string,
  options: { lock?: boolean } = {},
): Promise<(CouponRow & { fundedBy: CouponFunding }) | null> {
  const query = db
    .select()
    .from(coupons)
    .where(
      sql`upper(${coupons.code}) = ${code.trim().toUpperCase()} and (${coupons.shopId} = ${shopId} or ${coupons.shopId} is null)`,
    )
    .orderBy(sql`${coupons.shopId} nulls last`)
    .limit(1);
  const [row] = options.lock ? await query.for('update') : await query;
  return row ? { ...row, fundedBy: row.shopId === null ? 'platform' : 'shop' } : null;
}

/** A deal's code: the shop the deal is at (null for a platform-wide deal) and the code it shows. */
export interface AdvertisedCode {
  shopId: number | null;
  code: string;
}

const codeKey = ({ shopId, code }: AdvertisedCode) => `${shopId ?? ''}:${code.toUpperCase()}`;

/**
 * Which advertised codes can be redeemed now: a coupon of the deal's shop or of the platform has
 * the code, has started, has not ended and is not used up. A platform-wide deal may only show a
 * platform code (no one shop's coupon would work for the shops it speaks of). One statement for
 * a page of deals. Answers the keys of `codeKey` (see isRedeemable).
 */
export async function redeemableCodes(db: DbOrTx, advertised: AdvertisedCode[]): Promise<Set<string>> {
  const wanted = advertised.filter((a) => a.code);
  if (wanted.length === 0) return new Set();
  const codes = [...new Set(wanted.map((a) => a.code.toUpperCase()))];
  const rows = await db
    .select({ shopId: coupons.shopId, code: sql<string>`upper(${coupons.code})` })
    .from(coupons)
    .where(
      and(
        inArray(sql`upper(${coupons.code})`, codes),
        sql`(${coupons.startsAt} is null or ${coupons.startsAt} <= now())
          and (${coupons.endsAt} is null or ${coupons.endsAt} > now())
          and (${coupons.usageLimit} is null or ${coupons.timesUsed} < ${coupons.usageLimit})`,
      ),
    );
  const live = new Set(rows.map((row) => codeKey({ shopId: row.shopId, code: row.code })));
  return new Set(
    wanted
      .filter(
        (a) =>
          live.has(codeKey({ shopId: null, code: a.code })) ||
          (a.shopId !== null && live.has(codeKey({ shopId: a.shopId, code: a.code }))),
      )
      .map(codeKey),
  );
}

export const isRedeemable = (redeemable: Set<string>, advertised: AdvertisedCode) =>
  redeemable.has(codeKey(advertised));

/** Whether a deal at `shopId` (null: platform-wide) may advertise `code`: its shop or the platform has such a coupon. */
export async function couponCodeExists(db: DbOrTx, shopId: number | null, code: string): Promise<boolean> {
  const [row] = await db
    .select({ id: coupons.id })
    .from(coupons)
    .where(
      sql`upper(${coupons.code}) = ${code.toUpperCase()} and (${coupons.shopId} is null${
        shopId === null ? sql`` : sql` or ${coupons.shopId} = ${shopId}`
      })`,
    )
    .limit(1);
  return row !== undefined;
}
