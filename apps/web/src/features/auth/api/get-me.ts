import { userPayloadSchema } from '@parade/core/auth-schemas';
import { queryOptions } from '@tanstack/react-query';
import { apiData } from '@/lib/api-client';
import { userQueryKey } from '@/lib/user-query-keys';

/** GET auth/me: the user the stored token belongs to (401 when it is no longer valid). */
export const getMe = (signal?: AbortSignal) => apiData('auth/me', { signal, schema: userPayloadSchema });

export const getMeQueryOptions = (userId: number | null) =>
  queryOptions({
    queryKey: userQueryKey(userId, 'me'),
    queryFn: ({ signal }) => getMe(signal),
    enabled: userId !== null,
    staleTime: 0,
  });
