import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  invoices,
  mailOutbox,
  orderItems,
  orderReturns,
  orderStatusHistory,
  orders,
  productVariations,
  shops,
} from '../../maintenance/schema';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { signUpAs } from '../../test/manage-fixtures';
import { bearer, signUp } from '../../test/test-support';

/**
 * Returns, end to end through the real routes: the customer's request and its rules (whose
 * line, delivered, the window, what is left, two at once), the shop's decisions (its own
 * returns only, once each), the item received (stock back once, as the public catalogue shows
 * it) and the mails of both sides.
 */

let t: TestApp;
let shopA: { token: string; shopId: number | null; email: string };
let shopB: { token: string; shopId: number | null; email: string };
let admin: { token: string };
let customer: Awaited<ReturnType<typeof signUp>>;
let other: Awaited<ReturnType<typeof signUp>>;
let seq = 0;

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT';
function as(token: string, method: Method, url: string, payload?: object) {
  return t.app.inject({ method, url, headers: bearer(token), ...(payload !== undefined ? { payload } : {}) });
}

interface Variation {
  id: number;
  product_id: number;
  full_name: string;
  slug: string;
  productSlug: string;
}

/** A product of the vendor's shop made through the API; its first variation. */
async function variationOf(token: string, name: string, stock: number | null): Promise<Variation> {
  seq += 1;
  const res = await as(token, 'POST', '/api/vendor/products', {
    name: `${name} ${seq}`,
    variations: [{ name: 'Each', price: 450, stock }],
  });
  expect(res.statusCode, res.body).toBe(201);
  const product = res.json().data.product;
  return { ...product.variations[0], productSlug: product.slug };
}

/**
 * A cash order of one line for `buyer`, written as place-order leaves it (stock taken, history
 * `pending`), then moved to `delivered` through the shop's real status calls unless told.
 */
async function deliveredOrder(
  vendor: { token: string; shopId: number | null },
  variation: Variation,
  quantity: number,
  options: { buyer?: { user: { id: number } }; deliver?: boolean } = {},
) {
  seq += 1;
  const db = t.database.db;
  const buyer = options.buyer ?? customer;
  const total = 450 * quantity;
  const [invoice] = await db
    .insert(invoices)
    .values({
      number: `INV-2026-${String(900_000 + seq)}`,
      userId: buyer.user.id,
      orderType: 'collection',
      subtotal: total,
      total,
      paymentMethod: 'cash',
    })
    .returning();
  const [order] = await db
    .insert(orders)
    .values({ invoiceId: invoice!.id, shopId: vendor.shopId!, userId: buyer.user.id, subtotal: total, total })
    .returning();
  const [item] = await db
    .insert(orderItems)
    .values({
      orderId: order!.id,
      variationId: variation.id,
      productId: variation.product_id,
      fullName: variation.full_name,
      type: 'Physical',
      price: 450,
      quantity,
      total,
      thumbnail: '/uploads/test.jpg',
    })
    .returning();
  await db.insert(orderStatusHistory).values({ orderId: order!.id, status: 'pending' });
  await db
    .update(productVariations)
    .set({
      stock: sql`case when ${productVariations.stock} is null then null else ${productVariations.stock} - ${quantity} end`,
    })
    .where(eq(productVariations.id, variation.id));
  if (options.deliver !== false) {
    for (const status of ['processing', 'ready', 'delivered']) {
      const res = await as(vendor.token, 'PATCH', `/api/vendor/orders/${order!.id}/status`, { status });
      expect(res.statusCode, res.body).toBe(200);
    }
  }
  return { order: order!, item: item!, invoice: invoice! };
}

function requestReturn(token: string, body: { order_item_id: number; quantity: number; reason?: string }) {
  return as(token, 'POST', '/api/user/order-return', { reason: 'It arrived damaged.', ...body });
}

async function stockOf(variationId: number): Promise<number | null> {
  const [row] = await t.database.db
    .select({ stock: productVariations.stock })
    .from(productVariations)
    .where(eq(productVariations.id, variationId));
  return row ? row.stock : -1;
}

async function mailsTo(to: string, kind: string) {
  return t.database.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, to), eq(mailOutbox.kind, kind)));
}

