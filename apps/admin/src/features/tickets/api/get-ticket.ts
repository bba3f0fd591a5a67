import { adminTicketPayloadSchema } from '@parade/core/admin-schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiData } from '@/lib/api-client';
import { type TicketArea, ticketsQueryRoot } from './get-tickets';

export const ticketQueryKey = (id: number, area: TicketArea = 'admin') =>
  [...ticketsQueryRoot(area), 'detail', id] as const;

/** GET {area}/tickets/{id}: one ticket with its conversation, oldest message first. */
export const getTicketQueryOptions = (id: number, area: TicketArea = 'admin') =>
  queryOptions({
    queryKey: ticketQueryKey(id, area),
    queryFn: ({ signal }) =>
      apiData(`${area}/tickets/${id}`, adminTicketPayloadSchema, { signal }).then((p) => p.ticket),
  });

export const useTicket = (id: number, area: TicketArea = 'admin') => useQuery(getTicketQueryOptions(id, area));
