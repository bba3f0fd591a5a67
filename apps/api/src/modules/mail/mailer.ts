import { and, eq, inArray, lt, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Db } from '../../db/client';
import { mailOutbox } from './mail.tables';
import { REDACTED_BODY, SECRET_MAIL_KINDS } from './outbox.service';

/** A failed mail is retried by the sweeper until it has been tried this many times. */
export const MAX_MAIL_ATTEMPTS = 8;
const SWEEP_INTERVAL_MS = 60_000;
/** How long mails to be only logged (no SMTP_URL) wait to be marked together. */
const LOG_BATCH_MS = 25;
/** A pending mail this old was left behind (its process stopped before sending): pick it up. */
const ORPHAN_AFTER_SECONDS = 120;

export interface Mailer {
  /** Deliver these outbox rows in the background; call after the transaction that wrote them commits. */
  deliverLater(ids: number[]): void;
  /**
   * Run `compose` in the background (it writes outbox rows in its own transaction and returns
   * their ids), then deliver them: for replies whose timing must not depend on whether a mail
   * is written at all.
   */
  composeLater(compose: () => Promise<number[]>): void;
  /** Deliver these outbox rows now (used by deliverLater and by tests). */
  deliver(ids: number[]): Promise<void>;
  /** Retry failed mails and pick up orphaned pending ones; returns how many were tried. */
  retryUndelivered(): Promise<number>;
  /** Resolves when no background delivery is running. */
  idle(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

/**
 * Delivers the mail outbox. Every mail is first written to `mail_outbox` in the transaction of
 * the change that caused it (see enqueueMail); this sends it afterwards over SMTP when SMTP_URL
 * is set, and records the outcome on the row: `sent`, or `failed` with the attempt count and
 * the error (a periodic sweep retries it). Without SMTP_URL the mail stays in the table, marked
 * `logged`. Several processes may run the sweep: a row is claimed by bumping `attempts` from
 * the value read, so only one process sends it.
 */
export const mailerPlugin = fp(
  async (app: FastifyInstance) => {
    const { smtpUrl, mailFrom } = app.config;
    const transport: Transporter | null = smtpUrl ? nodemailer.createTransport(smtpUrl) : null;
    // Set with the status: a secret-bearing mail's body is gone the moment it has left (outbox.service.ts).
    const secret = sql`${mailOutbox.kind} in (${sql.join(
      SECRET_MAIL_KINDS.map((kind) => sql`${kind}`),
      sql`, `,
    )})`;
    const redactedIfSecret = {
      text: sql`case when ${secret} then ${REDACTED_BODY} else ${mailOutbox.text} end`,
      html: sql`case when ${secret} then null else ${mailOutbox.html} end`,
    };
    const running = new Set<Promise<void>>();

    async function deliverOne(db: Db, id: number, smtp: Transporter): Promise<void> {
      const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
      if (!row || row.status === 'sent' || row.status === 'logged') return;
      const claimed = await db
        .update(mailOutbox)
        .set({ attempts: row.attempts + 1 })
        .where(
          and(
            eq(mailOutbox.id, id),
            eq(mailOutbox.attempts, row.attempts),
            inArray(mailOutbox.status, ['pending', 'failed']),
          ),
        )
        .returning({ id: mailOutbox.id });
      if (claimed.length === 0) return; // another process has it
      try {
        await smtp.sendMail({
          from: mailFrom,
          to: row.to,
          subject: row.subject,
          text: row.text,
          html: row.html ?? undefined,
        });
        await db
          .update(mailOutbox)
          .set({ status: 'sent', sentAt: sql`now()`, lastError: null, ...redactedIfSecret })
          .where(eq(mailOutbox.id, id));
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        await db
          .update(mailOutbox)
          .set({ status: 'failed', lastError: message.slice(0, 500) })
          .where(eq(mailOutbox.id, id));
        app.log.warn({ mailId: id, kind: row.kind, err: message }, 'mail delivery failed; it stays in the outbox');
      }
    }

    async function deliver(ids: number[]): Promise<void> {
      if (ids.length === 0) return;
      if (!transport) {
        // Nothing to send: one statement marks them all, instead of a read and a write per mail.
        const kept = await app.db
          .update(mailOutbox)
          .set({ status: 'logged', ...redactedIfSecret })
          .where(and(inArray(mailOutbox.id, ids), eq(mailOutbox.status, 'pending')))
          .returning({ id: mailOutbox.id, kind: mailOutbox.kind });
        for (const mail of kept) {
          app.log.info({ mailId: mail.id, kind: mail.kind }, 'mail kept in the outbox (SMTP_URL is not set)');
        }
        return;
      }
      for (const id of ids) await deliverOne(app.db, id, transport);
    }

    function track(work: Promise<unknown>): void {
      const done = work.then(
        () => undefined,
        (error) => app.log.error({ err: error }, 'mail delivery crashed'),
      );
      running.add(done);
      void done.finally(() => running.delete(done));
    }

    async function retryUndelivered(): Promise<number> {
      if (!transport) return 0;
      const rows = await app.db
        .select({ id: mailOutbox.id })
        .from(mailOutbox)
        .where(
          or(
            and(eq(mailOutbox.status, 'failed'), lt(mailOutbox.attempts, MAX_MAIL_ATTEMPTS)),
            and(
              eq(mailOutbox.status, 'pending'),
              lt(mailOutbox.createdAt, sql`now() - make_interval(secs => ${ORPHAN_AFTER_SECONDS})`),
            ),
          ),
        )
        .orderBy(mailOutbox.id)
        .limit(50);
      await deliver(rows.map((r) => r.id));
      return rows.length;
    }

    const sweep = setInterval(() => track(retryUndelivered()), SWEEP_INTERVAL_MS);
    sweep.unref();

    // Without a relay, delivering is one UPDATE that marks rows logged: the mails of checkouts
    // and sign-ups finishing within LOG_BATCH_MS of each other share it, instead of one each.
    let logBatch: number[] = [];
    function logLater(ids: number[]): void {
      if (logBatch.length === 0) {
        track(
          new Promise((resolve) => setTimeout(resolve, LOG_BATCH_MS)).then(() => {
            const batch = logBatch;
            logBatch = [];
            return deliver(batch);
          }),
        );
      }
      logBatch.push(...ids);
    }

    app.decorate('mailer', {
      deliverLater: (ids: number[]) => {
        if (ids.length === 0) return;
        if (transport) track(deliver(ids));
        else logLater(ids);
      },
      composeLater: (compose: () => Promise<number[]>) => track(compose().then(deliver)),
      deliver,
      retryUndelivered,
      idle: async () => {
        while (running.size > 0) await Promise.all([...running]);
      },
    } satisfies Mailer);

    app.addHook('onClose', async () => {
      clearInterval(sweep);
      while (running.size > 0) await Promise.all([...running]);
      transport?.close();
    });
  },
  { name: 'mailer', dependencies: ['db'] },
);
