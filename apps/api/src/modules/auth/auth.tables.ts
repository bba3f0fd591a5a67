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
    /** The browser's User-Agent at sign-in (cut to 400 characters), for the sessions list. */
    userAgent: text(),
    /** The client address at sign-in. */
    ip: text(),
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

/**
 * Two-factor sign-in (TOTP, RFC 6238) of an account: the secret encrypted with the server's
 * two-factor key (AES-256-GCM, bound to the user id). `enabledAt` null = set up but not yet
 * confirmed with a code. `lastStep` is the last 30 s step whose code was accepted: a code is
 * good once (RFC 6238 section 5.2).
 */
export const twoFactorSecrets = pgTable('two_factor_secrets', {
  userId: integer()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secretEncrypted: text().notNull(),
  enabledAt: timestamp({ withTimezone: true }),
  lastStep: integer(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** One-use recovery codes, stored as an HMAC under the two-factor key. */
export const twoFactorRecoveryCodes = pgTable(
  'two_factor_recovery_codes',
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text().notNull(),
    usedAt: timestamp({ withTimezone: true }),
  },
  (t) => [uniqueIndex('two_factor_recovery_codes_hash_idx').on(t.userId, t.codeHash)],
);

/**
 * A sign-in whose password was right, waiting for its second factor: the challenge handed to
 * the client is stored as its SHA-256. Ends on success, after 5 wrong codes, or when it expires.
 */
export const twoFactorChallenges = pgTable(
  'two_factor_challenges',
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text().notNull(),
    failures: integer().notNull().default(0),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('two_factor_challenges_hash_idx').on(t.tokenHash)],
);

/**
 * What happened to an account (sign-ins, failures, password and two-factor changes, sessions
 * ended, payout details): the owner sees theirs, the admin searches all. `email` is the account's
 * address when it happened. Kept SECURITY_EVENT_RETENTION_DAYS (a year), then pruned.
 */
export const securityEvents = pgTable(
  'security_events',
  {
    id: serial().primaryKey(),
    userId: integer().references(() => users.id, { onDelete: 'cascade' }),
    email: text(),
    kind: text().notNull(),
    ip: text(),
    userAgent: text(),
    detail: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('security_events_user_idx').on(t.userId, t.createdAt),
    index('security_events_created_idx').on(t.createdAt),
  ],
);
