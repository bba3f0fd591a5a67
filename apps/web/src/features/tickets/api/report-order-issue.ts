import type { OrderIssueInput } from '@parade/core/ticket-schemas';
import { useMutation } from '@tanstack/react-query';
import { apiData } from '@/lib/api-client';
import { lazySchema } from '@/lib/lazy-schema';
import { useTicketSaved } from './ticket-saved';

/** The form's rules, the API's own (loaded with zod when the form first needs them). */
export const orderIssueInputSchema = lazySchema(() =>
  import('@parade/core/ticket-schemas').then((m) => m.orderIssueInputSchema),
);
const ticketPayloadReply = lazySchema(() => import('@parade/core/ticket-schemas').then((m) => m.ticketPayloadSchema));

/** POST user/order-issue {order_id, item_id?, type, message}: a ticket about the order (and line). */
export const reportOrderIssue = (input: OrderIssueInput) =>
  apiData('user/order-issue', { method: 'POST', body: input, schema: ticketPayloadReply }).then((p) => p.ticket);

export const useReportOrderIssue = () => useMutation({ mutationFn: reportOrderIssue, onSuccess: useTicketSaved() });