beforeAll(async () => {
  t = await buildTestApp();
  shopA = await signUpAs(t.app, t.database, 'vendor');
  shopB = await signUpAs(t.app, t.database, 'vendor');
  admin = await signUpAs(t.app, t.database, 'admin');
  customer = await signUp(t.app, { name: 'Rita Return' });
  other = await signUp(t.app, { name: 'Otto Other' });
}, 60_000);
afterAll(async () => t?.close());

describe('POST user/order-return', () => {
  it('records a pending return of a delivered line and mails the shop (its owner when it has no e-mail)', async () => {
    const variation = await variationOf(shopA.token, 'Teapot', 10);
    const { order, item, invoice } = await deliveredOrder(shopA, variation, 2);
    const res = await requestReturn(customer.token, {
      order_item_id: item.id,
      quantity: 1,
      reason: '  Lid is cracked.  ',
    });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json().data.return;
    expect(created).toMatchObject({
      order_id: order.id,
      order_item_id: item.id,
      quantity: 1,
      reason: 'Lid is cracked.',
      status: 'pending',
      invoice_number: invoice.number,
      item: { full_name: variation.full_name, price: 450, quantity: 2, thumbnail: '/uploads/test.jpg' },
      shop: { id: shopA.shopId },
      staff_note: null,
      decided_at: null,
      received_at: null,
    });
    expect(typeof created.created_at).toBe('string');

    // The demo-less test shop has no e-mail of its own: its owner hears of it.
    const mails = await mailsTo(shopA.email, 'return-requested');
    expect(mails.some((m) => m.text.includes('Lid is cracked.') && m.text.includes(invoice.number))).toBe(true);
  });

  it("answers 404 for another customer's line or a missing one, writing nothing", async () => {
    const variation = await variationOf(shopA.token, 'Kettle', 10);
    const { item } = await deliveredOrder(shopA, variation, 1);
    for (const res of [
      await requestReturn(other.token, { order_item_id: item.id, quantity: 1 }),
      await requestReturn(customer.token, { order_item_id: 999_999, quantity: 1 }),
    ]) {
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json().code).toBe('order_item_not_found');
    }
    const rows = await t.database.db.select().from(orderReturns).where(eq(orderReturns.orderItemId, item.id));
    expect(rows).toEqual([]);
    const options = await as(other.token, 'GET', `/api/user/order/${item.orderId}/returnable`);
    expect(options.statusCode).toBe(404);
    expect(options.json().code).toBe('order_not_found');
  });

  it('refuses more than was bought, then more than is left; a rejected return frees its quantity', async () => {
    const variation = await variationOf(shopA.token, 'Mugs', 20);
    const { item } = await deliveredOrder(shopA, variation, 3);

    const tooMany = await requestReturn(customer.token, { order_item_id: item.id, quantity: 4 });
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json()).toMatchObject({
      code: 'return_quantity_exceeded',
      errors: { quantity: ['Only 3 of this item can still be returned.'] },
    });

    const first = await requestReturn(customer.token, { order_item_id: item.id, quantity: 2 });
    expect(first.statusCode, first.body).toBe(201);
    const pastLeft = await requestReturn(customer.token, { order_item_id: item.id, quantity: 2 });
    expect(pastLeft.statusCode).toBe(422);
    expect(pastLeft.json().errors.quantity).toEqual(['Only 1 of this item can still be returned.']);
    const last = await requestReturn(customer.token, { order_item_id: item.id, quantity: 1 });
    expect(last.statusCode, last.body).toBe(201);
    const none = await requestReturn(customer.token, { order_item_id: item.id, quantity: 1 });
    expect(none.statusCode).toBe(422);
    expect(none.json().code).toBe('return_quantity_exceeded');

    let options = await as(customer.token, 'GET', `/api/user/order/${item.orderId}/returnable`);
    expect(options.json().data.items).toEqual([
      { order_item_id: item.id, quantity: 3, returned_quantity: 3, returnable_quantity: 0 },
    ]);

    // The shop rejects the first (2 items): those two may be asked for again, not three.
    const rejected = await as(shopA.token, 'POST', `/api/vendor/returns/${first.json().data.return.id}/reject`, {
      note: 'No damage in the photos.',
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    options = await as(customer.token, 'GET', `/api/user/order/${item.orderId}/returnable`);
    expect(options.json().data.items[0]).toMatchObject({ returned_quantity: 1, returnable_quantity: 2 });
    expect((await requestReturn(customer.token, { order_item_id: item.id, quantity: 3 })).statusCode).toBe(422);
    const again = await requestReturn(customer.token, { order_item_id: item.id, quantity: 2 });
    expect(again.statusCode, again.body).toBe(201);
  });

  it('refuses an order that is not delivered', async () => {
    const variation = await variationOf(shopA.token, 'Spoons', 10);
    const { item, order } = await deliveredOrder(shopA, variation, 2, { deliver: false });
    const res = await requestReturn(customer.token, { order_item_id: item.id, quantity: 1 });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      code: 'return_not_delivered',
      errors: { order_item_id: ['Only items of a delivered order can be returned.'] },
    });
    const options = await as(customer.token, 'GET', `/api/user/order/${order.id}/returnable`);
    expect(options.json().data).toMatchObject({ blocked: 'not_delivered', returnable_until: null });
    expect(options.json().data.items[0].returnable_quantity).toBe(0);
  });

  it('refuses a request after the window (counted from delivery), and follows the setting', async () => {
    const variation = await variationOf(shopA.token, 'Bowls', 10);
    const { item, order } = await deliveredOrder(shopA, variation, 2);
    let options = await as(customer.token, 'GET', `/api/user/order/${order.id}/returnable`);
    expect(options.json().data).toMatchObject({ blocked: null, window_days: 14 });
    const until = Date.parse(options.json().data.returnable_until);
    expect(until - Date.now()).toBeGreaterThan(13.9 * 86_400_000);
    expect(options.json().data.items[0].returnable_quantity).toBe(2);

    // Delivered 15 days ago: the default 14-day window has closed.
    await t.database.db
      .update(orderStatusHistory)
      .set({ createdAt: sql`now() - interval '15 days'` })
      .where(and(eq(orderStatusHistory.orderId, order.id), eq(orderStatusHistory.status, 'delivered')));
    const late = await requestReturn(customer.token, { order_item_id: item.id, quantity: 1 });
    expect(late.statusCode).toBe(422);
    expect(late.json().code).toBe('return_window_closed');
    expect(late.json().errors.order_item_id[0]).toMatch(
      /^The 14-day return window for this order closed on \d{1,2} \w{3} \d{4}\.$/,
    );
    options = await as(customer.token, 'GET', `/api/user/order/${order.id}/returnable`);
    expect(options.json().data).toMatchObject({ blocked: 'window_closed' });
    expect(options.json().data.items[0].returnable_quantity).toBe(0);

    // The platform widens the window to 30 days: the same request is now in time.
    const saved = await as(admin.token, 'PUT', '/api/admin/settings', { return_window_days: 30 });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.return_window_days).toBe(30);
    const bad = await as(admin.token, 'PUT', '/api/admin/settings', { return_window_days: -1 });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.return_window_days).toBeDefined();
    const inTime = await requestReturn(customer.token, { order_item_id: item.id, quantity: 1 });
    expect(inTime.statusCode, inTime.body).toBe(201);
    await as(admin.token, 'PUT', '/api/admin/settings', { return_window_days: 14 });
  });

  it('lets no two requests at once return more than was bought', async () => {
    const variation = await variationOf(shopA.token, 'Plates', 20);
    const { item } = await deliveredOrder(shopA, variation, 3);
    const replies = await Promise.all(
      Array.from({ length: 6 }, () => requestReturn(customer.token, { order_item_id: item.id, quantity: 1 })),
    );
    const codes = replies.map((r) => r.statusCode).sort();
    expect(codes).toEqual([201, 201, 201, 422, 422, 422]);
    const rows = await t.database.db.select().from(orderReturns).where(eq(orderReturns.orderItemId, item.id));
    expect(rows.reduce((sum, r) => sum + r.quantity, 0)).toBe(3);
  });

  it('validates the body: a quantity of at least 1 and a reason', async () => {
    const variation = await variationOf(shopA.token, 'Forks', 10);
    const { item } = await deliveredOrder(shopA, variation, 1);
    const zero = await requestReturn(customer.token, { order_item_id: item.id, quantity: 0 });
    expect(zero.statusCode).toBe(422);
    expect(zero.json().errors.quantity).toBeDefined();
    const blank = await requestReturn(customer.token, { order_item_id: item.id, quantity: 1, reason: '   ' });
    expect(blank.statusCode).toBe(422);
    expect(blank.json().errors.reason).toBeDefined();
    const guest = await t.app.inject({ method: 'POST', url: '/api/user/order-return', payload: {} });
    expect(guest.statusCode).toBe(401);
  });
});

