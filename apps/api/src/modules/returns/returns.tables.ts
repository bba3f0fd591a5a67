import { returnStatuses } from '@parade/core/enums';
import { index, integer, pgEnum, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { timestamps } from '../../db/columns';
import { orderItems, orders } from '../orders/orders.tables';
import { users } from '../users/users.tables';

export const returnStatus = pgEnum('return_status', returnStatuses);

export const orderReturns = pgTable(
  'order_returns',
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    orderId: integer()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    orderItemId: integer().references(() => orderItems.id, { onDelete: 'set null' }),
    quantity: integer().notNull().default(1),
    reason: text().notNull(),
    status: returnStatus().notNull().default('pending'),
    staffNote: text(),
    /** When the shop accepted or rejected it. */
    decidedAt: timestamp({ withTimezone: true }),
    /** When the shop said the item came back and its stock was restored (accepted returns only, once). */
    receivedAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index('order_returns_user_idx').on(t.userId, t.createdAt),
    index('order_returns_order_idx').on(t.orderId),
    index('order_returns_item_idx').on(t.orderItemId),
  ],
);
