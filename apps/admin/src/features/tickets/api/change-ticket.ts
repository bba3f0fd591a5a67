import { type AdminTicketDetail, type AdminTicketReply, adminTicketPayloadSchema } from '@parade/core/admin-schemas';
import type { TicketStatus } from '@parade/core/enums';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiData } from '@/lib/api-client';
import { ticketQueryKey } from './get-ticket';
import { type TicketArea, ticketsQueryRoot } from './get-tickets';

/** The answer is the whole ticket: show it at once, and let the lists fetch again. */
function useTicketSaved(area: TicketArea) {
  const queryClient = useQueryClient();
  return (ticket: AdminTicketDetail) => {
    queryClient.setQueryData(ticketQueryKey(ticket.id, area), ticket);
    void queryClient.invalidateQueries({ queryKey: [...ticketsQueryRoot(area), 'list'] });
  };
}

/** POST {area}/tickets/{id}/reply {body}: a staff message, e-mailed to the customer. */
export function useReplyToTicket(id: number, area: TicketArea = 'admin') {
  return useMutation({
    mutationFn: (body: AdminTicketReply) =>
      apiData(`${area}/tickets/${id}/reply`, adminTicketPayloadSchema, { method: 'POST', body }).then((p) => p.ticket),
    onSuccess: useTicketSaved(area),
  });
}

/** PATCH admin/tickets/{id} {status}: open, resolved or close (the platform's only; a shop answers but does not close). */
export function useSetTicketStatus(id: number) {
  return useMutation({
    mutationFn: (status: TicketStatus) =>
      apiData(`admin/tickets/${id}`, adminTicketPayloadSchema, { method: 'PATCH', body: { status } }).then(
        (p) => p.ticket,
      ),
    onSuccess: useTicketSaved('admin'),
  });
}
