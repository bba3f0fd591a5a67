import {
  type ConfirmClaimBody,
  type MarkClaimUsedBody,
  type VendorCancelClaimBody,
  vendorClaimPayloadSchema,
} from '@parade/core/offer-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiData } from '@/lib/api-client';
import { claimsQueryRoot } from './get-claims';

/** A transition changes the inbox, the offers' counts (a cancel gives a place back) and the stats. */
function useInvalidate() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: claimsQueryRoot });
    void queryClient.invalidateQueries({ queryKey: ['vendor', 'offers'] });
    void queryClient.invalidateQueries({ queryKey: ['vendor', 'offer-stats'] });
  };
}

const post = (path: string, body: object) =>
  apiData(path, vendorClaimPayloadSchema, { method: 'POST', body }).then((p) => p.claim);

/** POST vendor-offers/vendor/claims/{id}/confirm {vendor_notes}: pending claims only. */
export function useConfirmClaim() {
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: ConfirmClaimBody }) =>
      post(`vendor-offers/vendor/claims/${id}/confirm`, body),
    onSuccess: useInvalidate(),
  });
}

/**
 * POST vendor-offers/vendor/claims/{id}/mark-used {order_id, discount_applied}: confirmed claims
 * only; the server checks the order is this shop's and the claim's customer's, and awards the
 * offer's points.
 */
export function useMarkClaimUsed() {
  const invalidate = useInvalidate();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: MarkClaimUsedBody }) =>
      post(`vendor-offers/vendor/claims/${id}/mark-used`, body),
    onSuccess: () => {
      invalidate();
      // The discount may change what the dashboard shows of that order's day.
      void queryClient.invalidateQueries({ queryKey: ['vendor', 'dashboard'] });
    },
  });
}

/** POST vendor-offers/vendor/claims/{id}/cancel {vendor_notes?}: any claim not yet used. */
export function useCancelClaim() {
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: VendorCancelClaimBody }) =>
      post(`vendor-offers/vendor/claims/${id}/cancel`, body),
    onSuccess: useInvalidate(),
  });
}
