import { z } from 'zod';
import { pageQuerySchema, wholeNumber } from './catalog-schemas';
import { paginated } from './envelope';

/**
 * Refunds on the wire (docs/decisions/028, 030). Money in pence. A card refund is `pending`
 * until Stripe answers (`succeeded` or `failed`); a cash refund of a return is `owed` by the shop
 * until it says it paid it back (`settled`).
 */
export const refundStatuses = ['pending', 'succeeded', 'failed', 'owed', 'settled'] as const;
export const refundStatusSchema = z.enum(refundStatuses);
export type RefundStatus = (typeof refundStatuses)[number];

export const refundMethodSchema = z.enum(['card', 'cash']);
/** `external`: made in Stripe's dashboard, not through Parade (recorded from Stripe's word). */
export const refundKindSchema = z.enum(['cancellation', 'return', 'external']);

/** A refund in words, for the customer and the shop. */
export const refundStatusInWords: Record<RefundStatus, string> = {
  pending: 'On its way',
  succeeded: 'Refunded',
  failed: 'Failed',
  owed: 'Owed in cash',
  settled: 'Paid back in cash',
};

/** A return's refund, on the return (customer's and shop's). */
export const returnRefundSchema = z.object({
  id: z.number().int(),
  amount: z.number().int(),
  method: refundMethodSchema,
  status: refundStatusSchema,
  created_at: z.string(),
});
export type ReturnRefund = z.infer<typeof returnRefundSchema>;

/** A refund of an order, on the customer's order page: what went back, how, and for what. */
export const orderRefundSchema = returnRefundSchema.extend({
  kind: refundKindSchema,
  return_id: z.number().int().nullable(),
  /** The returned line and quantity (a return's refund), else null (a cancellation's). */
  item: z.object({ full_name: z.string(), quantity: z.number().int() }).nullable(),
});
export type OrderRefund = z.infer<typeof orderRefundSchema>;

/** A refund as the admin's list of failed and stuck refunds shows it. */
export const adminRefundSchema = returnRefundSchema.extend({
  kind: refundKindSchema,
  order_id: z.number().int(),
  invoice_id: z.number().int(),
  return_id: z.number().int().nullable(),
  attempts: z.number().int(),
  last_error: z.string().nullable(),
  updated_at: z.string(),
});
export type AdminRefund = z.infer<typeof adminRefundSchema>;

/**
 * GET admin/refunds?page&per_page: refunds that failed, or card refunds pending for more than ten
 * minutes, newest first, as every admin list: Paginated (per_page 1-100, default 20).
 */
export const adminRefundListPayloadSchema = paginated(adminRefundSchema);
export type AdminRefundListPayload = z.infer<typeof adminRefundListPayloadSchema>;
export const adminRefundListQuerySchema = z.object({
  page: pageQuerySchema.optional(),
  per_page: wholeNumber(1, 100).optional(),
});

/** A card refund still pending after this long is listed as stuck for the admin. */
export const REFUND_STUCK_AFTER_MINUTES = 10;
