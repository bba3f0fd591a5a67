/** The contract's Order shape (every order payload) and the order list. */
import { z } from 'zod';
import { cartLineInputSchema } from './cart-schemas';
import { refSchema } from './catalog-schemas';
import {
  MAX_LINES_PER_REQUEST,
  orderStatusSchema,
  orderTypeSchema,
  paymentMethodSchema,
  paymentStatusSchema,
  productTypeSchema,
} from './enums';
import { idSchema } from './ids';
import { orderRefundSchema } from './refund-schemas';

export const orderItemSchema = z.object({
  id: z.number().int(),
  /** null once the variation is gone; the line keeps its name and price. */
  variation_id: z.number().int().nullable(),
  product_id: z.number().int(),
  full_name: z.string(),
  type: productTypeSchema,
  price: z.number().int(),
  quantity: z.number().int(),
  /** The line's part of the shop's coupon discount (0 on lines the coupon does not cover); `total` is price x quantity. */
  discount: z.number().int().meta({
    description: "The line's part of the shop's coupon discount, pence (0 on a line the coupon does not cover)",
  }),
  total: z.number().int(),
  thumbnail: z.string().nullable(),
  /**
   * The VAT rate (0, 5, 20) the price included and the pence of VAT in what the line was charged
   * (its share of the shop's discounts off, of the delivery on; core's lineVat). null on lines
   * placed before VAT was kept. An invoice shows them only for a VAT-registered shop's order.
   */
  vat_rate: z.number().int().nullable(),
  vat: z.number().int().nullable(),
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
 * An order: one shop's part of a checkout (invoice). Money in pence. The checkout's delivery
 * charge (one per checkout) is shared by its orders with a physical line (equal parts, the odd
 * pence to the first; contract: "Money") and is 0 on the others, so the orders' totals add up to
 * the invoice's total. total = subtotal - discount - reward_discount + shipping_charge.
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
  shipping_charge: z.number().int(),
  total: z.number().int(),
  coupon_code: z.string().nullable(),
  /**
   * The part of `discount` the platform pays: the discount of a platform coupon (made by the
   * admin; the shop is not out of pocket for it), else 0. Never more than `discount`.
   */
  platform_discount: z.number().int(),
  /** The shop's VAT number when the order was placed; null when it was not VAT-registered (no VAT lines shown). */
  vat_number: z.string().nullable(),
  /**
   * The VAT in the order's prices at each rate, lowest rate first, as its invoice shows it under
   * the shop's VAT number (decision 029); empty when the shop was not VAT-registered.
   */
  vat_rates: z.array(z.object({ rate: z.number().int(), vat: z.number().int() })),
  created_at: z.string(),
  history: z.array(orderHistoryEntrySchema).optional(),
});
export type Order = z.infer<typeof orderSchema>;

/** GET /user/order/{id}: one of the caller's orders with its status history, oldest first. */
export const orderDetailPayloadSchema = z.object({
  order: orderSchema.extend({ history: z.array(orderHistoryEntrySchema) }),
  /** The order's refunds, oldest first (a cancellation's, its returns'; docs/decisions/030). */
  refunds: z.array(orderRefundSchema).optional(),
});
export type OrderDetailPayload = z.infer<typeof orderDetailPayloadSchema>;

/** A delivery address as it was at checkout (copied onto the invoice; the address book may change). */
export const orderAddressSchema = z.object({
  name: z.string(),
  phone: z.string(),
  line1: z.string(),
  line2: z.string().nullable().optional(),
  city: z.string(),
  postcode: z.string(),
});
export type OrderAddress = z.infer<typeof orderAddressSchema>;

