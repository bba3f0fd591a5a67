import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, rateLimitHits, supportTickets } from '../../maintenance/schema';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { makeShop } from '../../test/manage-fixtures';
import { signUp } from '../../test/test-support';
import { ticketFixtures } from '../../test/ticket-fixtures';
import { ticketRateLimits } from './user.routes';

/** The customer's own support tickets and order issues: /api/user/support-ticket... and /api/user/order-issue. */
let t: TestApp;
const f = ticketFixtures(() => t);
const SITE_EMAIL = 'help@parade.example';

const ticketKeys = [
  'created_at',
  'id',
  'last_message',
  'message_count',
  'order_id',
  'order_item_id',
  'status',
  'subject',
  'type',
  'updated_at',
];

beforeAll(async () => {
  t = await buildTestApp({ env: { PUBLIC_URL: 'https://parade.example' } });
  await f.setSiteEmail(SITE_EMAIL);
}, 60_000);
afterAll(async () => t?.close());

type Listed = { id: number; subject: string; status: string };

/** As if a minute had passed for this customer's per-minute ticket counters. */
async function minutePasses(userId: number) {
  await t.database.db
    .delete(rateLimitHits)
    .where(inArray(rateLimitHits.key, [`tickets:new:minute:user:${userId}`, `tickets:message:minute:user:${userId}`]));
}

describe('limits per customer (issue 22: 20 parallel requests made 400 tickets in 3 s)', () => {
  it('takes at most 10 new tickets and order issues a minute, 50 a day, answering 429 with Retry-After', async () => {
    const dana = await signUp(t.app);
    const outboxBefore = await outboxCount();
    const replies = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        f.call(dana.token, 'POST', '/api/user/support-ticket', { subject: `Flood ${i}`, message: 'Again.' }),
      ),
    );
    const statuses = replies.map((r) => r.statusCode).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(ticketRateLimits.newPerMinute.max);
    expect(statuses.filter((s) => s === 429)).toHaveLength(20 - ticketRateLimits.newPerMinute.max);
    const refused = replies.find((r) => r.statusCode === 429)!;
    expect(refused.json()).toMatchObject({ status: false, code: 'rate_limited' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await ticketCount(dana.user.id)).toBe(10);
    expect((await outboxCount()) - outboxBefore).toBe(10);
    // An order issue counts with them.
    const issue = await f.call(dana.token, 'POST', '/api/user/order-issue', {
      order_id: 1,
      type: 'late',
      message: 'x',
    });
    expect(issue.statusCode).toBe(429);

    // Over a day: 50, whatever the minutes.
    for (let made = 10; made < ticketRateLimits.newPerDay.max; made += 1) {
      if (made % 10 === 0) await minutePasses(dana.user.id);
      const res = await f.call(dana.token, 'POST', '/api/user/support-ticket', {
        subject: `Day ${made}`,
        message: 'Hi.',
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    await minutePasses(dana.user.id);
    const overDay = await f.call(dana.token, 'POST', '/api/user/support-ticket', {
      subject: 'One more',
      message: 'Hi.',
    });
    expect(overDay.statusCode).toBe(429);
    expect(Number(overDay.headers['retry-after'])).toBeGreaterThan(60);
    expect(await ticketCount(dana.user.id)).toBe(50);
  });

  it('takes at most 20 messages a minute on tickets', async () => {
    const ed = await signUp(t.app);
    const opened = await f.call(ed.token, 'POST', '/api/user/support-ticket', { subject: 'Chatty', message: 'Hello.' });
    const id = opened.json().data.ticket.id;
    const replies = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        f.call(ed.token, 'POST', `/api/user/support-ticket/${id}/send-message`, { body: `Line ${i}` }),
      ),
    );
    expect(replies.filter((r) => r.statusCode === 200)).toHaveLength(ticketRateLimits.messagesPerMinute.max);
    expect(replies.filter((r) => r.statusCode === 429)).toHaveLength(30 - ticketRateLimits.messagesPerMinute.max);
  });
});

async function ticketCount(userId: number): Promise<number> {
  return (await t.database.db.select().from(supportTickets).where(eq(supportTickets.userId, userId))).length;
}

async function outboxCount(): Promise<number> {
  return (await t.database.db.select({ id: mailOutbox.id }).from(mailOutbox)).length;
}

