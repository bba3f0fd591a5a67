import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiData } from '@/lib/api-client';
import { lazySchema } from '@/lib/lazy-schema';
import { currentUserId, useCurrentUserId } from '@/lib/session-store';
import { addressesQueryKey } from './get-addresses';

const addressListPayloadReply = lazySchema(() =>
  import('@parade/core/auth-schemas').then((m) => m.addressListPayloadSchema),
);

/** The spec's path for deleting an address is DELETE user/update-profile/{id}. */
export const deleteAddress = (id: number) =>
  apiData(`user/update-profile/${id}`, { method: 'DELETE', schema: addressListPayloadReply }).then((r) => r.addresses);

export function useDeleteAddress() {
  const queryClient = useQueryClient();
  const userId = useCurrentUserId();
  return useMutation({
    mutationFn: deleteAddress,
    // A reply that arrives after its user signed out must not put their addresses back.
    onSuccess: (addresses) => {
      if (userId !== null && currentUserId() === userId) queryClient.setQueryData(addressesQueryKey(userId), addresses);
    },
  });
}
