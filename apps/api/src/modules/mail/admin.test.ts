import { type SmtpCapture, startSmtpCapture } from '@parade/test-support/smtp-capture';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../maintenance/schema';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { signUpAs } from '../../test/manage-fixtures';
import { bearer } from '../../test/test-support';
import { enqueueMail } from './outbox.service';

let smtp: SmtpCapture;
let t: TestApp;
let admin: string;

const asAdmin = (method: 'GET' | 'POST', url: string, app = t) =>
  app.app.inject({ method, url, headers: bearer(admin) });

type ListedMail = { id: number; to: string; subject: string; kind: string; status: string };
const idsOf = (res: { json(): { data: { data: ListedMail[] } } }) => res.json().data.data.map((m) => m.id);

/** A mail queued and delivered the way every workflow does it (the relay refusing it when told). */
async function sendMail(to: string, subject: string, kind: string, options: { refused?: boolean } = {}) {
  const id = await enqueueMail(t.database.db, { to, subject, kind, text: `Body of ${subject}` });
  smtp.refuse = options.refused ?? false;
  try {
    await t.app.mailer.deliver([id]);
  } finally {
    smtp.refuse = false;
  }
  return id;
}

const row = async (id: number) => (await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.id, id)))[0];

beforeAll(async () => {
  smtp = await startSmtpCapture();
  t = await buildTestApp({ env: { SMTP_URL: smtp.url } });
  admin = (await signUpAs(t.app, t.database, 'admin')).token;
  // The admin's own welcome mail is written in the background: let it settle before counting.
  await t.app.mailer.idle();
}, 60_000);
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

describe('GET admin/mail-outbox', () => {
  it('lists mails newest first, filtered by status, searched by recipient, subject or kind, without bodies', async () => {
    const sent = await sendMail('olive.outbox@example.test', 'Your order INV-2026-000001', 'order-placed');
    const failed = await sendMail('pip.outbox@example.test', 'Reset your Parade password', 'password-reset', {
      refused: true,
    });
    const pending = await enqueueMail(t.database.db, {
      to: 'quinn.outbox@example.test',
      subject: 'Welcome to Parade',
      kind: 'welcome',
      text: 'Hello',
    });

    const all = await asAdmin('GET', '/api/admin/mail-outbox');
    expect(all.statusCode, all.body).toBe(200);
    expect(idsOf(all).slice(0, 3)).toEqual([pending, failed, sent]);
    const failedRow = all.json().data.data.find((m: ListedMail) => m.id === failed);
    expect(failedRow).toEqual({
      id: failed,
      to: 'pip.outbox@example.test',
      subject: 'Reset your Parade password',
      kind: 'password-reset',
      status: 'failed',
      attempts: 1,
      last_error: expect.stringMatching(/550|unavailable/i),
      sent_at: null,
      created_at: expect.any(String),
    });
    // A mail's body (a reset link, say) never leaves the server through this list.
    expect(all.body).not.toContain('Body of');
    expect(all.json().data.data.find((m: ListedMail) => m.id === sent)).toMatchObject({
      status: 'sent',
      sent_at: expect.any(String),
    });

    const ours = [sent, failed, pending];
    const only = async (query: string) => idsOf(await asAdmin('GET', `/api/admin/mail-outbox?${query}`));
    expect((await only('status=failed')).filter((id) => ours.includes(id))).toEqual([failed]);
    expect((await only('status=pending')).filter((id) => ours.includes(id))).toEqual([pending]);
    expect((await only('status=sent')).filter((id) => ours.includes(id))).toEqual([sent]);
    expect(await only('search=PIP.OUTBOX')).toEqual([failed]);
    expect(await only('search=INV-2026-000001')).toEqual([sent]);
    expect((await only('search=password-reset')).filter((id) => ours.includes(id))).toEqual([failed]);
    expect(await only('search=nobody.at.all')).toEqual([]);

    const page = await asAdmin('GET', '/api/admin/mail-outbox?search=.outbox%40&sort=to&per_page=2');
    expect(page.json().data.data.map((m: ListedMail) => m.to)).toEqual([
      'olive.outbox@example.test',
      'pip.outbox@example.test',
    ]);
    expect(page.json().data).toMatchObject({ total: 3, last_page: 2 });

    for (const query of ['status=bounced', 'per_page=500', 'sort=body']) {
      const bad = await asAdmin('GET', `/api/admin/mail-outbox?${query}`);
      expect(bad.statusCode, query).toBe(422);
      expect(bad.json()).toMatchObject({ status: false, code: 'validation_failed' });
    }
  });
});

