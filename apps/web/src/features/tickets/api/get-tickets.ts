import type { TicketStatus } from '@parade/core/enums';
import type { Ticket } from '@parade/core/ticket-schemas';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiData } from '@/lib/api-client';
import { lazySchema } from '@/lib/lazy-schema';
import { useCurrentUserId } from '@/lib/session-store';
import { userQueryKey } from '@/lib/user-query-keys';

export type { Ticket };

const ticketPageSchema = lazySchema(async () => {
  const [{ paginated }, { ticketSchema }] = await Promise.all([
    import('@parade/core/envelope'),
    import('@parade/core/ticket-schemas'),
  ]);
  return paginated(ticketSchema);
});

/** Every ticket query of one user starts with this key, so a change can refresh them all. */
export const ticketsQueryKey = (userId: number | null) => userQueryKey(userId, 'tickets');

export const getTickets = (page: number, status: TicketStatus | undefined, signal?: AbortSignal) =>
  apiData('user/support-ticket', { query: { page, status }, signal, schema: ticketPageSchema });

export const getTicketsQueryOptions = (userId: number | null, page: number, status?: TicketStatus) =>
  queryOptions({
    queryKey: [...ticketsQueryKey(userId), 'list', page, status ?? 'all'] as const,
    queryFn: ({ signal }) => getTickets(page, status, signal),
    enabled: userId !== null,
    // The previous page stays on screen while the next loads, but never another user's tickets.
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[1] === userId ? keepPreviousData(previous) : undefined,
  });

/** The signed-in customer's tickets, newest first, ten a page. */
export const useTickets = (page: number, status?: TicketStatus) =>
  useQuery(getTicketsQueryOptions(useCurrentUserId(), page, status));
