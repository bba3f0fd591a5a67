import { and, asc, eq, gt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { shopRefs } from '../shops';
import { rewardPointBalances } from './cart.tables';

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
