import { and, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import nodemailer, { type Transporter } from 'nodemailer';
import { jsonValue } from '../../db/json-value';
import { mailOutbox } from './mail.tables';
import { REDACTED_BODY, SECRET_MAIL_KINDS } from './outbox.service';

/** A failed mail is retried by the sweeper until it has been tried this many times. */
export const MAX_MAIL_ATTEMPTS = 8;
/** How long mails to be only logged (no SMTP_URL) wait to be marked together. */
const LOG_BATCH_MS = 25;
/** A pending mail this old was left behind (its process stopped before sending): pick it up. */
const ORPHAN_AFTER_SECONDS = 120;
/**
 * A send that hangs is given up after these (nodemailer's own defaults allow 10 minutes of
 * silence on the socket)...
 */
const SEND_TIMEOUTS = { connectionTimeout: 30_000, greetingTimeout: 30_000, socketTimeout: 60_000 };
/** ...so a mail taken this long ago by a live process has had its answer: only a dead one leaves it. */
const CLAIM_SECONDS = 600;

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
  /**
   * Retry failed mails and pick up orphaned ones (never sent, or taken by a process that died
   * mid-send), until none is left or the process drains; returns how many were tried.
   */
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
 * `logged`.
 *
 * Any number of processes run this on one database (docs/decisions/042). A process takes a mail
 * before sending it, in one statement: it locks the row FOR UPDATE SKIP LOCKED (another process
 * taking it at the same moment skips it) and sets `claimed_until` CLAIM_SECONDS ahead (a process
 * looking later sees it taken). So two live processes never both send a mail. A process that
 * dies between taking a mail and recording the outcome leaves the claim to run out, and the
 * sweep sends the mail again then: at least once, not at most once. The other choice (never
 * retry a mail whose send may have started) would lose a password reset or an order
 * confirmation for good whenever a process is killed mid-send; a rare duplicate is the
 * cheaper failure, and a relay's answer always comes long before the claim runs out
 * (SEND_TIMEOUTS), so only a crash can cause it.
 */
export const mailerPlugin = fp(
  async (app: FastifyInstance) => {
    const { smtpUrl, mailFrom, mailSweepSeconds } = app.config;
    const transport: Transporter | null = smtpUrl
      ? nodemailer.createTransport({ url: smtpUrl, ...SEND_TIMEOUTS })
      : null;
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
    const { lifecycle } = app;

    /** Not sent yet, and nobody's to send right now (never taken, or the taker's claim ran out). */
    const free = and(
      inArray(mailOutbox.status, ['pending', 'failed']),
      or(isNull(mailOutbox.claimedUntil), lt(mailOutbox.claimedUntil, sql`now()`)),
    );
    /** What the sweep picks up: failed mails with tries left, and pending ones left behind. */
    const due = or(
      and(eq(mailOutbox.status, 'failed'), lt(mailOutbox.attempts, MAX_MAIL_ATTEMPTS)),
      and(
        eq(mailOutbox.status, 'pending'),
        lt(mailOutbox.createdAt, sql`now() - make_interval(secs => ${ORPHAN_AFTER_SECONDS})`),
      ),
    );

    /**
     * Takes one mail to send (one statement, so the lock and the claim commit together): the
     * mail `id`, or the oldest due one. Null when it is sent, taken by another process, or none is due.
     */
    async function claim(which: { id: number } | 'due') {
      const candidate = app.db
        .select({ id: mailOutbox.id })
        .from(mailOutbox)
        .where(and(which === 'due' ? due : eq(mailOutbox.id, which.id), free))
        .orderBy(mailOutbox.id)
        .limit(1)
        .for('update', { skipLocked: true });
      const [row] = await app.db
        .update(mailOutbox)
        .set({
          attempts: sql`${mailOutbox.attempts} + 1`,
          claimedUntil: sql`now() + make_interval(secs => ${CLAIM_SECONDS})`,
        })
        .where(inArray(mailOutbox.id, candidate))
        .returning();
      return row ?? null;
    }

    /** Stored headers as nodemailer takes them. */
    function headersOf(stored: unknown): Record<string, string> | undefined {
      const value = jsonValue(stored);
      return value && typeof value === 'object' ? (value as Record<string, string>) : undefined;
    }

    async function send(row: typeof mailOutbox.$inferSelect, smtp: Transporter): Promise<void> {
      try {
        await smtp.sendMail({
          from: mailFrom,
          to: row.to,
          subject: row.subject,
          text: row.text,
          html: row.html ?? undefined,
          headers: headersOf(row.headers),
        });
        await app.db
          .update(mailOutbox)
          .set({ status: 'sent', sentAt: sql`now()`, lastError: null, claimedUntil: null, ...redactedIfSecret })
          .where(eq(mailOutbox.id, row.id));
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        await app.db
          .update(mailOutbox)
          .set({ status: 'failed', lastError: message.slice(0, 500), claimedUntil: null })
          .where(eq(mailOutbox.id, row.id));
        app.log.warn({ mailId: row.id, kind: row.kind, err: message }, 'mail delivery failed; it stays in the outbox');
      }
    }

    async function deliver(ids: number[]): Promise<void> {
      if (ids.length === 0) return;
      if (!transport) {
        // Nothing to send: one statement marks them all, instead of a read and a write per mail.
        // Marking is the same whichever process does it, so no claim is needed.
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
      // The mails of a request that finished are sent even while draining (the shutdown waits
      // for them); a mail not reached in time stays pending for another process's sweep.
      for (const id of ids) {
        const row = await claim({ id });
        if (row) await send(row, transport);
      }
    }

    function track(work: Promise<unknown>): void {
      const done = work.then(
        () => undefined,
        (error) => app.log.error({ err: error }, 'mail delivery crashed'),
      );
      running.add(done);
      lifecycle.track('mail delivery', done);
      void done.finally(() => running.delete(done));
    }

    async function retryUndelivered(): Promise<number> {
      if (!transport) return 0;
      let tried = 0;
      // One mail at a time, each taken just before it is sent: the claim covers one send, and a
      // draining process stops between two mails, leaving the rest to the others.
      while (!lifecycle.draining) {
        const row = await claim('due');
        if (!row) break;
        await send(row, transport);
        tried++;
      }
      return tried;
    }

    if (mailSweepSeconds > 0) {
      let sweeping = false;
      const sweep = setInterval(() => {
        // One sweep at a time in a process: a slow relay must not pile sweeps up.
        if (sweeping) return;
        sweeping = true;
        track(retryUndelivered().finally(() => (sweeping = false)));
      }, mailSweepSeconds * 1000);
      sweep.unref();
      lifecycle.onDrain(() => clearInterval(sweep));
    }

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
      while (running.size > 0) await Promise.all([...running]);
      transport?.close();
    });
  },
  { name: 'mailer', dependencies: ['db', 'lifecycle'] },
);
