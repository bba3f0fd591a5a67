import type { AddressInput } from '@parade/core/auth-schemas';
import { addressPayloadSchema } from '@parade/core/auth-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiData } from '@/lib/api-client';
import { useCurrentUserId } from '@/lib/session-store';
import { addressesQueryKey } from './get-addresses';

export const updateAddress = ({ id, ...input }: AddressInput & { id: number }) =>
  apiData(`user/address/${id}`, { method: 'POST', body: input, schema: addressPayloadSchema }).then((r) => r.address);

export function useUpdateAddress() {
  const queryClient = useQueryClient();
  const userId = useCurrentUserId();
  return useMutation({
    mutationFn: updateAddress,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: addressesQueryKey(userId) }),
  });
}
