import { orderStatuses, orderTypes, paymentMethods, paymentStatuses } from '@parade/core/enums';
import { sql } from 'drizzle-orm';
import {
  bigserial,
  index,
  integer,
  jsonb,
  pgEnum,
  pgSequence,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { timestamps } from '../../db/columns';
import { productType, productVariations } from '../catalog/catalog.tables';
import { shops } from '../shops/shops.tables';
import { users } from '../users/users.tables';

export const orderType = pgEnum('order_type', orderTypes);
export const orderStatus = pgEnum('order_status', orderStatuses);
export const paymentStatus = pgEnum('payment_status', paymentStatuses);
export const paymentMethod = pgEnum('payment_method', paymentMethods);

export interface OrderAddress {
  name: string;
  phone: string;
  line1: string;
  line2?: string | null;
  city: string;
  postcode: string;
}

/**
 * Invoice numbers are INV-{year}-{this sequence, six digits or more}. A sequence, not a counter
 * row, so concurrent checkouts never wait on each other for a number (gaps are harmless).
 */
export const invoiceNumberSeq = pgSequence('invoice_number_seq', { startWith: 1 });

/** One checkout = one invoice (INV-YYYY-NNNNNN) holding one order per shop. */
export const invoices = pgTable(
  'invoices',
  {
    id: serial().primaryKey(),
    number: text().notNull(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    orderType: orderType().notNull(),
    collectionPoint: text(),
    address: jsonb().$type<OrderAddress>(),
    subtotal: integer().notNull(),
    discount: integer().notNull().default(0),
    rewardDiscount: integer().notNull().default(0),
    shippingCharge: integer().notNull().default(0),
    total: integer().notNull(),
    paymentMethod: paymentMethod().notNull(),
    paymentStatus: paymentStatus().notNull().default('unpaid'),
    /** The client's Idempotency-Key: a repeated checkout returns the first invoice. */
    idempotencyKey: text(),
    /** Hash of the request body sent with the key: the same key with another body is refused. */
    requestHash: text(),
    /** Card checkouts only: unpaid past this time, the orders are cancelled and the stock released. */
    paymentDueAt: timestamp({ withTimezone: true }),
    note: text(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('invoices_number_idx').on(t.number),
    uniqueIndex('invoices_user_idempotency_idx').on(t.userId, t.idempotencyKey),
    index('invoices_user_idx').on(t.userId),
    index('invoices_payment_due_idx').on(t.paymentDueAt).where(sql`${t.paymentStatus} = 'unpaid'`),
  ],
);

export const orders = pgTable(
  'orders',
  {
    id: serial().primaryKey(),
    invoiceId: integer()
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    shopId: integer()
      .notNull()
      .references(() => shops.id, { onDelete: 'restrict' }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    status: orderStatus().notNull().default('pending'),
    paymentStatus: paymentStatus().notNull().default('unpaid'),
    subtotal: integer().notNull(),
    discount: integer().notNull().default(0),
    rewardDiscount: integer().notNull().default(0),
    rewardPointsUsed: integer().notNull().default(0),
    /** This order's part of the checkout's delivery charge (shared by its orders with a physical line; decision 028). */
    shippingCharge: integer().notNull().default(0),
    /** subtotal - discount - reward_discount + shipping_charge. */
    total: integer().notNull(),
    couponCode: text(),
    /** The part of `discount` the platform pays: a platform coupon's discount (decision 026), else 0. */
    platformDiscount: integer().notNull().default(0),
    /** Pence the platform keeps, fixed when the order is placed (contract: "Money"). */
    commission: integer().notNull().default(0),
    /** total - commission. */
    vendorNet: integer().notNull().default(0),
    /** The shop's VAT number when the order was placed (null: not VAT-registered then). */
    vatNumber: text(),
    ...timestamps,
  },
  (t) => [
    index('orders_invoice_idx').on(t.invoiceId),
    index('orders_shop_idx').on(t.shopId),
    index('orders_user_idx').on(t.userId, t.createdAt),
    index('orders_shop_status_idx').on(t.shopId, t.status, t.createdAt),
  ],
);

/** Order lines keep a copy of what was bought at what price; the catalogue may change later. */
export const orderItems = pgTable(
  'order_items',
  {
    id: serial().primaryKey(),
    orderId: integer()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    variationId: integer().references(() => productVariations.id, { onDelete: 'set null' }),
    productId: integer().notNull(),
    fullName: text().notNull(),
    type: productType().notNull(),
    price: integer().notNull(),
    quantity: integer().notNull(),
    discount: integer().notNull().default(0),
    total: integer().notNull(),
    thumbnail: text(),
    /** The VAT rate the price included, copied at checkout; null on lines placed before VAT was kept. */
    vatRate: integer(),
    /** Pence of VAT in what the line was charged; null as above. */
    vat: integer(),
  },
  (t) => [index('order_items_order_idx').on(t.orderId)],
);

/** Each status change of an order, for tracking. */
export const orderStatusHistory = pgTable(
  'order_status_history',
  {
    id: serial().primaryKey(),
    orderId: integer()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    status: orderStatus().notNull(),
    note: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_status_history_order_idx').on(t.orderId, t.id)],
);

/**
 * The shops' live order feed (contract: "Live orders"): one row per order created or changed,
 * written in the transaction of the change, so an event exists exactly when its change does.
 * Listeners are woken by NOTIFY (order-events.ts) and read from here; a reconnecting board asks
 * for what came after its Last-Event-ID. Rows older than the replay window are pruned.
 */
export const orderEvents = pgTable(
  'order_events',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    shopId: integer()
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    kind: text().$type<'order.created' | 'order.updated'>().notNull(),
    data: jsonb().$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_events_shop_idx').on(t.shopId, t.id), index('order_events_created_idx').on(t.createdAt)],
);
