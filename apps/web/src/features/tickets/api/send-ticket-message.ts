import { type TicketMessageInput, ticketMessageInputSchema, ticketPayloadSchema } from '@parade/core/ticket-schemas';
import { useMutation } from '@tanstack/react-query';
import { apiData } from '@/lib/api-client';
import { useTicketSaved } from './ticket-saved';

export { ticketMessageInputSchema };

/** POST user/support-ticket/{id}/send-message {body}; a resolved or closed ticket opens again. */
export const sendTicketMessage = (id: number, input: TicketMessageInput) =>
  apiData(`user/support-ticket/${id}/send-message`, { method: 'POST', body: input, schema: ticketPayloadSchema }).then(
    (p) => p.ticket,
  );

export const useSendTicketMessage = (id: number) =>
  useMutation({ mutationFn: (input: TicketMessageInput) => sendTicketMessage(id, input), onSuccess: useTicketSaved() });
