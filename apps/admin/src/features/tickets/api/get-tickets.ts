import { type AdminTicketListQuery, adminTicketSchema } from '@parade/core/admin-schemas';
import { paginated } from '@parade/core/envelope';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiData, type QueryValue } from '@/lib/api-client';

export const ticketsQueryRoot = ['admin', 'tickets'] as const;

/** GET admin/tickets?status&page&search&sort: every customer's tickets. */
export const getTicketsQueryOptions = (query: AdminTicketListQuery) =>
  queryOptions({
    queryKey: [...ticketsQueryRoot, 'list', query],
    queryFn: ({ signal }) =>
      apiData('admin/tickets', paginated(adminTicketSchema), { query: query as Record<string, QueryValue>, signal }),
    placeholderData: keepPreviousData,
  });

export const useTickets = (query: AdminTicketListQuery) => useQuery(getTicketsQueryOptions(query));
