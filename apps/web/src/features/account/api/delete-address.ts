import type { AddressDto } from '@parade/core/auth-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiData } from '@/lib/api-client';
import { addressesQueryKey } from './get-addresses';

/** The spec's path for deleting an address is DELETE user/update-profile/{id}. */
export const deleteAddress = (id: number) =>
  apiData<{ addresses: AddressDto[] }>(`user/update-profile/${id}`, { method: 'DELETE' }).then((r) => r.addresses);

export function useDeleteAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAddress,
    onSuccess: (addresses) => queryClient.setQueryData(addressesQueryKey, addresses),
  });
}