/** GET /user/invoice/{invoice}: the checkout's figures and its orders (the caller's only). */
export const invoicePayloadSchema = z.object({
  invoice: z.object({
    id: z.number().int(),
    number: z.string(),
    created_at: z.string(),
    order_type: orderTypeSchema,
    collection_point: z.string().nullable(),
    address: orderAddressSchema.nullable(),
    payment_method: paymentMethodSchema,
    payment_status: paymentStatusSchema,
    subtotal: z.number().int(),
    discount: z.number().int(),
    reward_discount: z.number().int(),
    shipping_charge: z.number().int(),
    total: z.number().int(),
    /** Card checkouts not yet paid: when the stock is released if no payment arrives. */
    payment_due_at: z.string().nullable(),
    /**
     * The shopper's note for the shops, as given at checkout, or null: shown on the invoice, as
     * each shop's order carries it (contract: "Fulfilment", "exactly as on the invoice").
     */
    note: z.string().nullable(),
  }),
  orders: z.array(orderSchema),
});
export type InvoicePayload = z.infer<typeof invoicePayloadSchema>;

/** `INV-YYYY-NNNNNN` (six digits or more). */
export const invoiceNumberSchema = z
  .string()
  .trim()
  .regex(/^INV-\d{4}-\d{6,}$/, 'Enter an invoice number such as INV-2026-000001.');

/** Shop id keys of the `coupons` and `reward_points` maps arrive as strings in JSON. */
const shopIdKeySchema = z.string().regex(/^[1-9]\d{0,9}$/, 'Shop ids are positive integers.');

/**
 * POST /user/order/place. Prices, discounts and charges are never taken from the client: the
 * server recomputes them. Exactly one of `address_id` and `address` for a delivery; a
 * `collection_point` (one of setting `collection_locations`) for a collection.
 */
export const placeOrderBodySchema = z.object({
  order_type: orderTypeSchema.default('collection'),
  collection_point: z.string().trim().min(1).max(200).optional(),
  address_id: idSchema.optional(),
  address: orderAddressSchema
    .extend({
      name: z.string().trim().min(1).max(100),
      phone: z.string().trim().min(1).max(30),
      line1: z.string().trim().min(1).max(200),
      line2: z.string().trim().max(200).nullable().optional(),
      city: z.string().trim().min(1).max(100),
      postcode: z.string().trim().min(1).max(10),
    })
    .optional(),
  items: z.array(cartLineInputSchema).min(1, 'Your cart is empty.').max(MAX_LINES_PER_REQUEST),
  /** Shop id -> coupon code. */
  coupons: z.record(shopIdKeySchema, z.string().trim().min(1).max(40)).default({}),
  /** Shop id -> reward points to spend at that shop (100 points = 100 pence off its lines). */
  reward_points: z.record(shopIdKeySchema, z.number().int().min(0).max(10_000_000)).default({}),
  payment_method: paymentMethodSchema,
  note: z.string().trim().max(1000).optional(),
});
export type PlaceOrderBody = z.input<typeof placeOrderBodySchema>;

/** The place-order payload: the invoice number, its orders (one per shop), the grand total, the payment. */
export const placeOrderPayloadSchema = z.object({
  invoice: z.string(),
  orders: z.array(orderSchema),
  total: z.number().int(),
  payment: z.object({
    method: paymentMethodSchema,
    status: paymentStatusSchema,
    /** Not sent by place-order: card checkouts ask POST /payment-token for it. */
    client_secret: z.string().optional(),
    /** Card checkouts: when the stock is released if no payment arrives. */
    due_at: z.string().nullable().optional(),
  }),
});
export type PlaceOrderPayload = z.infer<typeof placeOrderPayloadSchema>;

/** POST /payment-token {invoice}: a card payment for the caller's unpaid invoice. */
export const paymentTokenBodySchema = z.object({ invoice: invoiceNumberSchema });
export const paymentTokenPayloadSchema = z.object({ client_secret: z.string(), publishable_key: z.string() });
export type PaymentTokenPayload = z.infer<typeof paymentTokenPayloadSchema>;

/** GET /user/order?page. */
export const orderListQuerySchema = z.object({ page: z.coerce.number().int().min(1).max(100_000).default(1) });
export type OrderListQuery = z.input<typeof orderListQuerySchema>;
