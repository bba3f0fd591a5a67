import { adminTicketPayloadSchema } from '@parade/core/admin-schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiData } from '@/lib/api-client';
import { ticketsQueryRoot } from './get-tickets';

export const ticketQueryKey = (id: number) => [...ticketsQueryRoot, 'detail', id] as const;

/** GET admin/tickets/{id}: one ticket with its conversation, oldest message first. */
export const getTicketQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ticketQueryKey(id),
    queryFn: ({ signal }) => apiData(`admin/tickets/${id}`, adminTicketPayloadSchema, { signal }).then((p) => p.ticket),
  });

export const useTicket = (id: number) => useQuery(getTicketQueryOptions(id));
