import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiData } from '@/lib/api-client';
import { lazySchema } from '@/lib/lazy-schema';

const providersPayloadReply = lazySchema(() =>
  import('@parade/core/auth-schemas').then((m) => m.providersPayloadSchema),
);

/** The OpenID Connect providers configured on the server; none means no social sign-in. */
export const getProviders = () => apiData('auth/providers', { schema: providersPayloadReply });

export const getProvidersQueryOptions = () =>
  queryOptions({ queryKey: ['auth', 'providers'], queryFn: getProviders, staleTime: 10 * 60_000 });

export const useProviders = () => useQuery(getProvidersQueryOptions());
