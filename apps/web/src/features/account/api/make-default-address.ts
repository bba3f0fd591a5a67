import { addressPayloadSchema } from '@parade/core/auth-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiData } from '@/lib/api-client';
import { useCurrentUserId } from '@/lib/session-store';
import { addressesQueryKey } from './get-addresses';

export const makeDefaultAddress = (id: number) =>
  apiData(`user/address/default/${id}`, { method: 'PATCH', schema: addressPayloadSchema }).then((r) => r.address);

export function useMakeDefaultAddress() {
  const queryClient = useQueryClient();
  const userId = useCurrentUserId();
  return useMutation({
    mutationFn: makeDefaultAddress,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: addressesQueryKey(userId) }),
  });
}
