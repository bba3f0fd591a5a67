import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiData, getAuthToken } from '@/lib/api-client';

export interface RewardBalance {
  shop_id: number;
  shop: { id: number; name: string; slug: string };
  points: number;
}

export const getRewardPoints = () => apiData<{ balances: RewardBalance[] }>('user/reward-points');

/** Points per shop for the signed-in shopper; guests have none. */
export const getRewardBalancesQueryOptions = (token: string | null) =>
  queryOptions({
    queryKey: ['cart', 'reward-points', token],
    queryFn: async () => {
      const { balances } = await getRewardPoints();
      return Object.fromEntries(balances.map((b) => [b.shop_id, b.points])) as Record<number, number>;
    },
    enabled: token !== null,
    staleTime: 30_000,
  });

export const useRewardBalances = () => useQuery(getRewardBalancesQueryOptions(getAuthToken()));
