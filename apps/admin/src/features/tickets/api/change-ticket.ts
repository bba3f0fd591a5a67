import { type AdminTicketDetail, type AdminTicketReply, adminTicketPayloadSchema } from '@parade/core/admin-schemas';
import type { TicketStatus } from '@parade/core/enums';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiData } from '@/lib/api-client';
import { ticketQueryKey } from './get-ticket';
import { ticketsQueryRoot } from './get-tickets';

/** The answer is the whole ticket: show it at once, and let the lists fetch again. */
function useTicketSaved() {
  const queryClient = useQueryClient();
  return (ticket: AdminTicketDetail) => {
    queryClient.setQueryData(ticketQueryKey(ticket.id), ticket);
    void queryClient.invalidateQueries({ queryKey: [...ticketsQueryRoot, 'list'] });
  };
}

/** POST admin/tickets/{id}/reply {body}: a staff message, e-mailed to the customer. */
export function useReplyToTicket(id: number) {
  return useMutation({
    mutationFn: (body: AdminTicketReply) =>
      apiData(`admin/tickets/${id}/reply`, adminTicketPayloadSchema, { method: 'POST', body }).then((p) => p.ticket),
    onSuccess: useTicketSaved(),
  });
}

/** PATCH admin/tickets/{id} {status}: open, resolved or close. */
export function useSetTicketStatus(id: number) {
  return useMutation({
    mutationFn: (status: TicketStatus) =>
      apiData(`admin/tickets/${id}`, adminTicketPayloadSchema, { method: 'PATCH', body: { status } }).then(
        (p) => p.ticket,
      ),
    onSuccess: useTicketSaved(),
  });
}
