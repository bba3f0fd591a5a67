import { type OrderIssueInput, orderIssueInputSchema, ticketPayloadSchema } from '@parade/core/ticket-schemas';
import { useMutation } from '@tanstack/react-query';
import { apiData } from '@/lib/api-client';
import { useTicketSaved } from './ticket-saved';

export { orderIssueInputSchema };

/** POST user/order-issue {order_id, item_id?, type, message}: a ticket about the order (and line). */
export const reportOrderIssue = (input: OrderIssueInput) =>
  apiData('user/order-issue', { method: 'POST', body: input, schema: ticketPayloadSchema }).then((p) => p.ticket);

export const useReportOrderIssue = () => useMutation({ mutationFn: reportOrderIssue, onSuccess: useTicketSaved() });
