import type { UserDto } from '@parade/core/auth-schemas';
import { queryOptions } from '@tanstack/react-query';
import { apiData } from '@/lib/api-client';

/** GET auth/me: the user the stored token belongs to (401 when it is no longer valid). */
export const getMe = (signal?: AbortSignal) => apiData<{ user: UserDto }>('auth/me', { signal });

export const getMeQueryOptions = () =>
  queryOptions({ queryKey: ['auth', 'me'], queryFn: ({ signal }) => getMe(signal), staleTime: 0 });
