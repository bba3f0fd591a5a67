import { type AddressDto, type AddressInput, addressSchema } from '@parade/core/auth-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiData } from '@/lib/api-client';
import { addressesQueryKey } from './get-addresses';

export { addressSchema };

export const createAddress = (input: AddressInput) =>
  apiData<{ address: AddressDto }>('user/address', { method: 'POST', body: input }).then((r) => r.address);

export function useCreateAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAddress,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: addressesQueryKey }),
  });
}
