import { adminDashboardSchema, vendorOrderPayloadSchema, vendorOrderSchema } from '@parade/core/vendor-schemas';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { checkoutFixtures, collection } from '../../test/checkout-fixtures';
import { signUpAs } from '../../test/manage-fixtures';
import { bearer, signUp } from '../../test/test-support';

/** Contract, "Platform orders": every shop's orders for the admin, and the marketplace's figures. */
let t: TestApp;
let admin: { token: string };
const fx = checkoutFixtures(() => t);

beforeAll(async () => {
  t = await buildTestApp({ seed: true });
  admin = await signUpAs(t.app, t.database, 'admin');
});
afterAll(async () => {
  await t?.close();
});

const get = (token: string | null, url: string) =>
  t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });

async function directCount(where: string): Promise<number> {
  const result = (await t.database.db.execute(
    sql.raw(`select count(*)::int as n from orders where ${where}`),
  )) as unknown as {
    rows: { n: number | string }[];
  };
  return Number(result.rows[0]?.n ?? 0);
}

describe('GET /api/admin/orders', () => {
  it("lists every shop's orders, each with its shop, filtered as asked, with totals equal to direct counts", async () => {
    const bakery = await fx.makeShop();
    const grocer = await fx.makeShop();
    const bread = await fx.makeVariation(bakery.id, { price: 300 });
    const apples = await fx.makeVariation(grocer.id, { price: 200 });
    const customer = await signUp(t.app, { name: 'Orla Platform' });
    const placed = await fx.place(
      customer.token,
      collection([
        { variation_id: bread.id, quantity: 1 },
        { variation_id: apples.id, quantity: 2 },
      ]),
    );
    expect(placed.statusCode, placed.body).toBe(201);
    const invoice = placed.json().data.invoice as string;

    const all = await get(admin.token, '/api/admin/orders?per_page=5');
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json().data.total).toBe(await directCount('true'));
    for (const row of all.json().data.data) expect(vendorOrderSchema.parse(row).shop.name).toBeTruthy();

    const byShop = await get(admin.token, `/api/admin/orders?shop=${bakery.id}`);
    expect(byShop.json().data.total).toBe(await directCount(`shop_id = ${bakery.id}`));
    expect(byShop.json().data.data.map((o: { shop: { id: number } }) => o.shop.id)).toEqual([bakery.id]);
    // The shop by its slug, as the storefront's filters name shops; an unknown slug matches nothing.
    const bySlug = await get(admin.token, `/api/admin/orders?shop=${bakery.slug}`);
    expect(bySlug.statusCode, bySlug.body).toBe(200);
    expect(bySlug.json().data.data.map((o: { id: number }) => o.id)).toEqual(
      byShop.json().data.data.map((o: { id: number }) => o.id),
    );
    const unknown = await get(admin.token, '/api/admin/orders?shop=no-such-shop-here');
    expect(unknown.statusCode, unknown.body).toBe(200);
    expect(unknown.json().data.total).toBe(0);
    const malformed = await get(admin.token, '/api/admin/orders?shop=not%20a%20slug!');
    expect(malformed.statusCode).toBe(422);
    expect(malformed.json()).toMatchObject({ status: false, errors: { shop: expect.any(Array) } });

    const bySearch = await get(admin.token, `/api/admin/orders?search=${invoice}`);
    expect(
      bySearch
        .json()
        .data.data.map((o: { shop: { name: string } }) => o.shop.name)
        .sort(),
    ).toEqual([bakery.name, grocer.name].sort());
    const byCustomer = await get(admin.token, '/api/admin/orders?search=orla%20platform');
    expect(byCustomer.json().data.total).toBe(2);

    for (const status of ['pending', 'cancelled', 'delivered'] as const) {
      const res = await get(admin.token, `/api/admin/orders?status=${status}`);
      expect(res.json().data.total, status).toBe(await directCount(`status = '${status}'`));
    }
    for (const payment of ['paid', 'unpaid'] as const) {
      const res = await get(admin.token, `/api/admin/orders?payment_status=${payment}`);
      expect(res.json().data.total, payment).toBe(await directCount(`payment_status = '${payment}'`));
    }

    const orderId = bySearch.json().data.data[0].id as number;
    const one = await get(admin.token, `/api/admin/orders/${orderId}`);
    expect(one.statusCode, one.body).toBe(200);
    const { order } = vendorOrderPayloadSchema.parse(one.json().data);
    expect(order.history.map((h) => h.status)).toEqual(['pending']);
    expect(order.customer.name).toBe('Orla Platform');
    expect((await get(admin.token, '/api/admin/orders/99999999')).statusCode).toBe(404);
  });

  it('answers 401 without a token and 403 to a vendor or a customer', async () => {
    const vendor = await signUpAs(t.app, t.database, 'vendor');
    const customer = await signUp(t.app);
    for (const url of ['/api/admin/orders', '/api/admin/orders/1', '/api/admin/dashboard']) {
      expect((await get(null, url)).statusCode, url).toBe(401);
      expect((await get(vendor.token, url)).statusCode, url).toBe(403);
      expect((await get(customer.token, url)).statusCode, url).toBe(403);
    }
  });
});

