import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiData } from '@/lib/api-client';
import { lazySchema } from '@/lib/lazy-schema';
import { useCurrentUserId } from '@/lib/session-store';
import { userQueryKey } from '@/lib/user-query-keys';

const addressListPayloadReply = lazySchema(() =>
  import('@parade/core/auth-schemas').then((m) => m.addressListPayloadSchema),
);

export const getAddresses = (signal?: AbortSignal) =>
  apiData('user/address', { signal, schema: addressListPayloadReply }).then((reply) => reply.addresses);

export const addressesQueryKey = (userId: number | null) => userQueryKey(userId, 'addresses');

export const getAddressesQueryOptions = (userId: number | null) =>
  queryOptions({
    queryKey: addressesQueryKey(userId),
    queryFn: ({ signal }) => getAddresses(signal),
    enabled: userId !== null,
  });

/** The signed-in user's saved addresses. */
export const useAddresses = () => useQuery(getAddressesQueryOptions(useCurrentUserId()));
