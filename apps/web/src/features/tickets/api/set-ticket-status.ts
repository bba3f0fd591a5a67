import type { TicketStatusChange } from '@parade/core/ticket-schemas';
import { useMutation } from '@tanstack/react-query';
import { apiData } from '@/lib/api-client';
import { lazySchema } from '@/lib/lazy-schema';
import { useTicketSaved } from './ticket-saved';

const ticketPayloadReply = lazySchema(() => import('@parade/core/ticket-schemas').then((m) => m.ticketPayloadSchema));

/** PATCH user/support-ticket/{id} {status: close|open}: the customer closes or reopens. */
export const setTicketStatus = (id: number, status: TicketStatusChange['status']) =>
  apiData(`user/support-ticket/${id}`, { method: 'PATCH', body: { status }, schema: ticketPayloadReply }).then(
    (p) => p.ticket,
  );

export const useSetTicketStatus = (id: number) =>
  useMutation({
    mutationFn: (status: TicketStatusChange['status']) => setTicketStatus(id, status),
    onSuccess: useTicketSaved(),
  });
