import type { RewardBalance } from '@parade/core/cart-schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiData } from '@/lib/api-client';
import { lazySchema } from '@/lib/lazy-schema';
import { useCurrentUserId } from '@/lib/session-store';
import { userQueryKey } from '@/lib/user-query-keys';

const rewardBalancesReply = lazySchema(() => import('@parade/core/cart-schemas').then((m) => m.rewardBalancesSchema));

export type { RewardBalance };

export const getRewardBalances = (signal?: AbortSignal) =>
  apiData('user/reward-points', { signal, schema: rewardBalancesReply });

/** The balances with their shops, as the reward points page shows them (the cart keeps its own points-by-shop view). */
export const getRewardBalancesQueryOptions = (userId: number | null) =>
  queryOptions({
    queryKey: userQueryKey(userId, 'reward-points', 'balances'),
    queryFn: async ({ signal }) => (await getRewardBalances(signal)).balances,
    enabled: userId !== null,
  });

/** The signed-in customer's points per shop (shops with a balance only). */
export const useRewardBalances = () => useQuery(getRewardBalancesQueryOptions(useCurrentUserId()));