describe('POST admin/mail-outbox/{id}/retry', () => {
  it('delivers a failed mail through the relay and answers the row', async () => {
    const id = await sendMail(
      'rory.retry@example.test',
      'Your shop request for Rory’s Roses',
      'shop-request-rejected',
      {
        refused: true,
      },
    );
    expect(await row(id)).toMatchObject({ status: 'failed', attempts: 1 });

    const res = await asAdmin('POST', `/api/admin/mail-outbox/${id}/retry`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: true,
      message: 'Mail sent.',
      data: { mail: { id, status: 'sent', attempts: 2, last_error: null, sent_at: expect.any(String) } },
    });
    await smtp.waitFor((m) => m.to.includes('rory.retry@example.test'));
    expect(await row(id)).toMatchObject({ status: 'sent', attempts: 2 });

    // Sent is final: a second retry is refused and sends nothing more.
    const again = await asAdmin('POST', `/api/admin/mail-outbox/${id}/retry`);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ status: false, code: 'mail_not_retryable' });
    expect(smtp.messages.filter((m) => m.to.includes('rory.retry@example.test'))).toHaveLength(1);
  });

  it('answers the new error when the relay refuses again', async () => {
    const id = await sendMail('sam.retry@example.test', 'Welcome to Parade', 'welcome', { refused: true });
    smtp.refuse = true;
    try {
      const res = await asAdmin('POST', `/api/admin/mail-outbox/${id}/retry`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().message).toMatch(/^The relay refused it again: /);
      expect(res.json().data.mail).toMatchObject({ id, status: 'failed', attempts: 2 });
    } finally {
      smtp.refuse = false;
    }
  });

  it('refuses a mail that has not failed, and an unknown one, changing nothing', async () => {
    const pending = await enqueueMail(t.database.db, {
      to: 'tia@example.test',
      subject: 'Hi',
      kind: 'welcome',
      text: 'x',
    });
    const res = await asAdmin('POST', `/api/admin/mail-outbox/${pending}/retry`);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ status: false, code: 'mail_not_retryable' });
    expect(res.json().message).toMatch(/pending/);
    expect(await row(pending)).toMatchObject({ status: 'pending', attempts: 0 });

    const missing = await asAdmin('POST', '/api/admin/mail-outbox/999999/retry');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('mail_not_found');
    const bad = await asAdmin('POST', '/api/admin/mail-outbox/abc/retry');
    expect(bad.statusCode).toBe(422);
  });

  it('without a relay (no SMTP_URL) says so instead of pretending to send', async () => {
    const local = await buildTestApp();
    try {
      const localAdmin = await signUpAs(local.app, local.database, 'admin');
      const id = await enqueueMail(local.database.db, {
        to: 'uma@example.test',
        subject: 'Hi',
        kind: 'welcome',
        text: 'x',
      });
      // A mail that failed while a relay was configured, before it was taken away.
      await local.database.db
        .update(mailOutbox)
        .set({ status: 'failed', attempts: 3, lastError: '421 try later' })
        .where(inArray(mailOutbox.id, [id]));
      const res = await local.app.inject({
        method: 'POST',
        url: `/api/admin/mail-outbox/${id}/retry`,
        headers: bearer(localAdmin.token),
      });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ code: 'mail_not_retryable', message: expect.stringMatching(/SMTP_URL/) });
      const [after] = await local.database.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
      expect(after).toMatchObject({ status: 'failed', attempts: 3 });
    } finally {
      await local.close();
    }
  });
});