describe('GET user/order-return', () => {
  it("lists the caller's returns newest first, by status, and never another customer's", async () => {
    const fresh = await signUp(t.app, { name: 'Lena List' });
    const variation = await variationOf(shopA.token, 'Jugs', 10);
    const { item } = await deliveredOrder(shopA, variation, 3, { buyer: fresh });
    const first = (await requestReturn(fresh.token, { order_item_id: item.id, quantity: 1 })).json().data.return;
    const second = (await requestReturn(fresh.token, { order_item_id: item.id, quantity: 1 })).json().data.return;
    await as(shopA.token, 'POST', `/api/vendor/returns/${first.id}/accept`, { note: 'Bring it to the shop.' });

    const list = await as(fresh.token, 'GET', '/api/user/order-return');
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data).toMatchObject({ total: 2, current_page: 1, last_page: 1, per_page: 10 });
    expect(list.json().data.data.map((r: { id: number }) => r.id)).toEqual([second.id, first.id]);
    expect(list.json().data.data[1]).toMatchObject({ status: 'accepted', staff_note: 'Bring it to the shop.' });
    expect(list.json().data.data[1].decided_at).not.toBeNull();

    const accepted = await as(fresh.token, 'GET', '/api/user/order-return?status=accepted');
    expect(accepted.json().data.data.map((r: { id: number }) => r.id)).toEqual([first.id]);
    const others = await as(other.token, 'GET', '/api/user/order-return');
    expect(others.json().data.data.map((r: { id: number }) => r.id)).not.toContain(first.id);
    expect((await as(fresh.token, 'GET', '/api/user/order-return?status=lost')).statusCode).toBe(422);
  });
});

