import { returnStatuses } from '@parade/core/enums';
import { index, integer, pgEnum, pgTable, serial, text } from 'drizzle-orm/pg-core';
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
    ...timestamps,
  },
  (t) => [index('order_returns_user_idx').on(t.userId)],
);
