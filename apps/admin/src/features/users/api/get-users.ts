import { type AdminUserListQuery, adminUserSchema } from '@parade/core/admin-schemas';
import { paginated } from '@parade/core/envelope';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiData, type QueryValue } from '@/lib/api-client';

export const usersQueryRoot = ['admin', 'users'] as const;

/** GET admin/users?role&page&search&sort: accounts, never their secrets. */
export const getUsersQueryOptions = (query: AdminUserListQuery) =>
  queryOptions({
    queryKey: [...usersQueryRoot, query],
    queryFn: ({ signal }) =>
      apiData('admin/users', paginated(adminUserSchema), { query: query as Record<string, QueryValue>, signal }),
    placeholderData: keepPreviousData,
  });

export const useUsers = (query: AdminUserListQuery) => useQuery(getUsersQueryOptions(query));
