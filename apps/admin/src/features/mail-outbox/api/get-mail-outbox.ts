import { type AdminMailListQuery, adminMailSchema } from '@parade/core/admin-schemas';
import { paginated } from '@parade/core/envelope';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiData, type QueryValue } from '@/lib/api-client';

export const mailOutboxQueryRoot = ['admin', 'mail-outbox'] as const;

/** GET admin/mail-outbox?status&page&search&sort: every mail's delivery state (never its body). */
export const getMailOutboxQueryOptions = (query: AdminMailListQuery) =>
  queryOptions({
    queryKey: [...mailOutboxQueryRoot, query],
    queryFn: ({ signal }) =>
      apiData('admin/mail-outbox', paginated(adminMailSchema), { query: query as Record<string, QueryValue>, signal }),
    placeholderData: keepPreviousData,
  });

export const useMailOutbox = (query: AdminMailListQuery) => useQuery(getMailOutboxQueryOptions(query));
