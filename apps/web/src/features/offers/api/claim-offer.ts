import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiData } from '@/lib/api-client';
import { lazySchema } from '@/lib/lazy-schema';
import { useCurrentUserId } from '@/lib/session-store';
import { claimsQueryKey } from './get-claims';
import { OFFERS_QUERY_ROOT } from './get-shop-offers';

const claimPayloadReply = lazySchema(() => import('@parade/core/offer-schemas').then((m) => m.claimPayloadSchema));

export interface ClaimOfferInput {
  slug: string;
  offerId: number;
  /** The scanned QR code (my-offer?qr=...): needed for a QR-only offer, marks the claim as made by scanning. */
  qr?: string;
}

export const claimOffer = ({ slug, offerId, qr }: ClaimOfferInput) =>
  apiData(`vendor-offers/vendor/${encodeURIComponent(slug)}/offers/${offerId}/claim`, {
    method: 'POST',
    body: qr ? { qr } : {},
    schema: claimPayloadReply,
  }).then((payload) => payload.claim);

/**
 * POST vendor-offers/vendor/{slug}/offers/{offerId}/claim: a pending claim (spec section 4).
 * The offer's counts and the customer's claims and stats (total, pending, active) change, so
 * all of them are asked again; a refusal (ended, full, already claimed) may mean the list on
 * screen is stale, so the offers are refreshed then too.
 */
export function useClaimOffer() {
  const queryClient = useQueryClient();
  const userId = useCurrentUserId();
  return useMutation({
    mutationFn: claimOffer,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: claimsQueryKey(userId) }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: OFFERS_QUERY_ROOT }),
  });
}
