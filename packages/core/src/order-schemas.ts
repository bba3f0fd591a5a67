/** The contract's Order shape (every order payload) and the order list. */
import { z } from 'zod';
import { refSchema } from './catalog-schemas';
import {
  orderStatusSchema,
  orderTypeSchema,
  paymentMethodSchema,
  paymentStatusSchema,
  productTypeSchema,
} from './enums';

export const orderItemSchema = z.object({
  id: z.number().int(),
  /** null once the variation is gone; the line keeps its name and price. */
  variation_id: z.number().int().nullable(),
  product_id: z.number().int(),
  full_name: z.string(),
  type: productTypeSchema,
  price: z.number().int(),
  quantity: z.number().int(),
  discount: z.number().int(),
  total: z.number().int(),
  thumbnail: z.string().nullable(),
});
export type OrderItem = z.infer<typeof orderItemSchema>;

/** One change of an order's status; the first is `pending`, at creation. */
export const orderHistoryEntrySchema = z.object({
  status: orderStatusSchema,
  at: z.string(),
  note: z.string().nullable().optional(),
});
export type OrderHistoryEntry = z.infer<typeof orderHistoryEntrySchema>;

/**
 * An order: one shop's part of a checkout (invoice). Money in pence. The delivery charge is the
 * invoice's (one per checkout), so it is not repeated on each order.
 */
export const orderSchema = z.object({
  id: z.number().int(),
  invoice: z.object({ id: z.number().int(), number: z.string() }),
  shop: refSchema,
  order_type: orderTypeSchema,
  status: orderStatusSchema,
  payment_status: paymentStatusSchema,
  payment_method: paymentMethodSchema,
  items: z.array(orderItemSchema),
  subtotal: z.number().int(),
  discount: z.number().int(),
  reward_discount: z.number().int(),
  total: z.number().int(),
  coupon_code: z.string().nullable(),
  created_at: z.string(),
  history: z.array(orderHistoryEntrySchema).optional(),
});
export type Order = z.infer<typeof orderSchema>;

/** GET /user/order?page. */
export const orderListQuerySchema = z.object({ page: z.coerce.number().int().min(1).max(100_000).default(1) });
export type OrderListQuery = z.input<typeof orderListQuerySchema>;