describe('POST user/support-ticket, GET user/support-ticket and GET user/support-ticket/{id}', () => {
  it('opens a question with its first message, mails the site address, and shows it to its customer only', async () => {
    const ana = await signUp(t.app, { name: 'Ana Lopes' });
    const res = await f.call(ana.token, 'POST', '/api/user/support-ticket', {
      subject: '  Gift cards?  ',
      message: 'Do any shops on the parade sell gift cards?',
      // Never read from the body: the status, the type and the owner are the server's.
      status: 'resolved',
      type: 'damaged',
      user_id: 1,
    });
    expect(res.statusCode, res.body).toBe(201);
    const { ticket } = res.json().data;
    expect(ticket).toMatchObject({
      subject: 'Gift cards?',
      type: 'general',
      status: 'open',
      order_id: null,
      order_item_id: null,
      message_count: 1,
      last_message: { author: 'customer' },
    });
    // The customer's shape: no customer block, no staff, nothing the platform's view adds.
    expect(Object.keys(ticket).sort()).toEqual([...ticketKeys, 'messages'].sort());
    expect(ticket.messages).toEqual([
      {
        id: expect.any(Number),
        body: 'Do any shops on the parade sell gift cards?',
        author: 'customer',
        from: null,
        created_at: expect.any(String),
      },
    ]);
    expect(await f.ticketRow(ticket.id)).toMatchObject({ userId: ana.user.id, status: 'open', type: 'general' });

    // Nobody's shop: the platform hears of it at the site's address, with a link to its queue.
    const [notice] = (await f.mailsTo(SITE_EMAIL)).filter((m) => m.subject.includes(`#${ticket.id}]`));
    expect(notice).toMatchObject({ kind: 'ticket-opened', subject: `New ticket: Gift cards? [ticket #${ticket.id}]` });
    expect(notice?.text).toContain('Ana Lopes opened support ticket');
    expect(notice?.text).toContain(`https://parade.example/admin/platform/tickets/${ticket.id}`);

    const read = await f.call(ana.token, 'GET', `/api/user/support-ticket/${ticket.id}`);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json().data.ticket).toEqual(ticket);

    const list = await f.call(ana.token, 'GET', '/api/user/support-ticket');
    expect(list.json().data).toMatchObject({ current_page: 1, last_page: 1, per_page: 10, total: 1 });
    expect(Object.keys(list.json().data.data[0]).sort()).toEqual([...ticketKeys, 'messages'].sort());

    // Another customer sees none of it.
    const ben = await signUp(t.app);
    expect((await f.call(ben.token, 'GET', '/api/user/support-ticket')).json().data).toMatchObject({
      data: [],
      total: 0,
    });
  });

  it('pages the caller’s tickets by ten, newest first, and filters them by status', async () => {
    const cara = await signUp(t.app);
    const ids: number[] = [];
    for (let i = 1; i <= 12; i += 1) {
      // Ten new tickets a minute at most (ticketRateLimits): let the minute pass for the last two.
      if (i === 11) await minutePasses(cara.user.id);
      const res = await f.call(cara.token, 'POST', '/api/user/support-ticket', {
        subject: `Question ${i}`,
        message: `Question number ${i}.`,
      });
      expect(res.statusCode, res.body).toBe(201);
      ids.push(res.json().data.ticket.id);
    }
    const newestFirst = [...ids].reverse();
    const first = await f.call(cara.token, 'GET', '/api/user/support-ticket');
    expect(first.json().data).toMatchObject({ current_page: 1, last_page: 2, per_page: 10, total: 12 });
    expect(first.json().data.data.map((r: Listed) => r.id)).toEqual(newestFirst.slice(0, 10));
    // Each ticket of the list comes with its messages, as the contract's "tickets with messages".
    expect(first.json().data.data[0].messages).toEqual([
      expect.objectContaining({ body: 'Question number 12.', author: 'customer', from: null }),
    ]);
    const second = await f.call(cara.token, 'GET', '/api/user/support-ticket?page=2');
    expect(second.json().data.data.map((r: Listed) => r.id)).toEqual(newestFirst.slice(10));

    await f.call(cara.token, 'PATCH', `/api/user/support-ticket/${ids[0]}`, { status: 'close' });
    const closed = await f.call(cara.token, 'GET', '/api/user/support-ticket?status=close');
    expect(closed.json().data.data.map((r: Listed) => r.id)).toEqual([ids[0]]);
    const open = await f.call(cara.token, 'GET', '/api/user/support-ticket?status=open');
    expect(open.json().data.total).toBe(11);

    for (const query of ['status=closed', 'page=0', 'page=x']) {
      const bad = await f.call(cara.token, 'GET', `/api/user/support-ticket?${query}`);
      expect(bad.statusCode, query).toBe(422);
      expect(bad.json().code).toBe('validation_failed');
    }
  });

  it('links a ticket to one of the caller’s orders and tells that order’s shop; another customer’s order is 404', async () => {
    const dev = await signUp(t.app, { name: 'Dev Patel' });
    const eve = await signUp(t.app);
    const shop = await makeShop(t.database);
    await f.setShopEmail(shop.id, 'orders@green-barrow.example');
    const devOrder = await f.makeOrder(dev.user.id, shop.id);
    const eveOrder = await f.makeOrder(eve.user.id, shop.id);

    const res = await f.call(dev.token, 'POST', '/api/user/support-ticket', {
      subject: 'Change my collection time',
      message: 'Can I collect after 6pm instead?',
      order_id: devOrder.id,
    });
    expect(res.statusCode, res.body).toBe(201);
    const { ticket } = res.json().data;
    expect(ticket).toMatchObject({ order_id: devOrder.id, order_item_id: null, type: 'general' });
    const [notice] = await f.mailsTo('orders@green-barrow.example');
    expect(notice).toMatchObject({ kind: 'ticket-opened' });
    expect(notice?.text).toContain(`https://parade.example/admin/vendor/tickets/${ticket.id}`);
    expect(notice?.text).toContain('Can I collect after 6pm instead?');

    const tickets = await f.ticketCount();
    const mails = await f.mailCount();
    for (const orderId of [eveOrder.id, 999_999]) {
      const refused = await f.call(dev.token, 'POST', '/api/user/support-ticket', {
        subject: 'Not mine',
        message: 'Whose order is this?',
        order_id: orderId,
      });
      expect(refused.statusCode).toBe(404);
      expect(refused.json()).toMatchObject({ status: false, code: 'order_not_found' });
      expect(refused.json().errors.order_id).toHaveLength(1);
    }
    expect(await f.ticketCount()).toBe(tickets);
    expect(await f.mailCount()).toBe(mails);
  });

  it('refuses bad bodies with field errors and stores nothing', async () => {
    const fay = await signUp(t.app);
    const created = await f.call(fay.token, 'POST', '/api/user/support-ticket', { subject: 'Hours', message: 'Open?' });
    const id = created.json().data.ticket.id;
    const before = { tickets: await f.ticketCount(), messages: await f.messageCount(), mails: await f.mailCount() };
    const cases: [string, string, unknown, string][] = [
      ['POST', '/api/user/support-ticket', {}, 'subject'],
      ['POST', '/api/user/support-ticket', { subject: 'Hi', message: 'Too short a subject.' }, 'subject'],
      ['POST', '/api/user/support-ticket', { subject: 'x'.repeat(151), message: 'Long.' }, 'subject'],
      ['POST', '/api/user/support-ticket', { subject: 'Empty', message: '   ' }, 'message'],
      ['POST', '/api/user/support-ticket', { subject: 'Huge', message: 'x'.repeat(5001) }, 'message'],
      ['POST', '/api/user/support-ticket', { subject: 'Order', message: 'Hi', order_id: 'abc' }, 'order_id'],
      ['POST', `/api/user/support-ticket/${id}/send-message`, { body: ' ' }, 'body'],
      ['POST', `/api/user/support-ticket/${id}/send-message`, { message: 'wrong key' }, 'body'],
      ['PATCH', `/api/user/support-ticket/${id}`, { status: 'resolved' }, 'status'],
      ['PATCH', `/api/user/support-ticket/${id}`, { status: 'closed' }, 'status'],
      ['POST', '/api/user/order-issue', { type: 'damaged', message: 'Broken.' }, 'order_id'],
      ['POST', '/api/user/order-issue', { order_id: 1, type: 'broken', message: 'Broken.' }, 'type'],
      ['POST', '/api/user/order-issue', { order_id: 1, type: 'late', message: '' }, 'message'],
    ];
    for (const [method, url, payload, field] of cases) {
      const res = await f.call(fay.token, method as 'POST', url, payload);
      expect(res.statusCode, `${method} ${url} ${JSON.stringify(payload)}`).toBe(422);
      expect(res.json()).toMatchObject({ status: false, code: 'validation_failed' });
      expect(res.json().errors[field]?.length, `${url} ${field}`).toBeGreaterThan(0);
    }
    expect({ tickets: await f.ticketCount(), messages: await f.messageCount(), mails: await f.mailCount() }).toEqual(
      before,
    );
    expect((await f.ticketRow(id))?.status).toBe('open');
  });

  it('needs a signed-in customer for every call', async () => {
    for (const [method, url] of [
      ['GET', '/api/user/support-ticket'],
      ['GET', '/api/user/support-ticket/1'],
      ['POST', '/api/user/support-ticket'],
      ['POST', '/api/user/support-ticket/1/send-message'],
      ['PATCH', '/api/user/support-ticket/1'],
      ['POST', '/api/user/order-issue'],
    ] as const) {
      const res = await f.call(null, method, url, method === 'GET' ? undefined : {});
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.json().code).toBe('unauthenticated');
    }
  });
});

