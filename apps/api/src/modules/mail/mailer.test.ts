import { type SmtpCapture, startSmtpCapture } from '@parade/test-support/smtp-capture';
import { eq, inArray, type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../maintenance/schema';
import { buildTestApp, type TestApp } from '../../test/build-test-app';

/**
 * Taking mails from the outbox (decision 042), on the run's database: a mail another process has
 * taken is left alone until its claim runs out; one whose taker died mid-send is sent again then
 * (at least once); two deliveries of the same mails at once send each once. Three real processes
 * on PostgreSQL: maintenance/rolling-restart.test.ts.
 */
let smtp: SmtpCapture;
let t: TestApp;
beforeAll(async () => {
  smtp = await startSmtpCapture();
  t = await buildTestApp({ env: { SMTP_URL: smtp.url, MAIL_SWEEP_SECONDS: '0' } });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

async function queue(
  subjects: string[],
  extra: { attempts?: number; createdAt?: SQL; claimedUntil?: SQL } = {},
): Promise<number[]> {
  const rows = await t.database.db
    .insert(mailOutbox)
    .values(
      subjects.map((subject) => ({ to: 'reader@example.test', subject, text: subject, kind: 'contact', ...extra })),
    )
    .returning({ id: mailOutbox.id });
  return rows.map((row) => row.id);
}

const received = (subject: string) => smtp.messages.filter((m) => m.subject === subject).length;

describe('the mail outbox with several senders', () => {
  it('sends each mail once when two deliveries of the same mails run at once', async () => {
    const subjects = Array.from({ length: 20 }, (_, i) => `Twice asked ${i}`);
    const ids = await queue(subjects);
    await Promise.all([t.app.mailer.deliver(ids), t.app.mailer.deliver([...ids].reverse())]);
    for (const subject of subjects) expect(received(subject)).toBe(1);
    const rows = await t.database.db.select().from(mailOutbox).where(inArray(mailOutbox.id, ids));
    expect(rows.map((r) => [r.status, r.attempts, r.claimedUntil])).toEqual(ids.map(() => ['sent', 1, null]));
  });

  it('leaves a mail another process is sending alone, and sends it once that claim has run out', async () => {
    const longAgo = sql`now() - interval '10 minutes'`;
    // Taken a moment ago by a live process (still pending while it sends): not this one's.
    const [taken] = await queue(['Being sent elsewhere'], {
      attempts: 1,
      createdAt: longAgo,
      claimedUntil: sql`now() + interval '5 minutes'`,
    });
    // Taken by a process that died mid-send: its claim ran out.
    const [orphan] = await queue(['Taker died'], {
      attempts: 1,
      createdAt: longAgo,
      claimedUntil: sql`now() - interval '1 second'`,
    });

    await t.app.mailer.deliver([taken!]);
    expect(await t.app.mailer.retryUndelivered()).toBe(1);
    expect(received('Being sent elsewhere')).toBe(0);
    expect(received('Taker died')).toBe(1);
    const [left] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.id, taken!));
    expect(left).toMatchObject({ status: 'pending', attempts: 1 });
    const [sent] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.id, orphan!));
    expect(sent).toMatchObject({ status: 'sent', attempts: 2, claimedUntil: null });
  });

  it('stops sweeping between two mails once the process drains', async () => {
    const local = await buildTestApp({ env: { SMTP_URL: smtp.url, MAIL_SWEEP_SECONDS: '0' } });
    try {
      await local.database.db.insert(mailOutbox).values(
        Array.from({ length: 3 }, (_, i) => ({
          to: 'reader@example.test',
          subject: `Left for another ${i}`,
          text: 'x',
          kind: 'contact',
          createdAt: sql`now() - interval '10 minutes'`,
        })),
      );
      local.app.lifecycle.drain();
      expect(await local.app.mailer.retryUndelivered()).toBe(0);
      const pending = await local.database.db.select().from(mailOutbox).where(eq(mailOutbox.status, 'pending'));
      expect(pending).toHaveLength(3);
    } finally {
      await local.close();
    }
  });
});
