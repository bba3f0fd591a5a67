import { type SmtpCapture, startSmtpCapture } from '@parade/test-support/smtp-capture';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, supportTickets, ticketMessages } from '../../maintenance/schema';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { signUpAs } from '../../test/manage-fixtures';
import { bearer, signUp } from '../../test/test-support';

let smtp: SmtpCapture;
let t: TestApp;
let admin: Awaited<ReturnType<typeof signUpAs>>;

function asAdmin(method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown) {
  return t.app.inject({
    method,
    url,
    headers: bearer(admin.token),
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });
}

/** A customer's ticket with their first message, written as the customer's calls will write it. */
async function openTicket(userId: number, subject: string, body = 'Please help.') {
  const [ticket] = await t.database.db.insert(supportTickets).values({ userId, subject }).returning();
  await t.database.db.insert(ticketMessages).values({ ticketId: ticket!.id, author: 'customer', userId, body });
  return ticket!;
}

const messagesOf = (ticketId: number) =>
  t.database.db.select().from(ticketMessages).where(eq(ticketMessages.ticketId, ticketId)).orderBy(ticketMessages.id);

type ListedTicket = { id: number; subject: string; status: string; customer: { email: string } };
const ids = (res: { json(): { data: { data: ListedTicket[] } } }) => res.json().data.data.map((r) => r.id);

beforeAll(async () => {
  smtp = await startSmtpCapture();
  t = await buildTestApp({ env: { SMTP_URL: smtp.url, PUBLIC_URL: 'https://parade.example' } });
  admin = await signUpAs(t.app, t.database, 'admin');
}, 60_000);
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

describe('GET admin/tickets', () => {
  it('lists every customer’s tickets newest first, filtered by status, searched by subject or e-mail', async () => {
    const ana = await signUp(t.app, { name: 'Ana Lopes', email: 'ana.tickets@example.test' });
    const ben = await signUp(t.app, { name: 'Ben Okafor', email: 'ben.tickets@example.test' });
    const late = await openTicket(ana.user.id, 'Parcel arrived late');
    const broken = await openTicket(ben.user.id, 'Broken jar of honey');
    const closed = await openTicket(ben.user.id, 'Wrong size of eggs');
    await t.database.db.update(supportTickets).set({ status: 'close' }).where(eq(supportTickets.id, closed.id));

    const all = await asAdmin('GET', '/api/admin/tickets');
    expect(all.statusCode, all.body).toBe(200);
    expect(ids(all).slice(0, 3)).toEqual([closed.id, broken.id, late.id]);
    const first = all.json().data.data.find((r: ListedTicket) => r.id === late.id);
    expect(first).toMatchObject({
      subject: 'Parcel arrived late',
      type: 'general',
      status: 'open',
      customer: { id: ana.user.id, name: 'Ana Lopes', email: 'ana.tickets@example.test' },
      order_id: null,
      message_count: 1,
      last_message: { author: 'customer' },
      // The contract's "ticket with messages": each row carries its conversation.
      messages: [{ author: 'customer', body: expect.any(String), id: expect.any(Number) }],
    });
    expect(all.json().data).toMatchObject({ current_page: 1, per_page: 20, total: 3 });

    const open = await asAdmin('GET', '/api/admin/tickets?status=open');
    expect(ids(open)).toEqual([broken.id, late.id]);
    const closedOnly = await asAdmin('GET', '/api/admin/tickets?status=close');
    expect(ids(closedOnly)).toEqual([closed.id]);

    expect(ids(await asAdmin('GET', '/api/admin/tickets?search=honey'))).toEqual([broken.id]);
    expect(ids(await asAdmin('GET', '/api/admin/tickets?search=BEN.TICKETS@'))).toEqual([closed.id, broken.id]);
    expect(ids(await asAdmin('GET', '/api/admin/tickets?search=Lopes'))).toEqual([late.id]);
    // LIKE's wildcards are matched as text.
    expect(ids(await asAdmin('GET', '/api/admin/tickets?search=%25'))).toEqual([]);

    const sorted = await asAdmin('GET', '/api/admin/tickets?sort=subject&per_page=2');
    expect(sorted.json().data.data.map((r: ListedTicket) => r.subject)).toEqual([
      'Broken jar of honey',
      'Parcel arrived late',
    ]);
    expect(sorted.json().data).toMatchObject({ total: 3, last_page: 2, per_page: 2 });

    const bad = await asAdmin('GET', '/api/admin/tickets?status=closed');
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toMatchObject({ status: false, code: 'validation_failed' });
    expect(bad.json().errors.status).toBeDefined();
  });
});

