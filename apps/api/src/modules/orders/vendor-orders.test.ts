import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoices, orderItems, orderStatusHistory, orders, productVariations } from '../../maintenance/schema';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { signUpAs } from '../../test/manage-fixtures';
import { bearer, signUp } from '../../test/test-support';

let t: TestApp;
let a: { token: string; shopId: number | null };
let b: { token: string; shopId: number | null };
let customer: Awaited<ReturnType<typeof signUp>>;
let seq = 0;

function as(token: string, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) {
  return t.app.inject({ method, url, headers: bearer(token), ...(payload !== undefined ? { payload } : {}) });
}

/** A product of the vendor's shop made through the API; its first variation. */
async function variationOf(token: string, name: string, stock: number) {
  const res = await as(token, 'POST', '/api/vendor/products', {
    name,
    variations: [{ name: 'Each', price: 500, stock }],
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.product.variations[0] as { id: number; product_id: number; full_name: string };
}

/** A placed cash order of one line (as place-order leaves it: stock taken, history `pending`). */
async function placeOrder(
  shopId: number,
  variation: { id: number; product_id: number; full_name: string },
  quantity: number,
  paymentMethod: 'cash' | 'card' = 'cash',
) {
  seq += 1;
  const total = 500 * quantity;
  const db = t.database.db;
  const [invoice] = await db
    .insert(invoices)
    .values({
      number: `INV-TEST-${seq}-${Date.now()}`,
      userId: customer.user.id,
      orderType: 'collection',
      subtotal: total,
      total,
      paymentMethod,
    })
    .returning();
  const [order] = await db
    .insert(orders)
    .values({ invoiceId: invoice!.id, shopId, userId: customer.user.id, subtotal: total, total })
    .returning();
  await db.insert(orderItems).values({
    orderId: order!.id,
    variationId: variation.id,
    productId: variation.product_id,
    fullName: variation.full_name,
    type: 'Physical',
    price: 500,
    quantity,
    total,
  });
  await db.insert(orderStatusHistory).values({ orderId: order!.id, status: 'pending' });
  const [row] = await db.select().from(productVariations).where(eq(productVariations.id, variation.id));
  await db
    .update(productVariations)
    .set({ stock: (row?.stock ?? 0) - quantity })
    .where(eq(productVariations.id, variation.id));
  return { order: order!, invoice: invoice! };
}

beforeAll(async () => {
  t = await buildTestApp();
  a = await signUpAs(t.app, t.database, 'vendor');
  b = await signUpAs(t.app, t.database, 'vendor');
  customer = await signUp(t.app, { name: 'Olive Buyer' });
}, 60_000);
afterAll(async () => t?.close());

describe('vendor orders', () => {
  it("lists the shop's orders with the customer's contact, searches by invoice, and shows one with its history", async () => {
    const variation = await variationOf(a.token, 'Olive Oil', 10);
    const { order, invoice } = await placeOrder(a.shopId!, variation, 2);
    const list = await as(a.token, 'GET', '/api/vendor/orders?status=pending');
    expect(list.statusCode, list.body).toBe(200);
    const found = list.json().data.data.find((o: { id: number }) => o.id === order.id);
    expect(found).toMatchObject({
      invoice: { number: invoice.number },
      customer: { name: 'Olive Buyer', email: customer.email },
      total: 1000,
      status: 'pending',
    });
    const searched = await as(a.token, 'GET', `/api/vendor/orders?search=${invoice.number}`);
    expect(searched.json().data.data.map((o: { id: number }) => o.id)).toEqual([order.id]);
    const detail = await as(a.token, 'GET', `/api/vendor/orders/${order.id}`);
    expect(detail.json().data.order.history.map((h: { status: string }) => h.status)).toEqual(['pending']);
  });

  it('moves an order through the flow; a cancel gives the stock back; mark-paid pays a cash order', async () => {
    const variation = await variationOf(a.token, 'Honey', 6);
    const { order } = await placeOrder(a.shopId!, variation, 2);
    const processing = await as(a.token, 'PATCH', `/api/vendor/orders/${order.id}/status`, { status: 'processing' });
    expect(processing.statusCode, processing.body).toBe(200);
    expect(processing.json().data.order.status).toBe('processing');
    const backwards = await as(a.token, 'PATCH', `/api/vendor/orders/${order.id}/status`, { status: 'pending' });
    expect(backwards.statusCode).toBe(422);
    expect(backwards.json().code).toBe('order_status_invalid');

    const paid = await as(a.token, 'POST', `/api/vendor/orders/${order.id}/mark-paid`);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().data.order.payment_status).toBe('paid');

    const second = await placeOrder(a.shopId!, variation, 3);
    const cancelled = await as(a.token, 'PATCH', `/api/vendor/orders/${second.order.id}/status`, {
      status: 'cancelled',
      note: 'Customer asked',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().data.order.history.at(-1)).toMatchObject({ status: 'cancelled', note: 'Customer asked' });
    const [row] = await t.database.db.select().from(productVariations).where(eq(productVariations.id, variation.id));
    expect(row?.stock).toBe(4);
  });

  it('refuses to mark a card order paid by hand (409 order_not_cash), leaving it and its invoice unpaid', async () => {
    const variation = await variationOf(a.token, 'Card Jam', 4);
    const { order, invoice } = await placeOrder(a.shopId!, variation, 1, 'card');
    const res = await as(a.token, 'POST', `/api/vendor/orders/${order.id}/mark-paid`);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toMatchObject({ status: false, code: 'order_not_cash' });
    const [orderRow] = await t.database.db.select().from(orders).where(eq(orders.id, order.id));
    const [invoiceRow] = await t.database.db.select().from(invoices).where(eq(invoices.id, invoice.id));
    expect([orderRow?.paymentStatus, invoiceRow?.paymentStatus]).toEqual(['unpaid', 'unpaid']);
  });

  it('refuses to prepare a card order whose payment has not arrived (409 order_awaiting_payment), but lets it be cancelled', async () => {
    const variation = await variationOf(a.token, 'Card Marmalade', 5);
    const db = t.database.db;
    for (const paymentStatus of ['unpaid', 'failed'] as const) {
      const { order, invoice } = await placeOrder(a.shopId!, variation, 1, 'card');
      await db.update(orders).set({ paymentStatus }).where(eq(orders.id, order.id));
      await db.update(invoices).set({ paymentStatus }).where(eq(invoices.id, invoice.id));
      const res = await as(a.token, 'PATCH', `/api/vendor/orders/${order.id}/status`, { status: 'processing' });
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json()).toMatchObject({
        status: false,
        code: 'order_awaiting_payment',
        message: 'This order is waiting for its card payment: it can be prepared once the customer has paid.',
      });
      const [row] = await db.select().from(orders).where(eq(orders.id, order.id));
      expect(row?.status, paymentStatus).toBe('pending');
      const history = await db.select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, order.id));
      expect(history.map((h) => h.status)).toEqual(['pending']);

      const cancelled = await as(a.token, 'PATCH', `/api/vendor/orders/${order.id}/status`, { status: 'cancelled' });
      expect(cancelled.statusCode, cancelled.body).toBe(200);
    }

    // Once paid by card, it moves on as any order does; an unpaid cash order too.
    const paid = await placeOrder(a.shopId!, variation, 1, 'card');
    await db.update(orders).set({ paymentStatus: 'paid' }).where(eq(orders.id, paid.order.id));
    await db.update(invoices).set({ paymentStatus: 'paid' }).where(eq(invoices.id, paid.invoice.id));
    const moved = await as(a.token, 'PATCH', `/api/vendor/orders/${paid.order.id}/status`, { status: 'processing' });
    expect(moved.statusCode, moved.body).toBe(200);
    const cash = await placeOrder(a.shopId!, variation, 1, 'cash');
    const cashMoved = await as(a.token, 'PATCH', `/api/vendor/orders/${cash.order.id}/status`, {
      status: 'processing',
    });
    expect(cashMoved.statusCode, cashMoved.body).toBe(200);
  });

  it("answers 404 on another shop's order, changing nothing, and ignores totals in a body", async () => {
    const variation = await variationOf(b.token, 'B Butter', 5);
    const { order } = await placeOrder(b.shopId!, variation, 1);
    for (const res of [
      await as(a.token, 'GET', `/api/vendor/orders/${order.id}`),
      await as(a.token, 'PATCH', `/api/vendor/orders/${order.id}/status`, { status: 'processing' }),
      await as(a.token, 'POST', `/api/vendor/orders/${order.id}/mark-paid`),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('order_not_found');
    }
    const mine = await as(a.token, 'GET', '/api/vendor/orders?per_page=100');
    expect(mine.json().data.data.map((o: { id: number }) => o.id)).not.toContain(order.id);
    const res = await as(b.token, 'PATCH', `/api/vendor/orders/${order.id}/status`, {
      status: 'processing',
      total: 1,
      shop_id: a.shopId,
    });
    expect(res.statusCode).toBe(200);
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row).toMatchObject({ status: 'processing', total: 500, shopId: b.shopId, paymentStatus: 'unpaid' });
  });
});

describe('vendor dashboard', () => {
  it("counts today's orders and revenue, waiting orders, low stock and 30 days of sales", async () => {
    const fresh = await signUpAs(t.app, t.database, 'vendor');
    const low = await variationOf(fresh.token, 'Saffron', 3);
    await placeOrder(fresh.shopId!, low, 1);
    await placeOrder(fresh.shopId!, low, 1);
    const res = await as(fresh.token, 'GET', '/api/vendor/dashboard');
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.today).toEqual({ orders: 2, revenue: 1000 });
    expect(data.waiting_orders).toBe(2);
    expect(data.low_stock).toEqual([{ variation_id: low.id, full_name: 'Saffron Each', stock: 1 }]);
    expect(data.sales_30d).toHaveLength(30);
    expect(data.sales_30d.at(-1)).toMatchObject({ orders: 2, revenue: 1000 });
    expect(data.sales_30d.reduce((n: number, d: { orders: number }) => n + d.orders, 0)).toBe(2);
  });
});