describe('another customer’s ticket', () => {
  it('answers 404 to read, write on and close, exactly as a missing one, and changes nothing', async () => {
    const gus = await signUp(t.app);
    const hana = await signUp(t.app);
    const created = await f.call(gus.token, 'POST', '/api/user/support-ticket', {
      subject: 'Delivery slot',
      message: 'Can you deliver on Saturday?',
    });
    const id = created.json().data.ticket.id;
    const mails = await f.mailCount();
    for (const ticketId of [id, 999_999]) {
      const read = await f.call(hana.token, 'GET', `/api/user/support-ticket/${ticketId}`);
      const write = await f.call(hana.token, 'POST', `/api/user/support-ticket/${ticketId}/send-message`, {
        body: 'Let me in.',
      });
      const close = await f.call(hana.token, 'PATCH', `/api/user/support-ticket/${ticketId}`, { status: 'close' });
      for (const res of [read, write, close]) {
        expect(res.statusCode).toBe(404);
        expect(res.json()).toMatchObject({ status: false, code: 'ticket_not_found', message: 'No such ticket.' });
      }
    }
    expect((await f.messagesOf(id)).map((m) => m.body)).toEqual(['Can you deliver on Saturday?']);
    expect((await f.ticketRow(id))?.status).toBe('open');
    expect(await f.mailCount()).toBe(mails);
  });
});

