import type { AddressDto } from '@parade/core/auth-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiData } from '@/lib/api-client';
import { lazySchema } from '@/lib/lazy-schema';
import { currentUserId, useCurrentUserId } from '@/lib/session-store';
import { addressesQueryKey } from './get-addresses';

const addressPayloadReply = lazySchema(() => import('@parade/core/auth-schemas').then((m) => m.addressPayloadSchema));

/** The spec's path for deleting an address is DELETE user/update-profile/{id}; it answers the address deleted. */
export const deleteAddress = (id: number) =>
  apiData(`user/update-profile/${id}`, { method: 'DELETE', schema: addressPayloadReply });

export function useDeleteAddress() {
  const queryClient = useQueryClient();
  const userId = useCurrentUserId();
  return useMutation({
    mutationFn: deleteAddress,
    // The deleted address leaves the list at once; the list is then read again, since deleting
    // the default made another address the default. A reply that arrives after its user signed
    // out must not touch their addresses.
    onSuccess: (deleted) => {
      if (userId === null || currentUserId() !== userId) return;
      queryClient.setQueryData<AddressDto[]>(addressesQueryKey(userId), (list) =>
        list?.filter((a) => a.id !== deleted.id),
      );
      return queryClient.invalidateQueries({ queryKey: addressesQueryKey(userId) });
    },
  });
}
