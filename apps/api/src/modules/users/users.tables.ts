import { userRoles } from '@parade/core/enums';
import { sql } from 'drizzle-orm';
import { boolean, integer, pgEnum, pgTable, primaryKey, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestamps } from '../../db/columns';
import { shops } from '../shops/shops.tables';

export const userRole = pgEnum('user_role', userRoles);

export const users = pgTable(
  'users',
  {
    id: serial().primaryKey(),
    name: text().notNull(),
    /** Stored as typed; uniqueness and look-ups use lower(email). */
    email: text().notNull(),
    phone: text(),
    /** scrypt hash in the form `scrypt$N$r$p$salt$hash`; null for social-only accounts. */
    passwordHash: text(),
    role: userRole().notNull().default('customer'),
    avatar: text(),
    /** Set by the platform: a disabled account's tokens stop working and it cannot sign in. */
    disabled: boolean().notNull().default(false),
    ...timestamps,
  },
  (t) => [uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`)],
);

/** A customer or vendor account linked to a shop it runs (owner) or helps run (staff). */
export const shopStaff = pgTable(
  'shop_staff',
  {
    shopId: integer()
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text({ enum: ['owner', 'staff'] })
      .notNull()
      .default('owner'),
  },
  (t) => [primaryKey({ columns: [t.shopId, t.userId] })],
);
