import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiData } from '@/lib/api-client';
import { lazySchema } from '@/lib/lazy-schema';
import { useCurrentUserId } from '@/lib/session-store';
import { claimsQueryKey } from './get-claims';
import { OFFERS_QUERY_ROOT } from './get-shop-offers';

const claimPayloadReply = lazySchema(() => import('@parade/core/offer-schemas').then((m) => m.claimPayloadSchema));

/** POST vendor-offers/user/claims/{id}/cancel: the customer withdraws a pending claim of their own. */
export const cancelClaim = (claimId: number) =>
  apiData(`vendor-offers/user/claims/${claimId}/cancel`, { method: 'POST', schema: claimPayloadReply }).then(
    (payload) => payload.claim,
  );

/**
 * Spec section 4: the claim becomes cancelled. Its place under the offer's limit is given back,
 * so the offer lists are refreshed with the customer's claims and stats; after a refusal
 * (the shop confirmed it meanwhile) the list shows what the server now holds.
 */
export function useCancelClaim() {
  const queryClient = useQueryClient();
  const userId = useCurrentUserId();
  return useMutation({
    mutationFn: cancelClaim,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: claimsQueryKey(userId) }),
        queryClient.invalidateQueries({ queryKey: OFFERS_QUERY_ROOT }),
      ]),
  });
}
