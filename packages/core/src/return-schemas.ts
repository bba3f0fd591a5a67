/**
 * Returns (api-contract.md: `GET/POST user/order-return`, the vendor's `vendor/returns`): the
 * wire shapes of both audiences and the pure rules the API, the storefront and the admin site
 * share (the return window, what is left to return). Statuses `pending|accepted|rejected`;
 * "received" is not a status but a time (`received_at`) on an accepted return. Money in pence.
 * docs/decisions/017-returns.md explains the choices.
 */
import { z } from 'zod';
import { refSchema } from './catalog-schemas';
import { type ReturnStatus, returnStatusSchema } from './enums';
import { idSchema } from './ids';
import { returnRefundSchema } from './refund-schemas';
import { manageListQuerySchema } from './vendor-schemas';

// ---- Rules ---------------------------------------------------------------------------------

/** Setting `return_window_days` when it was never set (or holds something unreadable). */
export const RETURN_WINDOW_DAYS_DEFAULT = 14;
/** The admin may set 0 (no returns at all) to this many days. */
export const RETURN_WINDOW_DAYS_MAX = 365;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The stored text of setting `return_window_days` as whole days; missing or unreadable: the default. */
export function returnWindowDays(setting: string | null | undefined): number {
  const text = setting?.trim() ?? '';
  if (!/^\d{1,4}$/.test(text)) return RETURN_WINDOW_DAYS_DEFAULT;
  return Math.min(Number(text), RETURN_WINDOW_DAYS_MAX);
}

/**
 * When the return window closes: `days` whole days (24 hours each) after the moment the order
 * became `delivered`. A request at or after this instant is refused. 0 days closes it at once.
 */
export function returnWindowEnd(deliveredAt: Date, days: number): Date {
  return new Date(deliveredAt.getTime() + days * DAY_MS);
}

/**
 * Why an order's lines cannot be returned at `now`, or null while they can: only a delivered
 * order (with the time it became delivered), and only before its window closes.
 */
export function returnBlockFor(
  order: { status: string; deliveredAt: Date | null },
  windowDays: number,
  now: Date,
): ReturnBlock | null {
  if (order.status !== 'delivered' || !order.deliveredAt) return 'not_delivered';
  return now.getTime() >= returnWindowEnd(order.deliveredAt, windowDays).getTime() ? 'window_closed' : null;
}

/** Statuses that hold a line's quantity: a rejected return gives its quantity back. */
export const RETURN_HOLDING_STATUSES = ['pending', 'accepted'] as const satisfies readonly ReturnStatus[];

/** What is left to return of a line: bought minus its pending and accepted returns, never below 0. */
export function returnableQuantity(bought: number, returns: { quantity: number; status: ReturnStatus }[]): number {
  const held = returns
    .filter((r) => (RETURN_HOLDING_STATUSES as readonly ReturnStatus[]).includes(r.status))
    .reduce((sum, r) => sum + r.quantity, 0);
  return Math.max(0, bought - held);
}

// ---- The customer's calls ------------------------------------------------------------------

export const RETURN_REASON_MAX = 1000;
export const RETURN_NOTE_MAX = 1000;
/** More than anyone buys of one line; keeps the number a sane integer before the real check. */
const RETURN_QUANTITY_MAX = 10_000;

/** POST user/order-return: a line of one of the caller's delivered orders, how many, and why. */
export const createReturnBodySchema = z.object({
  order_item_id: idSchema,
  quantity: z
    .number({ error: 'Say how many to return.' })
    .int('Return whole items.')
    .min(1, 'Return at least one item.')
    .max(RETURN_QUANTITY_MAX, 'That is more than was bought.'),
  reason: z
    .string({ error: 'Tell the shop why you are returning it.' })
    .trim()
    .min(1, 'Tell the shop why you are returning it.')
    .max(RETURN_REASON_MAX, `Keep the reason under ${RETURN_REASON_MAX} characters.`),
});
export type CreateReturnBody = z.input<typeof createReturnBodySchema>;
/** The body as the API reads it (after parsing). */
export type CreateReturnInput = z.output<typeof createReturnBodySchema>;

/** The contract's Return: `{id, order_id, order_item_id, quantity, reason, status, created_at}`. */
export const returnSchema = z.object({
  id: z.number().int(),
  order_id: z.number().int(),
  /** null only if the line itself was deleted (it never is while its order exists). */
  order_item_id: z.number().int().nullable(),
  quantity: z.number().int(),
  reason: z.string(),
  status: returnStatusSchema,
  created_at: z.string(),
});
export type Return = z.infer<typeof returnSchema>;

