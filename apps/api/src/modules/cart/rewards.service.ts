import { REWARD_HISTORY_PER_PAGE, type RewardHistoryEntry } from '@parade/core/cart-schemas';
import { type Paginated, paginate } from '@parade/core/envelope';
import { and, asc, count, desc, eq, gt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { shopRefs } from '../shops';
import { rewardPointBalances, rewardPointEntries } from './cart.tables';

export interface RewardBalanceDto {
  shop_id: number;
  shop: { id: number; name: string; slug: string };
  points: number;
}

/** The customer's reward points per shop ("vendorRewardPoints"), only shops with a balance. */
export async function listRewardBalances(db: DbOrTx, userId: number): Promise<RewardBalanceDto[]> {
  const shop = shopRefs(db);
  const rows = await db
    .select({ points: rewardPointBalances.points, id: shop.id, name: shop.name, slug: shop.slug })
    .from(rewardPointBalances)
    .innerJoin(shop, eq(shop.id, rewardPointBalances.shopId))
    .where(and(eq(rewardPointBalances.userId, userId), gt(rewardPointBalances.points, 0)))
    .orderBy(asc(shop.name));
  return rows.map((r) => ({ shop_id: r.id, shop: { id: r.id, name: r.name, slug: r.slug }, points: r.points }));
}

/**
 * GET /user/reward-points/history: the customer's ledger, newest first, optionally one shop's
 * (`shop`, its id or slug; a shop the customer has no entries at answers an empty page, not a 404: it is a
 * filter, not a lookup). Only the caller's entries, whatever shop is asked for.
 */
export async function listRewardHistory(
  db: DbOrTx,
  userId: number,
  query: { shop?: number | string; page: number },
): Promise<Paginated<RewardHistoryEntry>> {
  const shop = shopRefs(db);
  // The shop by id, or by slug as the storefront's URLs name it.
  const where = and(
    eq(rewardPointEntries.userId, userId),
    query.shop === undefined
      ? undefined
      : typeof query.shop === 'number'
        ? eq(rewardPointEntries.shopId, query.shop)
        : eq(shop.slug, query.shop),
  );
  const [counted, rows] = await Promise.all([
    db
      .select({ n: count() })
      .from(rewardPointEntries)
      .innerJoin(shop, eq(shop.id, rewardPointEntries.shopId))
      .where(where),
    db
      .select({
        entry: rewardPointEntries,
        shop: { id: shop.id, name: shop.name, slug: shop.slug },
      })
      .from(rewardPointEntries)
      .innerJoin(shop, eq(shop.id, rewardPointEntries.shopId))
      .where(where)
      .orderBy(desc(rewardPointEntries.createdAt), desc(rewardPointEntries.id))
      .limit(REWARD_HISTORY_PER_PAGE)
      .offset((query.page - 1) * REWARD_HISTORY_PER_PAGE),
  ]);
  const data = rows.map(({ entry, shop }) => ({
    id: entry.id,
    shop,
    points: entry.points,
    reason: entry.reason,
    order_id: entry.orderId,
    claim_id: entry.claimId,
    created_at: entry.createdAt.toISOString(),
  }));
  return paginate(data, counted[0]?.n ?? 0, query.page, REWARD_HISTORY_PER_PAGE);
}
