import type { AddressInput } from '@parade/core/auth-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiData } from '@/lib/api-client';
import { lazySchema } from '@/lib/lazy-schema';
import { useCurrentUserId } from '@/lib/session-store';
import { addressesQueryKey } from './get-addresses';

const addressPayloadReply = lazySchema(() => import('@parade/core/auth-schemas').then((m) => m.addressPayloadSchema));

export const updateAddress = ({ id, ...input }: AddressInput & { id: number }) =>
  apiData(`user/address/${id}`, { method: 'POST', body: input, schema: addressPayloadReply });

export function useUpdateAddress() {
  const queryClient = useQueryClient();
  const userId = useCurrentUserId();
  return useMutation({
    mutationFn: updateAddress,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: addressesQueryKey(userId) }),
  });
}
