import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiData } from '@/lib/api-client';
import { lazySchema } from '@/lib/lazy-schema';
import { useCurrentUserId } from '@/lib/session-store';
import { userQueryKey } from '@/lib/user-query-keys';

const rewardBalancesReply = lazySchema(() => import('@parade/core/cart-schemas').then((m) => m.rewardBalancesSchema));

export const getRewardPoints = (signal?: AbortSignal) =>
  apiData('user/reward-points', { signal, schema: rewardBalancesReply });

/** Points per shop for the signed-in shopper; guests have none. */
export const getRewardBalancesQueryOptions = (userId: number | null) =>
  queryOptions({
    queryKey: userQueryKey(userId, 'reward-points'),
    queryFn: async ({ signal }) => {
      const { balances } = await getRewardPoints(signal);
      return Object.fromEntries(balances.map((b) => [b.shop_id, b.points])) as Record<number, number>;
    },
    enabled: userId !== null,
    staleTime: 30_000,
  });

export const useRewardBalances = () => useQuery(getRewardBalancesQueryOptions(useCurrentUserId()));
