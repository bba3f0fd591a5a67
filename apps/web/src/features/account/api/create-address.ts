import { type AddressInput, addressPayloadSchema, addressSchema } from '@parade/core/auth-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiData } from '@/lib/api-client';
import { useCurrentUserId } from '@/lib/session-store';
import { addressesQueryKey } from './get-addresses';

export { addressSchema };

export const createAddress = (input: AddressInput) =>
  apiData('user/address', { method: 'POST', body: input, schema: addressPayloadSchema }).then((r) => r.address);

export function useCreateAddress() {
  const queryClient = useQueryClient();
  const userId = useCurrentUserId();
  return useMutation({
    mutationFn: createAddress,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: addressesQueryKey(userId) }),
  });
}
