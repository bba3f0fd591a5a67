import type { TicketDetail } from '@parade/core/ticket-schemas';
import { useQueryClient } from '@tanstack/react-query';
import { useCurrentUserId } from '@/lib/session-store';
import { ticketQueryKey } from './get-ticket';
import { ticketsQueryKey } from './get-tickets';

/**
 * Every ticket write answers the whole ticket: show it at once on its page, and let the lists
 * (whose order, counts and statuses changed) fetch again.
 */
export function useTicketSaved() {
  const queryClient = useQueryClient();
  const userId = useCurrentUserId();
  return async (ticket: TicketDetail) => {
    // A poll sent before this write would otherwise land after it with the older conversation.
    await queryClient.cancelQueries({ queryKey: ticketQueryKey(userId, ticket.id) });
    queryClient.setQueryData(ticketQueryKey(userId, ticket.id), ticket);
    void queryClient.invalidateQueries({ queryKey: [...ticketsQueryKey(userId), 'list'] });
  };
}
