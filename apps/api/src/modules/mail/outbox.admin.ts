import type { AdminMail } from '@parade/core/admin-schemas';
import type { OutboxStatus } from '@parade/core/enums';
import { type Paginated, paginate } from '@parade/core/envelope';
import { and, asc, desc, eq, type SQLWrapper, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { AppError, notFound } from '../../lib/errors';
import { ilikeAny } from '../../lib/text-match';
import { mailOutbox } from './mail.tables';
import type { Mailer } from './mailer';

/**
 * The platform's view of the mail outbox: what was sent to whom and how delivery went, and a
 * retry for a mail the relay refused. The mail's body is never read here (see AdminMail).
 */

const columns = {
  id: mailOutbox.id,
  to: mailOutbox.to,
  subject: mailOutbox.subject,
  kind: mailOutbox.kind,
  status: mailOutbox.status,
  attempts: mailOutbox.attempts,
  lastError: mailOutbox.lastError,
  sentAt: mailOutbox.sentAt,
  createdAt: mailOutbox.createdAt,
};

type MailRow = Pick<
  typeof mailOutbox.$inferSelect,
  'id' | 'to' | 'subject' | 'kind' | 'status' | 'attempts' | 'lastError' | 'sentAt' | 'createdAt'
>;

const toAdminMail = (row: MailRow): AdminMail => ({
  id: row.id,
  to: row.to,
  subject: row.subject,
  kind: row.kind,
  status: row.status,
  attempts: row.attempts,
  last_error: row.lastError,
  sent_at: row.sentAt?.toISOString() ?? null,
  created_at: row.createdAt.toISOString(),
});

const mailSorts: Record<'created_at' | 'to' | 'kind', SQLWrapper> = {
  created_at: mailOutbox.createdAt,
  to: mailOutbox.to,
  kind: mailOutbox.kind,
};

/** GET admin/mail-outbox: newest first unless sorted; `search` matches the recipient, subject and kind. */
export async function listOutbox(
  db: DbOrTx,
  query: {
    page: number;
    perPage: number;
    status?: OutboxStatus;
    search?: string;
    sort?: { key: keyof typeof mailSorts; desc: boolean };
  },
): Promise<Paginated<AdminMail>> {
  const where = [
    query.status ? eq(mailOutbox.status, query.status) : undefined,
    ilikeAny(query.search, mailOutbox.to, mailOutbox.subject, mailOutbox.kind),
  ];
  const direction = query.sort && !query.sort.desc ? asc : desc;
  const [rows, [counted]] = await Promise.all([
    db
      .select(columns)
      .from(mailOutbox)
      .where(and(...where))
      .orderBy(direction(mailSorts[query.sort?.key ?? 'created_at']), direction(mailOutbox.id))
      .limit(query.perPage)
      .offset((query.page - 1) * query.perPage),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(mailOutbox)
      .where(and(...where)),
  ]);
  return paginate(rows.map(toAdminMail), Number(counted?.total ?? 0), query.page, query.perPage);
}

/** One outbox row as the platform sees it, or null. */
export async function findOutboxMail(db: DbOrTx, id: number): Promise<AdminMail | null> {
  const [row] = await db.select(columns).from(mailOutbox).where(eq(mailOutbox.id, id));
  return row ? toAdminMail(row) : null;
}

/**
 * POST admin/mail-outbox/{id}/retry: tries a failed mail once more now, through the mailer
 * (which claims the row, so a sweep running at the same moment does not send it twice), and
 * answers the row as it stands afterwards: `sent`, or `failed` with the relay's new error.
 * Only a failed mail can be retried, and only while a relay is configured.
 */
export async function retryFailedMail(
  db: DbOrTx,
  mailer: Pick<Mailer, 'deliver'>,
  id: number,
  relayConfigured: boolean,
): Promise<AdminMail> {
  const mail = await findOutboxMail(db, id);
  if (!mail) throw notFound('No such mail.', 'mail_not_found');
  if (mail.status !== 'failed') {
    throw new AppError(
      409,
      `This mail is ${mail.status}: only a failed mail can be retried.`,
      {},
      'mail_not_retryable',
    );
  }
  if (!relayConfigured) {
    throw new AppError(
      409,
      'No mail relay is configured (SMTP_URL), so the mail cannot be sent.',
      {},
      'mail_not_retryable',
    );
  }
  await mailer.deliver([id]);
  const after = await findOutboxMail(db, id);
  if (!after) throw notFound('No such mail.', 'mail_not_found');
  return after;
}
