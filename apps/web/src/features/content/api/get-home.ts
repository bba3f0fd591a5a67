import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiData } from '@/lib/api-client';
import { lazySchema } from '@/lib/lazy-schema';

const homeDataReply = lazySchema(() => import('@parade/core/content-schemas').then((m) => m.homeDataSchema));

export const getHome = ({ signal }: { signal?: AbortSignal } = {}) =>
  apiData('home', { schema: homeDataReply, signal });

export const getHomeQueryOptions = () => queryOptions({ queryKey: ['content', 'home'], queryFn: getHome });

export const useHome = () => useQuery(getHomeQueryOptions());