describe('GET /api/admin/dashboard', () => {
  it("equals a direct computation of today's and 30 days' orders, sales, average, top shops and days", async () => {
    const shop = await fx.makeShop();
    const cake = await fx.makeVariation(shop.id, { price: 1250 });
    const customer = await signUp(t.app);
    const kept = await fx.place(customer.token, collection([{ variation_id: cake.id, quantity: 2 }]));
    const dropped = await fx.place(customer.token, collection([{ variation_id: cake.id, quantity: 1 }]));
    const vendor = await signUpAs(t.app, t.database, 'vendor', { shopId: shop.id });
    const cancel = await t.app.inject({
      method: 'PATCH',
      url: `/api/vendor/orders/${dropped.json().data.orders[0].id}/status`,
      headers: bearer(vendor.token),
      payload: { status: 'cancelled' },
    });
    expect(kept.statusCode).toBe(201);
    expect(cancel.statusCode, cancel.body).toBe(200);

    const res = await get(admin.token, '/api/admin/dashboard');
    expect(res.statusCode, res.body).toBe(200);
    const figures = adminDashboardSchema.parse(res.json().data);
    expect(figures.public_url).toBe(t.config.publicUrl);

    const london = `(created_at at time zone 'Europe/London')::date`;
    const today = `(now() at time zone 'Europe/London')::date`;
    const direct = async (where: string) => {
      const result = (await t.database.db.execute(
        sql.raw(
          `select count(*)::int as n, coalesce(sum(total), 0)::int as s from orders where status <> 'cancelled' and ${where}`,
        ),
      )) as unknown as { rows: { n: number | string; s: number | string }[] };
      return { orders: Number(result.rows[0]!.n), sales: Number(result.rows[0]!.s) };
    };
    expect(figures.today).toEqual(await direct(`${london} = ${today}`));
    const month = await direct(`${london} > ${today} - 30`);
    expect(figures.last_30_days).toEqual({
      ...month,
      average_order_value: month.orders ? Math.round(month.sales / month.orders) : 0,
    });
    expect(figures.sales_30d).toHaveLength(30);
    expect(figures.sales_30d.reduce((sum, day) => sum + day.sales, 0)).toBe(month.sales);
    expect(figures.sales_30d.at(-1)).toMatchObject({ orders: figures.today.orders, sales: figures.today.sales });

    const mine = figures.top_shops.find((row) => row.shop.id === shop.id);
    const shopMonth = await direct(`shop_id = ${shop.id} and ${london} > ${today} - 30`);
    if (mine) expect(mine).toMatchObject(shopMonth);
    expect(figures.top_shops.length).toBeLessThanOrEqual(5);
    const sales = figures.top_shops.map((row) => row.sales);
    expect(sales).toEqual([...sales].sort((a, b) => b - a));
    expect(shopMonth).toEqual({ orders: 1, sales: 2500 });
  });
});
