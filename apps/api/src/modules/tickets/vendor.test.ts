import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shops } from '../../maintenance/schema';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { signUpAs } from '../../test/manage-fixtures';
import { signUp } from '../../test/test-support';
import { ticketFixtures } from '../../test/ticket-fixtures';

/** A shop's tickets (/api/vendor/tickets): only those about its own orders; its answers reach the customer. */
let t: TestApp;
const f = ticketFixtures(() => t);
let vendorA: Awaited<ReturnType<typeof signUpAs>>;
let vendorB: Awaited<ReturnType<typeof signUpAs>>;
let customer: Awaited<ReturnType<typeof signUp>>;

type Listed = { id: number; subject: string; status: string; customer: { name: string; email: string } };
const ids = (res: { json(): { data: { data: Listed[] } } }) => res.json().data.data.map((r) => r.id);

/** A ticket opened through the customer's own calls: an order issue, or a question (about an order or not). */
async function issue(orderId: number, itemId: number | null, type: string, message: string) {
  const res = await f.call(customer.token, 'POST', '/api/user/order-issue', {
    order_id: orderId,
    item_id: itemId,
    type,
    message,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.ticket as { id: number; subject: string };
}
async function question(subject: string, orderId: number | null = null) {
  const res = await f.call(customer.token, 'POST', '/api/user/support-ticket', {
    subject,
    message: `${subject}?`,
    order_id: orderId,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.ticket as { id: number; subject: string };
}

beforeAll(async () => {
  t = await buildTestApp({ env: { PUBLIC_URL: 'https://parade.example' } });
  vendorA = await signUpAs(t.app, t.database, 'vendor');
  vendorB = await signUpAs(t.app, t.database, 'vendor');
  customer = await signUp(t.app, { name: 'Mo Farah-Smith', email: 'mo.tickets@example.test' });
}, 60_000);
afterAll(async () => t?.close());

describe('GET vendor/tickets and GET vendor/tickets/{id}', () => {
  it('lists and shows only the tickets about the shop’s own orders', async () => {
    const orderA = await f.makeOrder(customer.user.id, vendorA.shopId!, ['Lamb Chops 500g']);
    const orderB = await f.makeOrder(customer.user.id, vendorB.shopId!, ['Paracetamol 16']);
    const damaged = await issue(orderA.id, orderA.items[0]!.id, 'damaged', 'The pack was torn.');
    const aboutA = await question('Can I change my collection time', orderA.id);
    const aboutB = await issue(orderB.id, null, 'late', 'Still waiting.');
    const general = await question('Do you sell gift cards');

    const listA = await f.call(vendorA.token, 'GET', '/api/vendor/tickets');
    expect(listA.statusCode, listA.body).toBe(200);
    expect(ids(listA)).toEqual([aboutA.id, damaged.id]);
    expect(listA.json().data).toMatchObject({ current_page: 1, per_page: 20, total: 2 });
    expect(listA.json().data.data[1]).toMatchObject({
      subject: damaged.subject,
      type: 'damaged',
      status: 'open',
      customer: { name: 'Mo Farah-Smith', email: 'mo.tickets@example.test' },
      order_id: orderA.id,
      order_item_id: orderA.items[0]!.id,
      last_message: { author: 'customer' },
      messages: [expect.objectContaining({ body: 'The pack was torn.', author: 'customer' })],
    });
    expect(ids(await f.call(vendorB.token, 'GET', '/api/vendor/tickets'))).toEqual([aboutB.id]);

    // Search (subject, customer) and status stay within the shop.
    expect(ids(await f.call(vendorA.token, 'GET', '/api/vendor/tickets?search=damaged'))).toEqual([damaged.id]);
    expect(ids(await f.call(vendorA.token, 'GET', '/api/vendor/tickets?search=gift'))).toEqual([]);
    expect(ids(await f.call(vendorA.token, 'GET', '/api/vendor/tickets?search=farah'))).toEqual([
      aboutA.id,
      damaged.id,
    ]);
    await f.call(customer.token, 'PATCH', `/api/user/support-ticket/${aboutA.id}`, { status: 'close' });
    expect(ids(await f.call(vendorA.token, 'GET', '/api/vendor/tickets?status=open'))).toEqual([damaged.id]);
    expect(ids(await f.call(vendorA.token, 'GET', '/api/vendor/tickets?status=close'))).toEqual([aboutA.id]);
    const sorted = await f.call(vendorA.token, 'GET', '/api/vendor/tickets?sort=subject&per_page=1');
    expect(ids(sorted)).toEqual([aboutA.id]);
    expect(sorted.json().data).toMatchObject({ total: 2, last_page: 2, per_page: 1 });

    const one = await f.call(vendorA.token, 'GET', `/api/vendor/tickets/${damaged.id}`);
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json().data.ticket.messages.map((m: { author: string; body: string }) => [m.author, m.body])).toEqual([
      ['customer', 'The pack was torn.'],
    ]);

    // Another shop's ticket and a general question are not the shop's: 404, as a missing one.
    for (const [token, id] of [
      [vendorB.token, damaged.id],
      [vendorA.token, aboutB.id],
      [vendorA.token, general.id],
      [vendorB.token, general.id],
      [vendorA.token, 999_999],
    ] as const) {
      const res = await f.call(token, 'GET', `/api/vendor/tickets/${id}`);
      expect(res.statusCode, `ticket ${id}`).toBe(404);
      expect(res.json()).toMatchObject({ status: false, code: 'ticket_not_found' });
    }
    // No vendor lists the general question.
    for (const token of [vendorA.token, vendorB.token]) {
      expect(ids(await f.call(token, 'GET', '/api/vendor/tickets?status=open'))).not.toContain(general.id);
    }
    const bad = await f.call(vendorA.token, 'GET', '/api/vendor/tickets?status=waiting');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.status).toBeDefined();
  });
});

describe('POST vendor/tickets/{id}/reply', () => {
  it('adds a staff message that the customer reads as staff and receives by e-mail', async () => {
    const order = await f.makeOrder(customer.user.id, vendorA.shopId!, ['Chicken Thighs 1kg']);
    const ticket = await issue(order.id, order.items[0]!.id, 'missing', 'The chicken was not in the bag.');
    const res = await f.call(vendorA.token, 'POST', `/api/vendor/tickets/${ticket.id}/reply`, {
      body: '  So sorry: we will bring it round this afternoon.  ',
      author: 'customer',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Reply sent.');
    const detail = res.json().data.ticket;
    expect(detail).toMatchObject({ status: 'open', message_count: 2, last_message: { author: 'staff' } });
    expect(detail.messages.at(-1)).toMatchObject({
      author: 'staff',
      body: 'So sorry: we will bring it round this afternoon.',
    });
    // Recorded as the vendor who wrote it, for the shop and the platform.
    expect((await f.messagesOf(ticket.id)).at(-1)).toMatchObject({ author: 'staff', userId: vendorA.user.id });

    // The customer's mail, in the outbox with the answer and the link to the ticket page.
    const replies = (await f.mailsTo('mo.tickets@example.test')).filter((m) => m.kind === 'ticket-reply');
    expect(replies).toHaveLength(1);
    expect(replies[0]?.subject).toBe(`Re: ${ticket.subject} [ticket #${ticket.id}]`);
    expect(replies[0]?.text).toContain('So sorry: we will bring it round this afternoon.');
    expect(replies[0]?.text).toContain(`https://parade.example/profile/ticket-details/${ticket.id}`);

    // The customer sees the answer as `staff` from the shop (its name, issue 23), with nobody named.
    const [shop] = await t.database.db.select({ name: shops.name }).from(shops).where(eq(shops.id, vendorA.shopId!));
    const mine = await f.call(customer.token, 'GET', `/api/user/support-ticket/${ticket.id}`);
    const [question, last] = mine.json().data.ticket.messages;
    expect(last).toEqual({
      id: expect.any(Number),
      body: 'So sorry: we will bring it round this afternoon.',
      author: 'staff',
      from: shop!.name,
      created_at: expect.any(String),
    });
    expect(question).toMatchObject({ author: 'customer', from: null });
    expect(mine.body).not.toContain(vendorA.email);
    expect(mine.json().data.ticket.last_message.author).toBe('staff');
  });

  it('answers 404 to another shop’s ticket and to a general question, and neither records nor mails anything', async () => {
    const order = await f.makeOrder(customer.user.id, vendorA.shopId!, ['Beef Mince 500g']);
    const ticket = await issue(order.id, null, 'wrong_item', 'I got pork mince.');
    const general = await question('Parking near the parade');
    const before = { messages: await f.messageCount(), mails: await f.mailCount() };
    for (const [token, id] of [
      [vendorB.token, ticket.id],
      [vendorA.token, general.id],
    ] as const) {
      const res = await f.call(token, 'POST', `/api/vendor/tickets/${id}/reply`, { body: 'Not mine to answer.' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ status: false, code: 'ticket_not_found' });
    }
    for (const payload of [{}, { body: '   ' }, { body: 'x'.repeat(5001) }]) {
      const res = await f.call(vendorA.token, 'POST', `/api/vendor/tickets/${ticket.id}/reply`, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      expect(res.json().errors.body?.length).toBeGreaterThan(0);
    }
    expect({ messages: await f.messageCount(), mails: await f.mailCount() }).toEqual(before);
  });

  it('tells the shop when the customer writes again, and the platform when the shop has no e-mail', async () => {
    await f.setSiteEmail('platform.help@example.test');
    await f.setShopEmail(vendorA.shopId!, 'butcher@example.test');
    await f.setShopEmail(vendorB.shopId!, null);
    const orderA = await f.makeOrder(customer.user.id, vendorA.shopId!, ['Sausages 6']);
    const orderB = await f.makeOrder(customer.user.id, vendorB.shopId!, ['Plasters']);
    const toShop = await issue(orderA.id, null, 'other', 'Are these gluten free?');
    const toPlatform = await issue(orderB.id, null, 'late', 'Still not here.');
    await f.call(customer.token, 'POST', `/api/user/support-ticket/${toShop.id}/send-message`, { body: 'Hello?' });

    const shopMails = await f.mailsTo('butcher@example.test');
    expect(shopMails.map((m) => [m.kind, m.subject])).toEqual([
      ['ticket-opened', `New ticket: ${toShop.subject} [ticket #${toShop.id}]`],
      ['ticket-message', `New message: ${toShop.subject} [ticket #${toShop.id}]`],
    ]);
    expect(shopMails[1]?.text).toContain(`/admin/vendor/tickets/${toShop.id}`);
    const platformMails = await f.mailsTo('platform.help@example.test');
    expect(platformMails.map((m) => m.subject)).toEqual([
      `New ticket: ${toPlatform.subject} [ticket #${toPlatform.id}]`,
    ]);
    expect(platformMails[0]?.text).toContain(`/admin/platform/tickets/${toPlatform.id}`);
  });
});
