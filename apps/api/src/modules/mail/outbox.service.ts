import type { DbOrTx } from '../../db/client';
import { mailOutbox } from './mail.tables';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** What the mail is for: password-reset, welcome, contact, order-placed... */
  kind: string;
  /** Extra headers: the review prompt's `List-Unsubscribe` and `List-Unsubscribe-Post` (RFC 8058). */
  headers?: Record<string, string>;
}

/**
 * Kinds of mail whose body holds a secret: a password reset link works for whoever reads it.
 * Once such a mail has left the outbox (sent, or kept as logged without a relay), its stored
 * body is replaced by REDACTED_BODY, so that reading the database (a backup, a replica, an
 * operator's query) gives no one a way into the account. Subject, recipient and delivery state
 * stay for the admin's outbox view.
 */
export const SECRET_MAIL_KINDS: readonly string[] = ['password-reset'];

/** What a secret-bearing mail's stored text becomes once it has left the outbox. */
export const REDACTED_BODY = '[This mail held a one-time link. Its text was removed from the outbox once it left.]';

/**
 * Writes a mail to the durable outbox. Call it inside the transaction of the change that
 * causes the mail, so the two commit or fail together; delivery happens afterwards.
 */
export async function enqueueMail(db: DbOrTx, mail: OutgoingMail): Promise<number> {
  const [id] = await enqueueMails(db, [mail]);
  return id!;
}

/** Writes several mails to the outbox in one statement; their ids come back in the order given. */
export async function enqueueMails(db: DbOrTx, mails: OutgoingMail[]): Promise<number[]> {
  if (mails.length === 0) return [];
  const rows = await db
    .insert(mailOutbox)
    .values(
      mails.map((mail) => ({
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html ?? null,
        kind: mail.kind,
        headers: mail.headers ?? null,
      })),
    )
    .returning({ id: mailOutbox.id });
  if (rows.length !== mails.length) throw new Error('The mail outbox insert returned too few rows');
  // Ids come from one sequence in VALUES order within a single INSERT; sorting makes that explicit.
  return rows.map((r) => r.id).sort((a, b) => a - b);
}
