import type { AddressDto, AddressInput } from '@parade/core/auth-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiData } from '@/lib/api-client';
import { addressesQueryKey } from './get-addresses';

export const updateAddress = ({ id, ...input }: AddressInput & { id: number }) =>
  apiData<{ address: AddressDto }>(`user/address/${id}`, { method: 'POST', body: input }).then((r) => r.address);

export function useUpdateAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAddress,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: addressesQueryKey }),
  });
}
