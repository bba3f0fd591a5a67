/**
 * Wire shapes of support tickets for the customer (`/api/user/support-ticket...`,
 * `POST /api/user/order-issue`) and for the shop whose order a ticket is about
 * (`/api/vendor/tickets...`). The platform's calls, and the message shape every audience shares,
 * are in admin-schemas.ts. docs/decisions/016-support-tickets.md explains the choices.
 */
import { z } from 'zod';
import {
  adminTicketDetailSchema,
  adminTicketListQuerySchema,
  adminTicketReplySchema,
  adminTicketSchema,
  TICKET_MESSAGE_MAX,
  ticketMessageSchema,
} from './admin-schemas';
import { pageQuerySchema } from './catalog-schemas';
import { type OrderIssueType, orderIssueTypes, ticketStatusSchema } from './enums';
import { idSchema } from './ids';

/** The customer's ticket list is paged by ten, as their orders are. */
export const TICKETS_PER_PAGE = 10;
export const TICKET_SUBJECT_MIN = 3;
export const TICKET_SUBJECT_MAX = 150;

/** `general` for a question, else the order issue's type. */
export const ticketTypeSchema = z.enum(['general', ...orderIssueTypes]);
export type TicketType = z.infer<typeof ticketTypeSchema>;

/**
 * A ticket as its customer sees it: what it is about, where it stands and who wrote last. No
 * customer (it is the caller) and nothing about the staff: a staff message says `staff`, never
 * which person or shop wrote it.
 */
export const ticketSchema = adminTicketSchema.omit({ customer: true }).extend({
  type: ticketTypeSchema,
});
export type Ticket = z.infer<typeof ticketSchema>;

/**
 * One ticket with its conversation, oldest message first. A staff message written by the shop
 * whose order the ticket is about says so (`from`: the shop's name); the platform's are `null`.
 */
export const ticketDetailSchema = ticketSchema.extend({
  messages: z.array(ticketMessageSchema.extend({ from: z.string().nullable() })),
});
export type TicketDetail = z.infer<typeof ticketDetailSchema>;

/** The payload of every call that answers one ticket: `{ ticket }`. */
export const ticketPayloadSchema = z.object({ ticket: ticketDetailSchema });
export type TicketPayload = z.infer<typeof ticketPayloadSchema>;

/** GET user/support-ticket?page&status: the caller's tickets, newest first, ten a page. */
export const ticketListQuerySchema = z.object({
  page: pageQuerySchema.optional(),
  status: ticketStatusSchema.optional(),
});
export type TicketListQuery = z.input<typeof ticketListQuerySchema>;

const messageText = (missing: string) =>
  z
    .string({ error: missing })
    .trim()
    .min(1, missing)
    .max(TICKET_MESSAGE_MAX, `Keep it under ${TICKET_MESSAGE_MAX} characters.`);

/** POST user/support-ticket: a question, optionally about one of the caller's orders. */
export const createTicketSchema = z.object({
  subject: z
    .string({ error: 'Give your ticket a subject.' })
    .trim()
    .min(TICKET_SUBJECT_MIN, {
      // Empty: ask for one; too short: say how long (it said "Give your ticket a subject." to "Hi").
      error: (issue) =>
        issue.input === ''
          ? 'Give your ticket a subject.'
          : `Make the subject at least ${TICKET_SUBJECT_MIN} characters.`,
    })
    .max(TICKET_SUBJECT_MAX, `Keep the subject under ${TICKET_SUBJECT_MAX} characters.`),
  message: messageText('Tell us how we can help.'),
  order_id: idSchema.nullish(),
});
export type CreateTicketInput = z.input<typeof createTicketSchema>;

/** POST user/support-ticket/{id}/send-message: the customer writes again (a closed ticket reopens). */
export const ticketMessageInputSchema = z.object({ body: messageText('Write a message.') });
export type TicketMessageInput = z.input<typeof ticketMessageInputSchema>;

/** PATCH user/support-ticket/{id}: the customer closes or reopens; `resolved` is the staff's word. */
export const ticketStatusChangeSchema = z.object({
  status: z.enum(['close', 'open'], { error: 'Must be close or open.' }),
});
export type TicketStatusChange = z.input<typeof ticketStatusChangeSchema>;

/** POST user/order-issue: a ticket about one of the caller's orders and, optionally, one of its lines. */
export const orderIssueInputSchema = z.object({
  order_id: idSchema,
  item_id: idSchema.nullish(),
  type: z.enum(orderIssueTypes, { error: 'Choose what went wrong.' }),
  message: messageText('Tell us what went wrong.'),
});
export type OrderIssueInput = z.input<typeof orderIssueInputSchema>;

/** How each order issue type reads, in the storefront's type select and in the generated subject. */
export const orderIssueTypeLabels: Record<OrderIssueType, string> = {
  missing: 'Missing item',
  damaged: 'Damaged item',
  wrong_item: 'Wrong item',
  late: 'Late order',
  other: 'Another problem',
};

/**
 * The subject the server gives an order issue, so every issue reads the same way in a queue:
 * `Order INV-2026-000123: damaged item — Braeburn Apples 1kg` (no dash part without a line).
 */
export function orderIssueSubject(invoiceNumber: string, type: OrderIssueType, itemName?: string | null): string {
  const what = `Order ${invoiceNumber}: ${orderIssueTypeLabels[type].toLowerCase()}`;
  return itemName ? `${what} — ${itemName}` : what;
}

// ---- The shop's calls (`/api/vendor/tickets`) ----------------------------------------------

/**
 * A shop sees the platform's ticket shape (the customer's name and e-mail, as on its orders),
 * limited on the server to tickets about its own orders.
 */
export const vendorTicketSchema = adminTicketSchema;
export type VendorTicket = z.infer<typeof vendorTicketSchema>;
export const vendorTicketPayloadSchema = z.object({ ticket: adminTicketDetailSchema });
export type VendorTicketPayload = z.infer<typeof vendorTicketPayloadSchema>;
/** GET vendor/tickets?status&search&page&per_page&sort: as the platform's list. */
export const vendorTicketListQuerySchema = adminTicketListQuerySchema;
export type VendorTicketListQuery = z.input<typeof vendorTicketListQuerySchema>;
/** POST vendor/tickets/{id}/reply {body}: a staff message, e-mailed to the customer. */
export const vendorTicketReplySchema = adminTicketReplySchema;
export type VendorTicketReply = z.input<typeof vendorTicketReplySchema>;
