import { type AdminTicketListQuery, adminTicketSchema } from '@parade/core/admin-schemas';
import { paginated } from '@parade/core/envelope';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiData, type QueryValue } from '@/lib/api-client';

/**
 * Whose tickets: the platform's (`admin/tickets`, every customer's) or a shop's (`vendor/tickets`,
 * those about its own orders, the shop taken from the token by the server). Both answer the same
 * shapes, so every hook and component here takes the area instead of being copied.
 */
export type TicketArea = 'admin' | 'vendor';

export const ticketsQueryRoot = (area: TicketArea) => [area, 'tickets'] as const;

/** GET {area}/tickets?status&page&search&sort. */
export const getTicketsQueryOptions = (query: AdminTicketListQuery, area: TicketArea = 'admin') =>
  queryOptions({
    queryKey: [...ticketsQueryRoot(area), 'list', query],
    queryFn: ({ signal }) =>
      apiData(`${area}/tickets`, paginated(adminTicketSchema), {
        query: query as Record<string, QueryValue>,
        signal,
      }),
    placeholderData: keepPreviousData,
  });

export const useTickets = (query: AdminTicketListQuery, area: TicketArea = 'admin') =>
  useQuery(getTicketsQueryOptions(query, area));
