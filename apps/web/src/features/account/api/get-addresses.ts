import type { AddressDto } from '@parade/core/auth-schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiData } from '@/lib/api-client';

export const getAddresses = (signal?: AbortSignal) =>
  apiData<{ addresses: AddressDto[] }>('user/address', { signal }).then((reply) => reply.addresses);

export const addressesQueryKey = ['account', 'addresses'] as const;

export const getAddressesQueryOptions = () =>
  queryOptions({ queryKey: addressesQueryKey, queryFn: ({ signal }) => getAddresses(signal) });

export const useAddresses = () => useQuery(getAddressesQueryOptions());
