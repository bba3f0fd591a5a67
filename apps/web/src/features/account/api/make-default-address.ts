import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiData } from '@/lib/api-client';
import { lazySchema } from '@/lib/lazy-schema';
import { useCurrentUserId } from '@/lib/session-store';
import { addressesQueryKey } from './get-addresses';

const addressPayloadReply = lazySchema(() => import('@parade/core/auth-schemas').then((m) => m.addressPayloadSchema));

export const makeDefaultAddress = (id: number) =>
  apiData(`user/address/default/${id}`, { method: 'PATCH', schema: addressPayloadReply });

export function useMakeDefaultAddress() {
  const queryClient = useQueryClient();
  const userId = useCurrentUserId();
  return useMutation({
    mutationFn: makeDefaultAddress,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: addressesQueryKey(userId) }),
  });
}
