import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productVariations, shops } from '../../maintenance/schema';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { bearer, signUp } from '../../test/test-support';
import { invoices, orderItems, orders } from './orders.tables';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ seed: true });
});
afterAll(() => t.close());

/** An order placed directly in the database (checkout arrives with its own issue). */
async function placeOrder(userId: number, number: string) {
  const db = t.database.db;
  const [shop] = await db.select().from(shops).limit(1);
  const [variation] = await db.select().from(productVariations).limit(1);
  const [invoice] = await db
    .insert(invoices)
    .values({ number, userId, orderType: 'collection', subtotal: 500, total: 500, paymentMethod: 'cash' })
    .returning();
  const [order] = await db
    .insert(orders)
    .values({ invoiceId: invoice!.id, shopId: shop!.id, userId, subtotal: 500, total: 500 })
    .returning();
  await db.insert(orderItems).values({
    orderId: order!.id,
    variationId: variation!.id,
    productId: variation!.productId,
    fullName: variation!.fullName,
    type: 'Physical',
    price: 250,
    quantity: 2,
    total: 500,
  });
  return { order: order!, shop: shop! };
}

describe('GET /api/user/order', () => {
  it("lists only the caller's orders, with lines, shop and invoice", async () => {
    const me = await signUp(t.app);
    const other = await signUp(t.app);
    // Numbers far above the sequence's: the demo seed's own order took INV-{year}-000001.
    const { order, shop } = await placeOrder(me.user.id, 'INV-2026-900001');
    await placeOrder(other.user.id, 'INV-2026-900002');

    const res = await t.app.inject({ url: '/api/user/order', headers: bearer(me.token) });
    expect(res.statusCode).toBe(200);
    const page = res.json().data;
    expect(page).toMatchObject({ current_page: 1, last_page: 1, per_page: 10, total: 1 });
    expect(page.data[0]).toMatchObject({
      id: order.id,
      invoice: { number: 'INV-2026-900001' },
      shop: { id: shop.id, slug: shop.slug },
      status: 'pending',
      payment_status: 'unpaid',
      total: 500,
    });
    expect(page.data[0].items).toEqual([expect.objectContaining({ price: 250, quantity: 2, total: 500 })]);
  });

  it('is empty for a new customer and needs a signed-in user', async () => {
    const fresh = await signUp(t.app);
    const res = await t.app.inject({ url: '/api/user/order', headers: bearer(fresh.token) });
    expect(res.json().data).toMatchObject({ data: [], total: 0, last_page: 1 });
    expect((await t.app.inject({ url: '/api/user/order' })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/user/order?page=0', headers: bearer(fresh.token) })).statusCode).toBe(422);
  });
});
