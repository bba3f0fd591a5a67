import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../users/users.tables';

/**
 * One browser on one device that agreed to receive our pushes (docs/decisions/027): where to
 * send (the push service's endpoint, unique: a device is one user's at a time) and the keys to
 * encrypt for it. Deleted when its user asks, when the push service answers 404 or 410 (the
 * browser dropped it), or with the user.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text().notNull(),
    /** The browser's P-256 public key, base64url (65 bytes). */
    p256dh: text().notNull(),
    /** The browser's authentication secret, base64url (16 bytes). */
    auth: text().notNull(),
    /** When the browser last (re-)registered it: past the per-user limit, the oldest goes. */
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** The last push its service accepted; null = none yet. */
    lastSentAt: timestamp({ withTimezone: true }),
    /** The last refusal or failure other than 404/410 (those delete the row), for whoever looks into it. */
    lastError: text(),
  },
  (t) => [
    uniqueIndex('push_subscriptions_endpoint_idx').on(t.endpoint),
    index('push_subscriptions_user_idx').on(t.userId),
  ],
);
