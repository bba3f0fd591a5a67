import type { Deal } from '@parade/core/catalog-dto';
import { type Paginated, paginate } from '@parade/core/envelope';
import { and, desc, eq, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { shops } from '../shops/shops.tables';
import { deals } from './content.tables';
import { safeImageUrl, safeLink } from './sanitize';

export const DEALS_PER_PAGE = 12;

/** Live: active, started (or no start), not ended (or no end), and not from a closed shop. */
function live(): SQL {
  return and(
    eq(deals.isActive, true),
    or(isNull(deals.startsAt), sql`${deals.startsAt} <= now()`),
    or(isNull(deals.endsAt), sql`${deals.endsAt} > now()`),
    or(isNull(deals.shopId), eq(shops.isActive, true)),
  ) as SQL;
}

/** GET /ubm-offers: live platform deals, ending soonest first (open-ended last), then newest. */
export async function listLiveDeals(db: DbOrTx, page: number): Promise<Paginated<Deal>> {
  const [rows, [counted]] = await Promise.all([
    db
      .select({ deal: deals, shop: { id: shops.id, name: shops.name, slug: shops.slug } })
      .from(deals)
      .leftJoin(shops, eq(shops.id, deals.shopId))
      .where(live())
      .orderBy(sql`${deals.endsAt} asc nulls last`, desc(deals.id))
      .limit(DEALS_PER_PAGE)
      .offset((page - 1) * DEALS_PER_PAGE),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(deals)
      .leftJoin(shops, eq(shops.id, deals.shopId))
      .where(live()),
  ]);
  const data = rows.map(
    ({ deal, shop }): Deal => ({
      id: deal.id,
      title: deal.title,
      description: deal.description,
      image: deal.image ? safeImageUrl(deal.image) || null : null,
      badge: deal.badge,
      link: safeLink(deal.link),
      shop: shop && deal.shopId !== null ? { id: shop.id, name: shop.name, slug: shop.slug } : null,
      starts_at: deal.startsAt?.toISOString() ?? null,
      ends_at: deal.endsAt?.toISOString() ?? null,
    }),
  );
  return paginate(data, Number(counted?.total ?? 0), page, DEALS_PER_PAGE);
}
