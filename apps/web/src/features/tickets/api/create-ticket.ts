import type { CreateTicketInput } from '@parade/core/ticket-schemas';
import { useMutation } from '@tanstack/react-query';
import { apiData } from '@/lib/api-client';
import { lazySchema } from '@/lib/lazy-schema';
import { useTicketSaved } from './ticket-saved';

/** The form's rules, the API's own (loaded with zod when the form first needs them). */
export const createTicketSchema = lazySchema(() =>
  import('@parade/core/ticket-schemas').then((m) => m.createTicketSchema),
);
const ticketPayloadReply = lazySchema(() => import('@parade/core/ticket-schemas').then((m) => m.ticketPayloadSchema));

/** POST user/support-ticket {subject, message, order_id?}: a new ticket, open, with its first message. */
export const createTicket = (input: CreateTicketInput) =>
  apiData('user/support-ticket', { method: 'POST', body: input, schema: ticketPayloadReply }).then((p) => p.ticket);

export const useCreateTicket = () => useMutation({ mutationFn: createTicket, onSuccess: useTicketSaved() });
