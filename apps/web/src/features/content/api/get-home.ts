import type { HomeData } from '@parade/core/catalog-dto';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiData } from '@/lib/api-client';

export const getHome = ({ signal }: { signal?: AbortSignal } = {}) => apiData<HomeData>('home', { signal });

export const getHomeQueryOptions = () => queryOptions({ queryKey: ['content', 'home'], queryFn: getHome });

export const useHome = () => useQuery(getHomeQueryOptions());
