import { queryOptions } from '@tanstack/react-query';
import { apiData } from '@/lib/api-client';
import { lazySchema } from '@/lib/lazy-schema';
import { userQueryKey } from '@/lib/user-query-keys';

const userPayloadReply = lazySchema(() => import('@parade/core/auth-schemas').then((m) => m.userPayloadSchema));

/** GET auth/me: the user the stored token belongs to (401 when it is no longer valid). */
export const getMe = (signal?: AbortSignal) => apiData('auth/me', { signal, schema: userPayloadReply });

export const getMeQueryOptions = (userId: number | null) =>
  queryOptions({
    queryKey: userQueryKey(userId, 'me'),
    queryFn: ({ signal }) => getMe(signal),
    enabled: userId !== null,
    staleTime: 0,
  });
