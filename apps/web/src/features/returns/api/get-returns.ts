import type { ReturnStatus } from '@parade/core/enums';
import type { CustomerReturn } from '@parade/core/return-schemas';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiData } from '@/lib/api-client';
import { lazySchema } from '@/lib/lazy-schema';
import { useCurrentUserId } from '@/lib/session-store';
import { userQueryKey } from '@/lib/user-query-keys';

export type { CustomerReturn };

const returnPageSchema = lazySchema(async () => {
  const [{ paginated }, { customerReturnSchema }] = await Promise.all([
    import('@parade/core/envelope'),
    import('@parade/core/return-schemas'),
  ]);
  return paginated(customerReturnSchema);
});

/** Every returns query of a user starts with this key, so a new return refreshes them all. */
export const returnsQueryKey = (userId: number | null) => userQueryKey(userId, 'returns');

export const getReturns = (page: number, status: ReturnStatus | undefined, signal?: AbortSignal) =>
  apiData('user/order-return', { query: { page, status }, signal, schema: returnPageSchema });

export const getReturnsQueryOptions = (userId: number | null, page: number, status?: ReturnStatus) =>
  queryOptions({
    queryKey: [...returnsQueryKey(userId), 'list', page, status ?? 'all'],
    queryFn: ({ signal }) => getReturns(page, status, signal),
    enabled: userId !== null,
    // The previous page stays on screen while the next loads, but never another user's returns.
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[1] === userId ? keepPreviousData(previous) : undefined,
  });

/** The signed-in customer's returns, newest first, one page at a time. */
export const useReturns = (page: number, status?: ReturnStatus) =>
  useQuery(getReturnsQueryOptions(useCurrentUserId(), page, status));
