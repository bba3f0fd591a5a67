import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../users/users.tables';

/** Opaque bearer tokens: only a SHA-256 hash of the token is kept. */
export const authTokens = pgTable(
  'auth_tokens',
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    revokedAt: timestamp({ withTimezone: true }),
    lastUsedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('auth_tokens_hash_idx').on(t.tokenHash), index('auth_tokens_user_idx').on(t.userId)],
);

/** Password reset tokens: single use, stored hashed, short-lived. */
export const passwordResets = pgTable(
  'password_resets',
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('password_resets_hash_idx').on(t.tokenHash)],
);

/** Accounts at an OpenID Connect provider linked to a local user. */
export const socialAccounts = pgTable(
  'social_accounts',
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text().notNull(),
    subject: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('social_accounts_provider_subject_idx').on(t.provider, t.subject)],
);

/**
 * Fixed-window counters for rate limits (login, forgot). Kept in the database so that
 * several API processes share them. The same rows also keep an account's slow-down turn and
 * the addresses its owner used (rate-limit.ts): each a key whose row ends at `windowEndsAt`.
 */
export const rateLimitHits = pgTable('rate_limit_hits', {
  key: text().primaryKey(),
  count: integer().notNull().default(0),
  windowEndsAt: timestamp({ withTimezone: true }).notNull(),
});