/**
 * A return as lists show it: the contract's fields plus the order's invoice number, the line as
 * it was bought (name, picture, unit price in pence, quantity bought), the shop, the shop's note
 * and the times it was decided and received (null until then).
 */
export const customerReturnSchema = returnSchema.extend({
  invoice_number: z.string(),
  item: z.object({
    full_name: z.string(),
    thumbnail: z.string().nullable(),
    /** Unit price paid, pence. */
    price: z.number().int(),
    /** How many the order bought of this line. */
    quantity: z.number().int(),
  }),
  shop: refSchema,
  /** The shop's note on its decision (always there for a rejection). */
  staff_note: z.string().nullable(),
  decided_at: z.string().nullable(),
  /** When the shop said the item came back (its stock restored); accepted returns only. */
  received_at: z.string().nullable(),
  /** Its refund once the item is back (docs/decisions/030): null before, or when nothing was left to refund. */
  refund: returnRefundSchema.nullable().optional(),
});
export type CustomerReturn = z.infer<typeof customerReturnSchema>;

/** GET user/order-return?page&status: newest first. */
export const returnListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  status: returnStatusSchema.optional(),
});
export type ReturnListQuery = z.input<typeof returnListQuerySchema>;
export const RETURNS_PER_PAGE = 10;

/** POST user/order-return's payload: the new return (`pending`), in the list's shape. */
export const createReturnPayloadSchema = z.object({ return: customerReturnSchema });
export type CreateReturnPayload = z.infer<typeof createReturnPayloadSchema>;

/**
 * Why an order's lines cannot be returned now: `not_delivered` (only delivered orders), or
 * `window_closed` (past `returnable_until`); null while the window is open.
 */
export const returnBlockSchema = z.enum(['not_delivered', 'window_closed']);
export type ReturnBlock = z.infer<typeof returnBlockSchema>;

/**
 * GET user/order/{id}/returnable: what the order detail needs to offer "Return item" per line.
 * The server judges again on POST; this only saves the shopper a refused request.
 */
export const orderReturnOptionsSchema = z.object({
  order_id: z.number().int(),
  /** Setting `return_window_days` now. */
  window_days: z.number().int(),
  /** When the window closes (delivery time + window_days), or null until the order is delivered. */
  returnable_until: z.string().nullable(),
  blocked: returnBlockSchema.nullable(),
  items: z.array(
    z.object({
      order_item_id: z.number().int(),
      /** Bought on this line. */
      quantity: z.number().int(),
      /** Held by the line's pending and accepted returns. */
      returned_quantity: z.number().int(),
      /** What a new return may still ask for now: 0 when blocked or nothing is left. */
      returnable_quantity: z.number().int(),
    }),
  ),
});
export type OrderReturnOptions = z.infer<typeof orderReturnOptionsSchema>;

// ---- The shop's calls (under /api/vendor/) -------------------------------------------------

/** A return on one of the caller's shop's orders, with the customer's name and e-mail. */
export const vendorReturnSchema = customerReturnSchema.extend({
  customer: z.object({ name: z.string(), email: z.string() }),
});
export type VendorReturn = z.infer<typeof vendorReturnSchema>;

/**
 * GET vendor/returns?status&search&page&per_page&sort: newest first; `search` matches the
 * invoice number, the item's name and the customer's name and e-mail.
 */
export const vendorReturnListQuerySchema = manageListQuerySchema(['created_at', 'quantity'] as const).extend({
  status: returnStatusSchema.optional(),
});
export type VendorReturnListQuery = z.input<typeof vendorReturnListQuerySchema>;

/** GET vendor/returns/{id} and every decision: `{ return }`. */
export const vendorReturnPayloadSchema = z.object({ return: vendorReturnSchema });
export type VendorReturnPayload = z.infer<typeof vendorReturnPayloadSchema>;

/** POST vendor/returns/{id}/accept: an optional note for the customer (e.g. how to send it back). */
export const vendorReturnAcceptBodySchema = z.object({
  note: z.string().trim().max(RETURN_NOTE_MAX, `Keep the note under ${RETURN_NOTE_MAX} characters.`).optional(),
});
export type VendorReturnAcceptBody = z.input<typeof vendorReturnAcceptBodySchema>;

/** POST vendor/returns/{id}/reject: the customer is told why, so the note is required. */
export const vendorReturnRejectBodySchema = z.object({
  note: z
    .string({ error: 'Tell the customer why.' })
    .trim()
    .min(1, 'Tell the customer why.')
    .max(RETURN_NOTE_MAX, `Keep the note under ${RETURN_NOTE_MAX} characters.`),
});
export type VendorReturnRejectBody = z.input<typeof vendorReturnRejectBodySchema>;
