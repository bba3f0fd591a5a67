import { userDtoSchema } from '@parade/core/auth-schemas';
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { apiData } from '@/lib/api-client';
import { userQueryKey } from '@/lib/user-query-keys';

const meReplySchema = z.object({ user: userDtoSchema });

/** GET auth/me: the user the stored token belongs to (401 when it is no longer valid). */
export const getMe = (signal?: AbortSignal) => apiData('auth/me', { signal, schema: meReplySchema });

export const getMeQueryOptions = (userId: number | null) =>
  queryOptions({
    queryKey: userQueryKey(userId, 'me'),
    queryFn: ({ signal }) => getMe(signal),
    enabled: userId !== null,
    staleTime: 0,
  });
