import { outboxStatuses } from '@parade/core/enums';
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgEnum, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

export const outboxStatus = pgEnum('outbox_status', outboxStatuses);

/**
 * Every e-mail is written here first, in the same transaction as the change that caused it,
 * then delivered over SMTP when SMTP_URL is set. Nothing is lost if the relay is down.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serial().primaryKey(),
    to: text().notNull(),
    subject: text().notNull(),
    text: text().notNull(),
    html: text(),
    /** What the mail is for (password-reset, welcome, contact, order-placed...). */
    kind: text().notNull(),
    /** Extra headers (`List-Unsubscribe` and `List-Unsubscribe-Post` of the review prompts). */
    headers: jsonb().$type<Record<string, string>>(),
    status: outboxStatus().notNull().default('pending'),
    attempts: integer().notNull().default(0),
    /**
     * Set when a process takes the mail to send it: until then no other process takes it. A
     * process that dies mid-send leaves it set, and the mail is taken again once it has passed
     * (mailer.ts explains why that is the one case a mail may leave twice).
     */
    claimedUntil: timestamp({ withTimezone: true }),
    lastError: text(),
    sentAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  // Only the mails still to deliver, for the retry sweep: a few rows, however many were sent.
  // (An index on status over the whole table misled the planner into scanning every delivered
  // mail's entry when one checkout's mails were marked, right after a burst of checkouts.)
  (t) => [index('mail_outbox_undelivered_idx').on(t.id).where(sql`${t.status} in ('pending', 'failed')`)],
);
