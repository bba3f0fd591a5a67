import type { TicketMessageInput } from '@parade/core/ticket-schemas';
import { useMutation } from '@tanstack/react-query';
import { apiData } from '@/lib/api-client';
import { lazySchema } from '@/lib/lazy-schema';
import { useTicketSaved } from './ticket-saved';

/** The form's rules, the API's own (loaded with zod when the form first needs them). */
export const ticketMessageInputSchema = lazySchema(() =>
  import('@parade/core/ticket-schemas').then((m) => m.ticketMessageInputSchema),
);
const ticketPayloadReply = lazySchema(() => import('@parade/core/ticket-schemas').then((m) => m.ticketPayloadSchema));

/** POST user/support-ticket/{id}/send-message {body}; a resolved or closed ticket opens again. */
export const sendTicketMessage = (id: number, input: TicketMessageInput) =>
  apiData(`user/support-ticket/${id}/send-message`, { method: 'POST', body: input, schema: ticketPayloadReply }).then(
    (p) => p.ticket,
  );

export const useSendTicketMessage = (id: number) =>
  useMutation({ mutationFn: (input: TicketMessageInput) => sendTicketMessage(id, input), onSuccess: useTicketSaved() });
