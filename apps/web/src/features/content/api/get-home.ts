import { homeDataSchema } from '@parade/core/content-schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiData } from '@/lib/api-client';

export const getHome = ({ signal }: { signal?: AbortSignal } = {}) =>
  apiData('home', { schema: homeDataSchema, signal });

export const getHomeQueryOptions = () => queryOptions({ queryKey: ['content', 'home'], queryFn: getHome });

export const useHome = () => useQuery(getHomeQueryOptions());
