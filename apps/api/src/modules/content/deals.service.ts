import type { Deal } from '@parade/core/catalog-dto';
import { type Paginated, paginate } from '@parade/core/envelope';
import { and, desc, eq, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { safeImageUrl, safeLink } from '../../lib/sanitize';
import { isRedeemable, redeemableCodes } from '../cart';
import { activeShops } from '../shops';
import { deals } from './content.tables';

export const DEALS_PER_PAGE = 12;

/**
 * Live: active, started (or no start), not ended (or no end), and not from a closed shop: `shop`
 * is left-joined from shops' active shops, so a closed shop's deal finds no row there.
 */
function live(shop: ReturnType<typeof activeShops>): SQL {
  return and(
    eq(deals.isActive, true),
    or(isNull(deals.startsAt), sql`${deals.startsAt} <= now()`),
    or(isNull(deals.endsAt), sql`${deals.endsAt} > now()`),
    or(isNull(deals.shopId), isNotNull(shop.id)),
  ) as SQL;
}

/** GET /ubm-offers: live platform deals, newest first (the contract's default for lists; deals keep no creation time, so by id). */
export async function listLiveDeals(db: DbOrTx, page: number): Promise<Paginated<Deal>> {
  const shop = activeShops(db);
  const [rows, [counted]] = await Promise.all([
    db
      .select({ deal: deals, shop: { id: shop.id, name: shop.name, slug: shop.slug } })
      .from(deals)
      .leftJoin(shop, eq(shop.id, deals.shopId))
      .where(live(shop))
      .orderBy(desc(deals.id))
      .limit(DEALS_PER_PAGE)
      .offset((page - 1) * DEALS_PER_PAGE),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(deals)
      .leftJoin(shop, eq(shop.id, deals.shopId))
      .where(live(shop)),
  ]);
  // A code is shown only while it works at checkout (issue 23: a deal never advertises a dead code).
  const redeemable = await redeemableCodes(
    db,
    rows.flatMap(({ deal }) => (deal.couponCode ? [{ shopId: deal.shopId, code: deal.couponCode }] : [])),
  );
  const data = rows.map(
    ({ deal, shop }): Deal => ({
      id: deal.id,
      title: deal.title,
      description: deal.description,
      image: deal.image ? safeImageUrl(deal.image) || null : null,
      badge: deal.badge,
      link: safeLink(deal.link),
      shop: shop && deal.shopId !== null ? { id: shop.id, name: shop.name, slug: shop.slug } : null,
      coupon_code:
        deal.couponCode && isRedeemable(redeemable, { shopId: deal.shopId, code: deal.couponCode })
          ? deal.couponCode
          : null,
      starts_at: deal.startsAt?.toISOString() ?? null,
      ends_at: deal.endsAt?.toISOString() ?? null,
    }),
  );
  return paginate(data, Number(counted?.total ?? 0), page, DEALS_PER_PAGE);
}