describe('the shop decides', () => {
  it("keeps shops apart: shop B neither sees nor decides shop A's return", async () => {
    const variation = await variationOf(shopA.token, 'Trays', 10);
    const { item, invoice } = await deliveredOrder(shopA, variation, 2);
    const created = (await requestReturn(customer.token, { order_item_id: item.id, quantity: 1 })).json().data.return;

    for (const res of [
      await as(shopB.token, 'GET', `/api/vendor/returns/${created.id}`),
      await as(shopB.token, 'POST', `/api/vendor/returns/${created.id}/accept`, {}),
      // No body at all, as the contract lists the call: another shop's return is still 404.
      await as(shopB.token, 'POST', `/api/vendor/returns/${created.id}/accept`),
      await as(shopB.token, 'POST', `/api/vendor/returns/${created.id}/reject`, { note: 'No.' }),
      await as(shopB.token, 'POST', `/api/vendor/returns/${created.id}/received`),
    ]) {
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json().code).toBe('return_not_found');
    }
    const listB = await as(shopB.token, 'GET', '/api/vendor/returns?per_page=100');
    expect(listB.json().data.data.map((r: { id: number }) => r.id)).not.toContain(created.id);
    const [row] = await t.database.db.select().from(orderReturns).where(eq(orderReturns.id, created.id));
    expect(row).toMatchObject({ status: 'pending', decidedAt: null });

    // Shop A finds it by invoice number, with the customer's name and e-mail.
    const listA = await as(shopA.token, 'GET', `/api/vendor/returns?search=${invoice.number}&status=pending`);
    expect(listA.json().data.data).toEqual([
      expect.objectContaining({ id: created.id, customer: { name: 'Rita Return', email: customer.email } }),
    ]);
    const one = await as(shopA.token, 'GET', `/api/vendor/returns/${created.id}`);
    expect(one.json().data.return).toMatchObject({ id: created.id, status: 'pending', invoice_number: invoice.number });
  });

  it('accepts once and rejects once (409 the second time), requires a note to reject, and mails the customer', async () => {
    const variation = await variationOf(shopA.token, 'Cups', 10);
    const { item } = await deliveredOrder(shopA, variation, 2);
    const one = (await requestReturn(customer.token, { order_item_id: item.id, quantity: 1 })).json().data.return;
    const two = (await requestReturn(customer.token, { order_item_id: item.id, quantity: 1 })).json().data.return;

    const accepted = await as(shopA.token, 'POST', `/api/vendor/returns/${one.id}/accept`, { note: 'Drop it in.' });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().data.return).toMatchObject({ status: 'accepted', staff_note: 'Drop it in.' });
    for (const res of [
      await as(shopA.token, 'POST', `/api/vendor/returns/${one.id}/accept`, {}),
      await as(shopA.token, 'POST', `/api/vendor/returns/${one.id}/reject`, { note: 'Changed my mind.' }),
    ]) {
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe('return_already_decided');
    }

    for (const noNote of [
      await as(shopA.token, 'POST', `/api/vendor/returns/${two.id}/reject`, { note: ' ' }),
      await as(shopA.token, 'POST', `/api/vendor/returns/${two.id}/reject`),
    ]) {
      expect(noNote.statusCode).toBe(422);
      expect(noNote.json().errors.note).toBeDefined();
    }
    const rejected = await as(shopA.token, 'POST', `/api/vendor/returns/${two.id}/reject`, { note: 'Used item.' });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json().data.return).toMatchObject({ status: 'rejected', staff_note: 'Used item.' });
    const twice = await as(shopA.token, 'POST', `/api/vendor/returns/${two.id}/reject`, { note: 'Again.' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe('return_already_decided');
    const receivedRejected = await as(shopA.token, 'POST', `/api/vendor/returns/${two.id}/received`);
    expect(receivedRejected.statusCode).toBe(409);
    expect(receivedRejected.json().code).toBe('return_not_accepted');

    const acceptedMail = (await mailsTo(customer.email, 'return-accepted')).find((m) => m.text.includes('Drop it in.'));
    expect(acceptedMail).toBeDefined();
    // The accept mail says what happens once the item is back (decision 030): it is refunded.
    expect(acceptedMail!.text).toContain('Once the shop has it back, you are refunded for it');
    expect(acceptedMail!.text).not.toContain('not made automatically');
    const rejectedMails = await mailsTo(customer.email, 'return-rejected');
    expect(rejectedMails.some((m) => m.text.includes('Used item.'))).toBe(true);
  });

  it('puts an accepted return back in stock exactly once, as the public catalogue shows; unlimited stays unlimited', async () => {
    const variation = await variationOf(shopA.token, 'Vase', 10);
    const { item } = await deliveredOrder(shopA, variation, 3);
    expect(await stockOf(variation.id)).toBe(7);
    const created = (await requestReturn(customer.token, { order_item_id: item.id, quantity: 2 })).json().data.return;

    const early = await as(shopA.token, 'POST', `/api/vendor/returns/${created.id}/received`);
    expect(early.statusCode).toBe(409);
    expect(early.json().code).toBe('return_not_accepted');
    expect(await stockOf(variation.id)).toBe(7);

    await as(shopA.token, 'POST', `/api/vendor/returns/${created.id}/accept`, {});
    const received = await as(shopA.token, 'POST', `/api/vendor/returns/${created.id}/received`);
    expect(received.statusCode, received.body).toBe(200);
    expect(received.json().data.return.received_at).not.toBeNull();
    expect(await stockOf(variation.id)).toBe(9);
    const again = await as(shopA.token, 'POST', `/api/vendor/returns/${created.id}/received`);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('return_already_received');
    expect(await stockOf(variation.id)).toBe(9);

    // The public product page and the shop's product list read the read model: both say 9.
    const [shop] = await t.database.db.select().from(shops).where(eq(shops.id, shopA.shopId!));
    const page = await t.app.inject({
      method: 'GET',
      url: `/api/product/${shop!.slug}/${variation.productSlug}/${variation.slug}`,
    });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json().data.variation.stock).toBe(9);
    const cards = await t.app.inject({ method: 'GET', url: `/api/shop/${shop!.slug}/product` });
    const card = cards.json().data.products.data.find((c: { id: number }) => c.id === variation.product_id);
    expect(card.variation.stock).toBe(9);

    const mails = await mailsTo(customer.email, 'return-received');
    expect(mails.some((m) => m.text.includes(variation.full_name))).toBe(true);

    const unlimited = await variationOf(shopA.token, 'E-voucher', null);
    const bought = await deliveredOrder(shopA, unlimited, 1);
    const back = (await requestReturn(customer.token, { order_item_id: bought.item.id, quantity: 1 })).json().data
      .return;
    await as(shopA.token, 'POST', `/api/vendor/returns/${back.id}/accept`, {});
    expect((await as(shopA.token, 'POST', `/api/vendor/returns/${back.id}/received`)).statusCode).toBe(200);
    expect(await stockOf(unlimited.id)).toBeNull();
  });
});
