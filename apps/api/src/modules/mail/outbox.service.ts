import type { DbOrTx } from '../../db/client';
import { mailOutbox } from './mail.tables';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** What the mail is for: password-reset, welcome, contact, order-placed... */
  kind: string;
}

/**
 * Writes a mail to the durable outbox. Call it inside the transaction of the change that
 * causes the mail, so the two commit or fail together; delivery happens afterwards.
 */
export async function enqueueMail(db: DbOrTx, mail: OutgoingMail): Promise<number> {
  const [row] = await db
    .insert(mailOutbox)
    .values({ to: mail.to, subject: mail.subject, text: mail.text, html: mail.html ?? null, kind: mail.kind })
    .returning({ id: mailOutbox.id });
  if (!row) throw new Error('The mail outbox insert returned no row');
  return row.id;
}
