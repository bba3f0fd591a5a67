import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiData } from '@/lib/api-client';
import { lazySchema } from '@/lib/lazy-schema';
import { currentUserId, useCurrentUserId } from '@/lib/session-store';
import { shopRequestQueryKey } from './get-shop-request';

const shopCreateRequestReply = lazySchema(() =>
  import('@parade/core/shop-request-schemas').then((m) => m.shopCreateRequestSchema),
);

/** POST user/shop-create-request/cancel: the caller's pending request becomes cancelled. */
export const cancelShopRequest = () =>
  apiData('user/shop-create-request/cancel', { method: 'POST', schema: shopCreateRequestReply });

export function useCancelShopRequest() {
  const queryClient = useQueryClient();
  const userId = useCurrentUserId();
  return useMutation({
    mutationFn: cancelShopRequest,
    onSuccess: (cancelled) => {
      if (userId !== null && currentUserId() === userId)
        queryClient.setQueryData(shopRequestQueryKey(userId), cancelled);
    },
    // Refused (e.g. the platform decided meanwhile): show what the server now holds.
    onError: () => {
      if (userId !== null) void queryClient.invalidateQueries({ queryKey: shopRequestQueryKey(userId) });
    },
  });
}
