import { type TicketStatusChange, ticketPayloadSchema } from '@parade/core/ticket-schemas';
import { useMutation } from '@tanstack/react-query';
import { apiData } from '@/lib/api-client';
import { useTicketSaved } from './ticket-saved';

/** PATCH user/support-ticket/{id} {status: close|open}: the customer closes or reopens. */
export const setTicketStatus = (id: number, status: TicketStatusChange['status']) =>
  apiData(`user/support-ticket/${id}`, { method: 'PATCH', body: { status }, schema: ticketPayloadSchema }).then(
    (p) => p.ticket,
  );

export const useSetTicketStatus = (id: number) =>
  useMutation({
    mutationFn: (status: TicketStatusChange['status']) => setTicketStatus(id, status),
    onSuccess: useTicketSaved(),
  });
