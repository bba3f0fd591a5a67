import type { RewardHistoryEntry } from '@parade/core/cart-schemas';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiData } from '@/lib/api-client';
import { lazySchema } from '@/lib/lazy-schema';
import { useCurrentUserId } from '@/lib/session-store';
import { userQueryKey } from '@/lib/user-query-keys';

const rewardHistoryPageSchema = lazySchema(async () => {
  const [{ paginated }, { rewardHistoryEntrySchema }] = await Promise.all([
    import('@parade/core/envelope'),
    import('@parade/core/cart-schemas'),
  ]);
  return paginated(rewardHistoryEntrySchema);
});

export type { RewardHistoryEntry };

export interface RewardHistoryFilters {
  /** A shop id, or null for every shop. */
  shop: number | null;
  page: number;
}

export const getRewardHistory = ({ shop, page }: RewardHistoryFilters, signal?: AbortSignal) =>
  apiData('user/reward-points/history', {
    query: { shop: shop ?? undefined, page: page > 1 ? page : undefined },
    signal,
    schema: rewardHistoryPageSchema,
  });

export const getRewardHistoryQueryOptions = (userId: number | null, filters: RewardHistoryFilters) =>
  queryOptions({
    queryKey: userQueryKey(userId, 'reward-points', 'history', filters),
    queryFn: ({ signal }) => getRewardHistory(filters, signal),
    enabled: userId !== null,
    // The previous page stays on screen while the next loads, but never another user's ledger.
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[1] === userId ? keepPreviousData(previous) : undefined,
  });

/** One page of the signed-in customer's points ledger, newest first, optionally one shop's. */
export const useRewardHistory = (filters: RewardHistoryFilters) =>
  useQuery(getRewardHistoryQueryOptions(useCurrentUserId(), filters));
