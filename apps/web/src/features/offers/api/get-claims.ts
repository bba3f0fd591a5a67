import type { ClaimStatus } from '@parade/core/enums';
import type { Claim, ClaimList } from '@parade/core/offer-schemas';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiData } from '@/lib/api-client';
import { lazySchema } from '@/lib/lazy-schema';
import { useCurrentUserId } from '@/lib/session-store';
import { userQueryKey } from '@/lib/user-query-keys';

const claimListReply = lazySchema(() => import('@parade/core/offer-schemas').then((m) => m.claimListSchema));

export type { Claim, ClaimList };

/** Every claim query of a user (lists and stats) starts with this key, so a claim or a cancel refreshes them all. */
export const claimsQueryKey = (userId: number | null) => userQueryKey(userId, 'offer-claims');

export const getClaims = (page: number, status: ClaimStatus | undefined, signal?: AbortSignal) =>
  apiData('vendor-offers/user/claims', {
    query: { page: page > 1 ? page : undefined, status },
    signal,
    schema: claimListReply,
  });

export const getClaimsQueryOptions = (userId: number | null, page: number, status?: ClaimStatus) =>
  queryOptions({
    queryKey: [...claimsQueryKey(userId), 'list', page, status ?? 'all'],
    queryFn: ({ signal }) => getClaims(page, status, signal),
    enabled: userId !== null,
    // The previous page stays on screen while the next loads, but never another user's claims.
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[1] === userId ? keepPreviousData(previous) : undefined,
  });

/** GET vendor-offers/user/claims: the signed-in customer's claims, newest first, 15 a page. */
export const useClaims = (page: number, status?: ClaimStatus) =>
  useQuery(getClaimsQueryOptions(useCurrentUserId(), page, status));
