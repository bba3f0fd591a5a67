import type { AddressDto } from '@parade/core/auth-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiData } from '@/lib/api-client';
import { addressesQueryKey } from './get-addresses';

export const makeDefaultAddress = (id: number) =>
  apiData<{ address: AddressDto }>(`user/address/default/${id}`, { method: 'PATCH' }).then((r) => r.address);

export function useMakeDefaultAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: makeDefaultAddress,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: addressesQueryKey }),
  });
}
