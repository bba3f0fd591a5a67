import { type CreateTicketInput, createTicketSchema, ticketPayloadSchema } from '@parade/core/ticket-schemas';
import { useMutation } from '@tanstack/react-query';
import { apiData } from '@/lib/api-client';
import { useTicketSaved } from './ticket-saved';

export { createTicketSchema };

/** POST user/support-ticket {subject, message, order_id?}: a new ticket, open, with its first message. */
export const createTicket = (input: CreateTicketInput) =>
  apiData('user/support-ticket', { method: 'POST', body: input, schema: ticketPayloadSchema }).then((p) => p.ticket);

export const useCreateTicket = () => useMutation({ mutationFn: createTicket, onSuccess: useTicketSaved() });