describe('GET admin/tickets/{id}', () => {
  it('answers the ticket with its conversation, oldest first, and 404 for an unknown one', async () => {
    const cara = await signUp(t.app);
    const ticket = await openTicket(cara.user.id, 'Allergy question', 'Do the oat biscuits contain nuts?');
    const res = await asAdmin('GET', `/api/admin/tickets/${ticket.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const { ticket: detail } = res.json().data;
    expect(detail).toMatchObject({ id: ticket.id, subject: 'Allergy question', status: 'open' });
    expect(detail.messages).toEqual([
      {
        id: expect.any(Number),
        body: 'Do the oat biscuits contain nuts?',
        author: 'customer',
        created_at: expect.any(String),
      },
    ]);

    const missing = await asAdmin('GET', '/api/admin/tickets/999999');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ status: false, code: 'ticket_not_found' });
  });
});

describe('POST admin/tickets/{id}/reply', () => {
  it('adds a staff message and mails it to the customer', async () => {
    const dev = await signUp(t.app, { name: 'Dev Patel' });
    const ticket = await openTicket(dev.user.id, 'Missing bread', 'My sourdough was not in the bag.');
    const res = await asAdmin('POST', `/api/admin/tickets/${ticket.id}/reply`, {
      body: '  Sorry about that: a new loaf is on its way.  ',
      author: 'customer',
      ticket_id: 1,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Reply sent.');
    const { ticket: detail } = res.json().data;
    expect(detail.messages.map((m: { author: string; body: string }) => [m.author, m.body])).toEqual([
      ['customer', 'My sourdough was not in the bag.'],
      ['staff', 'Sorry about that: a new loaf is on its way.'],
    ]);
    expect(detail).toMatchObject({ status: 'open', message_count: 2, last_message: { author: 'staff' } });

    // Stored as staff, by the admin who wrote it (unknown body fields are never written).
    const stored = await messagesOf(ticket.id);
    expect(stored.at(-1)).toMatchObject({ author: 'staff', userId: admin.user.id, ticketId: ticket.id });

    const mail = await smtp.waitFor((m) => m.to.includes(dev.email.toLowerCase()) && /Missing bread/.test(m.subject));
    expect(mail.subject).toBe(`Re: Missing bread [ticket #${ticket.id}]`);
    expect(mail.text).toContain('Sorry about that: a new loaf is on its way.');
    expect(mail.text).toContain(`https://parade.example/profile/ticket-details/${ticket.id}`);
    await t.app.mailer.idle();
    const rows = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, dev.email));
    expect(rows.filter((r) => r.kind === 'ticket-reply').map((r) => r.status)).toEqual(['sent']);
  });

  it('refuses an empty or missing body with field errors, and changes nothing', async () => {
    const eve = await signUp(t.app);
    const ticket = await openTicket(eve.user.id, 'Coupon question');
    const replyMails = async () =>
      (await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'ticket-reply'))).length;
    const outboxBefore = await replyMails();
    for (const payload of [{}, { body: '   ' }, { body: 42 }, { body: 'x'.repeat(5001) }]) {
      const res = await asAdmin('POST', `/api/admin/tickets/${ticket.id}/reply`, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      expect(res.json()).toMatchObject({ status: false, code: 'validation_failed' });
      expect(res.json().errors.body?.length).toBeGreaterThan(0);
    }
    expect(await messagesOf(ticket.id)).toHaveLength(1);
    expect(await replyMails()).toBe(outboxBefore);

    const missing = await asAdmin('POST', '/api/admin/tickets/999999/reply', { body: 'Hello?' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('ticket_not_found');
    expect(await replyMails()).toBe(outboxBefore);
  });
});

describe('PATCH admin/tickets/{id}', () => {
  it('moves a ticket between open, resolved and close, and refuses anything else', async () => {
    const fay = await signUp(t.app);
    const ticket = await openTicket(fay.user.id, 'Opening hours');
    for (const status of ['resolved', 'close', 'open'] as const) {
      const res = await asAdmin('PATCH', `/api/admin/tickets/${ticket.id}`, { status });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.ticket).toMatchObject({ id: ticket.id, status });
      const [row] = await t.database.db.select().from(supportTickets).where(eq(supportTickets.id, ticket.id));
      expect(row?.status).toBe(status);
    }

    for (const payload of [{}, { status: 'closed' }, { status: 'pending' }]) {
      const res = await asAdmin('PATCH', `/api/admin/tickets/${ticket.id}`, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      expect(res.json()).toMatchObject({ status: false, code: 'validation_failed' });
      expect(res.json().errors.status?.length).toBeGreaterThan(0);
    }
    const [row] = await t.database.db.select().from(supportTickets).where(eq(supportTickets.id, ticket.id));
    expect(row?.status).toBe('open');

    const missing = await asAdmin('PATCH', '/api/admin/tickets/999999', { status: 'close' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('ticket_not_found');
  });

  it('is for the platform only: a vendor and a customer get 403 and change nothing', async () => {
    const gus = await signUp(t.app);
    const ticket = await openTicket(gus.user.id, 'Gift wrapping');
    const vendor = await signUpAs(t.app, t.database, 'vendor');
    for (const token of [vendor.token, gus.token]) {
      const res = await t.app.inject({
        method: 'PATCH',
        url: `/api/admin/tickets/${ticket.id}`,
        headers: bearer(token),
        payload: { status: 'close' },
      });
      expect(res.statusCode).toBe(403);
    }
    const [row] = await t.database.db.select().from(supportTickets).where(eq(supportTickets.id, ticket.id));
    expect(row?.status).toBe('open');
  });
});
