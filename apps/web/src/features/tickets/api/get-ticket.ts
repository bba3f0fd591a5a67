import type { TicketDetail } from '@parade/core/ticket-schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiData } from '@/lib/api-client';
import { lazySchema } from '@/lib/lazy-schema';
import { useCurrentUserId } from '@/lib/session-store';
import { ticketsQueryKey } from './get-tickets';

const ticketPayloadReply = lazySchema(() => import('@parade/core/ticket-schemas').then((m) => m.ticketPayloadSchema));

export type { TicketDetail };

/** How often an open ticket page asks for new messages (only while the tab is visible). */
export const TICKET_POLL_MS = 10_000;

export const ticketQueryKey = (userId: number | null, id: number) =>
  [...ticketsQueryKey(userId), 'detail', id] as const;

export const getTicket = (id: number, signal?: AbortSignal) =>
  apiData(`user/support-ticket/${id}`, { signal, schema: ticketPayloadReply }).then((payload) => payload.ticket);

export const getTicketQueryOptions = (userId: number | null, id: number) =>
  queryOptions({
    queryKey: ticketQueryKey(userId, id),
    queryFn: ({ signal }) => getTicket(id, signal),
    enabled: userId !== null && id > 0,
    // Another user's ticket (or none) answers 404: asking again will not help.
    retry: false,
  });

/**
 * One of the customer's tickets with its conversation. It asks again every ten seconds, so a
 * staff answer appears without reloading; TanStack Query skips the interval while the tab is
 * hidden (refetchIntervalInBackground stays off) and asks at once when it is shown again.
 */
export const useTicket = (id: number) =>
  useQuery({
    ...getTicketQueryOptions(useCurrentUserId(), id),
    refetchInterval: (query) => (query.state.status === 'error' ? false : TICKET_POLL_MS),
  });