describe('POST user/support-ticket/{id}/send-message and PATCH user/support-ticket/{id}', () => {
  it('adds the customer’s messages in order, closes and reopens, and a message on a closed or resolved ticket reopens it', async () => {
    const ivy = await signUp(t.app, { name: 'Ivy Chen' });
    const created = await f.call(ivy.token, 'POST', '/api/user/support-ticket', {
      subject: 'Allergens',
      message: 'Are the brownies nut free?',
    });
    const id = created.json().data.ticket.id;

    const more = await f.call(ivy.token, 'POST', `/api/user/support-ticket/${id}/send-message`, {
      body: '  And the flapjacks?  ',
      author: 'staff',
    });
    expect(more.statusCode, more.body).toBe(200);
    expect(more.json().message).toBe('Message sent.');
    expect(more.json().data.ticket).toMatchObject({ status: 'open', message_count: 2 });
    expect(more.json().data.ticket.messages.map((m: { author: string; body: string }) => [m.author, m.body])).toEqual([
      ['customer', 'Are the brownies nut free?'],
      ['customer', 'And the flapjacks?'],
    ]);
    // The site address hears of each message too.
    const notices = (await f.mailsTo(SITE_EMAIL)).filter((m) => m.subject.includes(`[ticket #${id}]`));
    expect(notices.map((m) => m.kind)).toEqual(['ticket-opened', 'ticket-message']);

    const closed = await f.call(ivy.token, 'PATCH', `/api/user/support-ticket/${id}`, { status: 'close' });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json()).toMatchObject({ message: 'Your ticket is closed.', data: { ticket: { status: 'close' } } });
    expect((await f.ticketRow(id))?.status).toBe('close');

    // Writing on a closed ticket opens it again: the customer needs an answer.
    const reopened = await f.call(ivy.token, 'POST', `/api/user/support-ticket/${id}/send-message`, {
      body: 'Sorry, one more question.',
    });
    expect(reopened.statusCode, reopened.body).toBe(200);
    expect(reopened.json().message).toBe('Message sent. Your ticket is open again.');
    expect(reopened.json().data.ticket).toMatchObject({ status: 'open', message_count: 3 });
    expect((await f.ticketRow(id))?.status).toBe('open');

    // The same for a ticket the staff resolved.
    await t.database.db.update(supportTickets).set({ status: 'resolved' }).where(eq(supportTickets.id, id));
    const afterResolved = await f.call(ivy.token, 'POST', `/api/user/support-ticket/${id}/send-message`, {
      body: 'It happened again.',
    });
    expect(afterResolved.json().data.ticket.status).toBe('open');

    // Close and reopen by PATCH; repeating a status is harmless.
    for (const status of ['close', 'close', 'open', 'open'] as const) {
      const res = await f.call(ivy.token, 'PATCH', `/api/user/support-ticket/${id}`, { status });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.ticket.status).toBe(status);
    }
    expect((await f.messagesOf(id)).map((m) => [m.author, m.userId])).toEqual([
      ['customer', ivy.user.id],
      ['customer', ivy.user.id],
      ['customer', ivy.user.id],
      ['customer', ivy.user.id],
    ]);
  });
});

