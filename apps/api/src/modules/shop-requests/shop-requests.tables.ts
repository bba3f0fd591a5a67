import { shopRequestStatuses } from '@parade/core/enums';
import { index, integer, pgEnum, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { timestamps } from '../../db/columns';
import { users } from '../users/users.tables';

export const shopRequestStatus = pgEnum('shop_request_status', shopRequestStatuses);

/** A customer's request to open their own shop on the parade. */
export const shopCreateRequests = pgTable(
  'shop_create_requests',
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    shopName: text().notNull(),
    description: text(),
    phone: text().notNull(),
    email: text().notNull(),
    address: text().notNull(),
    postcode: text().notNull(),
    /** The category the shop mainly sells (the requester's choice); kept as a plain id so a deleted category leaves the request readable. */
    categoryId: integer(),
    /** The logo's public URL under /uploads/, when one was sent. */
    logo: text(),
    status: shopRequestStatus().notNull().default('pending'),
    adminNote: text(),
    /** The shop created when the request was accepted. */
    shopId: integer(),
    ...timestamps,
  },
  (t) => [index('shop_create_requests_user_idx').on(t.userId)],
);
