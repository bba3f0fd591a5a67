import { adminRefundListPayloadSchema, adminRefundSchema } from '@parade/core/refund-schemas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiData } from '@/lib/api-client';

export const troubledRefundsKey = ['admin', 'refunds', 'troubled'] as const;

/** GET admin/refunds: refunds that failed, and card refunds stuck pending (docs/decisions/030). */
export const useTroubledRefunds = () =>
  useQuery({
    queryKey: troubledRefundsKey,
    // The whole worklist at once: it is short (what failed or is stuck), and 100 is a page's most.
    queryFn: ({ signal }) =>
      apiData('admin/refunds?per_page=100', adminRefundListPayloadSchema, { signal }).then((p) => p.data),
  });

/** POST admin/refunds/{id}/retry: sends it to Stripe again; the list is asked again once it had its answer. */
export function useRetryRefund() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      apiData(`admin/refunds/${id}/retry`, z.object({ refund: adminRefundSchema }), { method: 'POST' }).then(
        (p) => p.refund,
      ),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: troubledRefundsKey });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'orders'] });
    },
  });
}
