import { ticketStatuses } from '@parade/core/enums';
import { index, integer, pgEnum, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { timestamps } from '../../db/columns';
import { orderItems, orders } from '../orders/orders.tables';
import { users } from '../users/users.tables';

export const ticketStatus = pgEnum('ticket_status', ticketStatuses);

/** Support tickets; an order issue is a ticket linked to an order (and optionally a line). */
export const supportTickets = pgTable(
  'support_tickets',
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    orderId: integer().references(() => orders.id, { onDelete: 'set null' }),
    orderItemId: integer().references(() => orderItems.id, { onDelete: 'set null' }),
    /** general, or for an order issue: missing, damaged, wrong_item, late, other */
    type: text().notNull().default('general'),
    subject: text().notNull(),
    status: ticketStatus().notNull().default('open'),
    ...timestamps,
  },
  (t) => [
    index('support_tickets_user_idx').on(t.userId),
    // A shop's vendor sees the tickets about its orders.
    index('support_tickets_order_idx').on(t.orderId),
  ],
);

export const ticketMessages = pgTable(
  'ticket_messages',
  {
    id: serial().primaryKey(),
    ticketId: integer()
      .notNull()
      .references(() => supportTickets.id, { onDelete: 'cascade' }),
    author: text({ enum: ['customer', 'staff'] }).notNull(),
    userId: integer().references(() => users.id, { onDelete: 'set null' }),
    body: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('ticket_messages_ticket_idx').on(t.ticketId)],
);
