import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { timestamps } from '../../db/columns';
import { products } from '../catalog/catalog.tables';
import { orderItems, orders } from '../orders/orders.tables';
import { shops } from '../shops/shops.tables';
import { users } from '../users/users.tables';

/**
 * A customer's review of a product, written from one delivered order line (once per line: the
 * unique index is what makes a double submit give one). The product and shop are copied from the
 * line so ratings are one indexed aggregate each. A hidden review (the platform's decision, with a
 * reason) counts for no rating and is listed to nobody but its author and the staff.
 */
export const reviews = pgTable(
  'reviews',
  {
    id: serial().primaryKey(),
    orderItemId: integer()
      .notNull()
      .references(() => orderItems.id, { onDelete: 'cascade' }),
    orderId: integer()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    shopId: integer()
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    /** The variation bought, as the order line names it ("Sourdough loaf - Large"). */
    variationName: text().notNull(),
    rating: smallint().notNull(),
    body: text().notNull().default(''),
    /** /uploads/ URLs of up to three photos, re-encoded by the upload checks. */
    photos: jsonb().$type<string[]>().notNull().default([]),
    /** The shop's one reply. */
    replyBody: text(),
    replyAt: timestamp({ withTimezone: true }),
    hiddenAt: timestamp({ withTimezone: true }),
    hiddenReason: text(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('reviews_order_item_idx').on(t.orderItemId),
    // A product's visible reviews, newest first (the product page) and its rating aggregate.
    index('reviews_product_idx').on(t.productId, t.createdAt.desc(), t.id.desc()).where(sql`${t.hiddenAt} is null`),
    index('reviews_shop_idx').on(t.shopId, t.createdAt.desc(), t.id.desc()),
    index('reviews_user_idx').on(t.userId, t.createdAt.desc()),
    check('reviews_rating_range', sql`${t.rating} between 1 and 5`),
  ],
);

/** Products a customer keeps (the heart). */
export const favouriteProducts = pgTable(
  'favourite_products',
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.productId] })],
);

/** Shops a customer keeps (the heart on a shop page). */
export const favouriteShops = pgTable(
  'favourite_shops',
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    shopId: integer()
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.shopId] })],
);

/**
 * The review prompt of a delivered order: written when the order becomes delivered, mailed once
 * when `due_at` has passed (`sent_at` set in the same transaction as the mail is queued). A
 * customer who unsubscribed gets none: the row is marked sent without a mail.
 */
export const reviewPrompts = pgTable(
  'review_prompts',
  {
    orderId: integer()
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    dueAt: timestamp({ withTimezone: true }).notNull(),
    sentAt: timestamp({ withTimezone: true }),
    /** The outbox mail it became, or null (unsubscribed, nothing left to review). */
    mailId: integer(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('review_prompts_due_idx').on(t.dueAt).where(sql`${t.sentAt} is null`)],
);

/** Customers who asked for no more review prompts (the mail's one-click unsubscribe). */
export const reviewMailOptOuts = pgTable('review_mail_opt_outs', {
  userId: integer()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