describe('POST user/order-issue', () => {
  it('opens a ticket of the issue’s type on the caller’s order and line, with a subject made by the server', async () => {
    const jo = await signUp(t.app, { name: 'Jo Brown' });
    const shop = await makeShop(t.database);
    await f.setShopEmail(shop.id, 'shop.issues@example.test');
    const order = await f.makeOrder(jo.user.id, shop.id, ['Sourdough Loaf Large', 'Free-range Eggs 6']);
    const eggs = order.items[1]!;

    const res = await f.call(jo.token, 'POST', '/api/user/order-issue', {
      order_id: order.id,
      item_id: eggs.id,
      type: 'damaged',
      message: 'Two eggs were cracked.',
      subject: 'my own subject',
    });
    expect(res.statusCode, res.body).toBe(201);
    const { ticket } = res.json().data;
    expect(ticket).toMatchObject({
      subject: `Order ${order.invoiceNumber}: damaged item — Free-range Eggs 6`,
      type: 'damaged',
      status: 'open',
      order_id: order.id,
      order_item_id: eggs.id,
      message_count: 1,
    });
    expect(ticket.messages.map((m: { body: string }) => m.body)).toEqual(['Two eggs were cracked.']);
    const [notice] = await f.mailsTo('shop.issues@example.test');
    expect(notice).toMatchObject({ kind: 'ticket-opened' });
    expect(notice?.subject).toBe(`New ticket: ${ticket.subject} [ticket #${ticket.id}]`);

    // Without a line: the order as a whole.
    const late = await f.call(jo.token, 'POST', '/api/user/order-issue', {
      order_id: order.id,
      type: 'late',
      message: 'It has not arrived yet.',
    });
    expect(late.statusCode, late.body).toBe(201);
    expect(late.json().data.ticket).toMatchObject({
      subject: `Order ${order.invoiceNumber}: late order`,
      type: 'late',
      order_item_id: null,
    });
    // It shows in the customer's list like any ticket.
    const list = await f.call(jo.token, 'GET', '/api/user/support-ticket');
    expect(list.json().data.data.map((r: Listed) => r.subject)).toEqual([
      `Order ${order.invoiceNumber}: late order`,
      `Order ${order.invoiceNumber}: damaged item — Free-range Eggs 6`,
    ]);
  });

  it('answers 404 for another customer’s order and 422 for a line of another order, storing nothing', async () => {
    const kim = await signUp(t.app);
    const lee = await signUp(t.app);
    const shop = await makeShop(t.database);
    const kimOrder = await f.makeOrder(kim.user.id, shop.id, ['Oat Milk 1l']);
    const kimOther = await f.makeOrder(kim.user.id, shop.id, ['Rye Bread']);
    const leeOrder = await f.makeOrder(lee.user.id, shop.id, ['Honey 340g']);
    const before = { tickets: await f.ticketCount(), mails: await f.mailCount() };

    for (const orderId of [leeOrder.id, 999_999]) {
      const res = await f.call(kim.token, 'POST', '/api/user/order-issue', {
        order_id: orderId,
        type: 'missing',
        message: 'Where is it?',
      });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ status: false, code: 'order_not_found' });
    }
    // A line of another order (Kim's other order, Lee's order, or none at all) is refused on `item_id`.
    for (const itemId of [kimOther.items[0]!.id, leeOrder.items[0]!.id, 999_999]) {
      const res = await f.call(kim.token, 'POST', '/api/user/order-issue', {
        order_id: kimOrder.id,
        item_id: itemId,
        type: 'wrong_item',
        message: 'Not what I ordered.',
      });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({ status: false, code: 'order_item_invalid' });
      expect(res.json().errors.item_id).toEqual(['That item is not part of this order.']);
    }
    expect({ tickets: await f.ticketCount(), mails: await f.mailCount() }).toEqual(before);
  });
});
