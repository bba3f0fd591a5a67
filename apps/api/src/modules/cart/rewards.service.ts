import { and, asc, eq, gt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { shops } from '../shops/shops.tables';
import { rewardPointBalances } from './cart.tables';

export interface RewardBalanceDto {
  shop_id: number;
  shop: { id: number; name: string; slug: string };
  points: number;
}

/** The customer's reward points per shop ("vendorRewardPoints"), only shops with a balance. */
export async function listRewardBalances(db: DbOrTx, userId: number): Promise<RewardBalanceDto[]> {
  const rows = await db
    .select({ points: rewardPointBalances.points, id: shops.id, name: shops.name, slug: shops.slug })
    .from(rewardPointBalances)
    .innerJoin(shops, eq(shops.id, rewardPointBalances.shopId))
    .where(and(eq(rewardPointBalances.userId, userId), gt(rewardPointBalances.points, 0)))
    .orderBy(asc(shops.name));
  return rows.map((r) => ({ shop_id: r.id, shop: { id: r.id, name: r.name, slug: r.slug }, points: r.points }));
}
