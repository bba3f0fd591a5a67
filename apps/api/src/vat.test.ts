import { lineVat } from '@parade/core/money-rules';
import { VAT_NUMBER_MESSAGE, VAT_RATE_MESSAGE } from '@parade/core/vat';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categories, orderItems, orders, productVariations } from './maintenance/schema';
import { buildTestApp, type TestApp } from './test/build-test-app';
import { checkoutFixtures, collection } from './test/checkout-fixtures';
import { makeCategory, signUpAs } from './test/manage-fixtures';
import { bearer, signUp } from './test/test-support';

/**
 * VAT (contract: "VAT"; decision 029): the rates of categories and variations, a shop's VAT
 * number, and what a checkout records of both. On PGlite and on PostgreSQL.
 */

let t: TestApp;
let admin: { token: string };
beforeAll(async () => {
  t = await buildTestApp({ seed: true });
  admin = await signUpAs(t.app, t.database, 'admin');
}, 60_000);
afterAll(() => t?.close());

const db = () => t.database.db;
const { makeShop, makeVariation, makeCoupon, givePoints, place } = checkoutFixtures(() => t);

function as(token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) {
  return t.app.inject({ method, url, headers: bearer(token), ...(payload !== undefined ? { payload } : {}) });
}

const DELIVERY_ADDRESS = {
  name: 'Priya Shah',
  phone: '07700900000',
  line1: '1 Bethnal Green Road',
  city: 'London',
  postcode: 'E2 6DG',
};

describe("a category's VAT rate (admin)", () => {
  it('is 20 unless given, takes only 0, 5 or 20, and shows in the admin list and the public tree', async () => {
    const standard = await as(admin.token, 'POST', '/api/admin/categories', { name: 'VAT Test Hardware' });
    expect(standard.statusCode, standard.body).toBe(201);
    expect(standard.json().data.category.vat_rate).toBe(20);

    const food = await as(admin.token, 'POST', '/api/admin/categories', { name: 'VAT Test Food', vat_rate: 0 });
    expect(food.statusCode, food.body).toBe(201);
    const foodId = food.json().data.category.id;
    expect(food.json().data.category.vat_rate).toBe(0);

    const wrong = await as(admin.token, 'POST', '/api/admin/categories', { name: 'VAT Test Old', vat_rate: 17.5 });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.vat_rate).toEqual([VAT_RATE_MESSAGE]);

    const reduced = await as(admin.token, 'PUT', `/api/admin/categories/${foodId}`, { vat_rate: 5 });
    expect(reduced.statusCode, reduced.body).toBe(200);
    expect(reduced.json().data.category).toMatchObject({ name: 'VAT Test Food', vat_rate: 5 });
    const badUpdate = await as(admin.token, 'PUT', `/api/admin/categories/${foodId}`, { vat_rate: '20' });
    expect(badUpdate.statusCode).toBe(422);
    expect(badUpdate.json().errors.vat_rate).toEqual([VAT_RATE_MESSAGE]);

    const list = await as(admin.token, 'GET', '/api/admin/categories?search=VAT%20Test&sort=name');
    expect(list.json().data.data.map((c: { name: string; vat_rate: number }) => [c.name, c.vat_rate])).toEqual([
      ['VAT Test Food', 5],
      ['VAT Test Hardware', 20],
    ]);
    const tree = (await t.app.inject({ url: '/api/categories' })).json().data;
    expect(tree.find((c: { id: number }) => c.id === foodId)).toMatchObject({ vat_rate: 5 });
    // The demo's food is zero-rated, its household goods standard.
    expect(tree.find((c: { slug: string }) => c.slug === 'fruit-and-veg')).toMatchObject({ vat_rate: 0 });
    expect(tree.find((c: { slug: string }) => c.slug === 'household-and-hardware')).toMatchObject({ vat_rate: 20 });
  });
});

describe("a variation's VAT rate (merchant)", () => {
  it("takes its category's rate unless given one, 20 without a category, and refuses any rate but 0, 5 or 20", async () => {
    const vendor = await signUpAs(t.app, t.database, 'vendor');
    const food = await makeCategory(t.database, `Zero Rated ${Date.now()}`);
    await db().update(categories).set({ vatRate: 0 }).where(eq(categories.id, food.id));

    const created = await as(vendor.token, 'POST', '/api/vendor/products', {
      name: 'Clementines',
      category_id: food.id,
      variations: [
        { name: '1kg', price: 250, stock: 5 },
        { name: 'Gift box', price: 1200, stock: 5, vat_rate: 20 },
      ],
    });
    expect(created.statusCode, created.body).toBe(201);
    const product = created.json().data.product;
    expect(product.variations.map((v: { name: string; vat_rate: number }) => [v.name, v.vat_rate])).toEqual([
      ['1kg', 0],
      ['Gift box', 20],
    ]);

    const added = await as(vendor.token, 'POST', `/api/vendor/products/${product.id}/variations`, {
      name: '2kg',
      price: 450,
    });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json().data.variation.vat_rate).toBe(0);

    const uncategorised = await as(vendor.token, 'POST', '/api/vendor/products', {
      name: 'Mystery Parcel',
      variations: [{ name: 'One', price: 500, stock: 1 }],
    });
    expect(uncategorised.json().data.product.variations[0].vat_rate).toBe(20);

    const changed = await as(vendor.token, 'PUT', `/api/vendor/variations/${added.json().data.variation.id}`, {
      vat_rate: 5,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data.variation.vat_rate).toBe(5);

    for (const wrong of [17.5, 15, -20, '0', null]) {
      const put = await as(vendor.token, 'PUT', `/api/vendor/variations/${added.json().data.variation.id}`, {
        vat_rate: wrong,
      });
      expect(put.statusCode, String(wrong)).toBe(422);
      expect(put.json().errors.vat_rate).toEqual([VAT_RATE_MESSAGE]);
    }
    const badCreate = await as(vendor.token, 'POST', '/api/vendor/products', {
      name: 'Bad Rate',
      variations: [{ name: 'One', price: 500, vat_rate: 10 }],
    });
    expect(badCreate.statusCode).toBe(422);
    expect(badCreate.json().errors['variations.0.vat_rate']).toEqual([VAT_RATE_MESSAGE]);
    expect(
      (await as(vendor.token, 'GET', `/api/vendor/products/${product.id}`)).json().data.product.variations,
    ).toEqual(expect.arrayContaining([expect.objectContaining({ name: '2kg', vat_rate: 5 })]));
  });

  it("keeps existing variations' rates when their category's rate changes", async () => {
    const vendor = await signUpAs(t.app, t.database, 'vendor');
    const category = (await as(admin.token, 'POST', '/api/admin/categories', { name: `Drinks ${Date.now()}` })).json()
      .data.category;
    const product = (
      await as(vendor.token, 'POST', '/api/vendor/products', {
        name: 'Cola',
        category_id: category.id,
        variations: [{ name: 'Can', price: 90, stock: 10 }],
      })
    ).json().data.product;
    expect(product.variations[0].vat_rate).toBe(20);

    await as(admin.token, 'PUT', `/api/admin/categories/${category.id}`, { vat_rate: 0 });
    const [kept] = await db()
      .select({ vatRate: productVariations.vatRate })
      .from(productVariations)
      .where(eq(productVariations.id, product.variations[0].id));
    expect(kept?.vatRate).toBe(20);
    const next = await as(vendor.token, 'POST', `/api/vendor/products/${product.id}/variations`, {
      name: 'Bottle',
      price: 150,
    });
    expect(next.json().data.variation.vat_rate).toBe(0);
  });
});

describe("a shop's VAT number", () => {
  it('is normalised, refused unless a UK VAT number, emptied to null, and shown to the admin', async () => {
    const vendor = await signUpAs(t.app, t.database, 'vendor');
    expect((await as(vendor.token, 'GET', '/api/vendor/shop')).json().data.shop.vat_number).toBeNull();

    const spaced = await as(vendor.token, 'PUT', '/api/vendor/shop', { vat_number: 'gb999 9999 73' });
    expect(spaced.statusCode, spaced.body).toBe(200);
    expect(spaced.json().data.shop.vat_number).toBe('GB999999973');
    expect((await as(vendor.token, 'GET', '/api/vendor/shop')).json().data.shop.vat_number).toBe('GB999999973');
    const branch = await as(vendor.token, 'PUT', '/api/vendor/shop', { vat_number: 'GB 999 9999 73 001' });
    expect(branch.json().data.shop.vat_number).toBe('GB999999973001');

    for (const wrong of ['999999973', 'GB99999997', 'GB9999999731', 'VAT GB999999973', 'FR12345678901']) {
      const refused = await as(vendor.token, 'PUT', '/api/vendor/shop', { vat_number: wrong });
      expect(refused.statusCode, wrong).toBe(422);
      expect(refused.json().errors.vat_number).toEqual([VAT_NUMBER_MESSAGE]);
    }
    // Nothing of a refused update is kept.
    expect((await as(vendor.token, 'GET', '/api/vendor/shop')).json().data.shop.vat_number).toBe('GB999999973001');

    const listed = await as(admin.token, 'GET', `/api/admin/shops?per_page=100`);
    const row = listed.json().data.data.find((s: { id: number }) => s.id === vendor.shopId);
    expect(row.vat_number).toBe('GB999999973001');

    const emptied = await as(vendor.token, 'PUT', '/api/vendor/shop', { vat_number: '  ' });
    expect(emptied.statusCode, emptied.body).toBe(200);
    expect(emptied.json().data.shop.vat_number).toBeNull();
    const nulled = await as(vendor.token, 'PUT', '/api/vendor/shop', { vat_number: null });
    expect(nulled.json().data.shop.vat_number).toBeNull();
  });
});

describe('a checkout records VAT', () => {
  it("stores each line's VAT as core's lineVat, with the shop's discounts off and its delivery on, and the shop's number", async () => {
    const me = await signUp(t.app);
    const registered = await makeShop({ vatNumber: 'GB999000909' });
    const unregistered = await makeShop();
    const apples = await makeVariation(registered.id, { price: 600, vatRate: 0 });
    const candle = await makeVariation(registered.id, { price: 400, vatRate: 20 });
    const soap = await makeVariation(unregistered.id, { price: 360, vatRate: 20 });
    const coupon = await makeCoupon(registered.id, { type: 'percent', value: 10 });
    await givePoints(me.user.id, registered.id, 50);

    const res = await place(me.token, {
      order_type: 'delivery',
      address: DELIVERY_ADDRESS,
      items: [
        { variation_id: apples.id, quantity: 1 },
        { variation_id: candle.id, quantity: 1 },
        { variation_id: soap.id, quantity: 1 },
      ],
      coupons: { [registered.id]: coupon.code },
      reward_points: { [registered.id]: 50 },
      payment_method: 'cash',
    });
    expect(res.statusCode, res.body).toBe(201);
    const placed = res.json().data.orders as {
      id: number;
      shop: { id: number };
      discount: number;
      platform_discount: number;
      reward_discount: number;
      shipping_charge: number;
      vat_number: string | null;
      items: {
        variation_id: number;
        price: number;
        quantity: number;
        discount: number;
        vat_rate: number;
        vat: number;
      }[];
    }[];
    const withVat = placed.find((o) => o.shop.id === registered.id)!;
    const without = placed.find((o) => o.shop.id === unregistered.id)!;
    expect(withVat.vat_number).toBe('GB999000909');
    expect(without.vat_number).toBeNull();

    // The figures this test is built on: a 10 % shop coupon (100p), 50 points, half the delivery.
    expect(withVat).toMatchObject({ discount: 100, platform_discount: 0, reward_discount: 50, shipping_charge: 500 });
    for (const order of placed) {
      const expected = lineVat(
        order.items.map((item) => ({
          total: item.price * item.quantity,
          vatRate: item.vat_rate,
          couponDiscount: order.platform_discount === 0 ? item.discount : 0,
        })),
        {
          shopFundedDiscount: order.discount - order.platform_discount + order.reward_discount,
          shippingCharge: order.shipping_charge,
        },
      );
      const stored = await db()
        .select({ variationId: orderItems.variationId, vatRate: orderItems.vatRate, vat: orderItems.vat })
        .from(orderItems)
        .where(eq(orderItems.orderId, order.id))
        .orderBy(asc(orderItems.id));
      expect(stored).toEqual(
        order.items.map((item, index) => ({
          variationId: item.variation_id,
          vatRate: item.vat_rate,
          vat: expected[index]!.vat,
        })),
      );
    }
    // By hand: the 150p of discounts go 90/60 and the 500p delivery 300/200 over the £6 and £4
    // lines, so the candle's line is charged 400 - 60 + 200 = 540p, of which 540 x 20/120 = 90p
    // is VAT; the apples are zero-rated. The other shop's soap carries 360 + 500 = 860p: 143.33p.
    expect(withVat.items.map((item) => [item.variation_id, item.vat_rate, item.vat])).toEqual([
      [apples.id, 0, 0],
      [candle.id, 20, 90],
    ]);
    expect(without.items.map((item) => [item.vat_rate, item.vat])).toEqual([[20, 143]]);

    const invoice = await as(me.token, 'GET', `/api/user/invoice/${res.json().data.invoice}`);
    const shown = invoice.json().data.orders.find((o: { id: number }) => o.id === withVat.id);
    expect(shown).toMatchObject({ vat_number: 'GB999000909' });
    expect(shown.items.map((item: { vat: number }) => item.vat)).toEqual([0, 90]);
    // The VAT at each rate, per order of a VAT-registered shop, as the invoice shows it; none for the other.
    expect(shown.vat_rates).toEqual([
      { rate: 0, vat: 0 },
      { rate: 20, vat: 90 },
    ]);
    const other = invoice.json().data.orders.find((o: { id: number }) => o.id === without.id);
    expect(other).toMatchObject({ vat_number: null, vat_rates: [] });
  });

  it('takes a coupon for some products off their lines only: the other lines keep their full VAT', async () => {
    const me = await signUp(t.app);
    const shop = await makeShop({ vatNumber: 'GB999000909' });
    const apples = await makeVariation(shop.id, { price: 600, vatRate: 0 });
    const candle = await makeVariation(shop.id, { price: 400, vatRate: 20 });
    const coupon = await makeCoupon(shop.id, { type: 'percent', value: 50, productIds: [apples.productId] });
    const res = await place(
      me.token,
      collection(
        [
          { variation_id: apples.id, quantity: 1 },
          { variation_id: candle.id, quantity: 1 },
        ],
        { coupons: { [shop.id]: coupon.code } },
      ),
    );
    expect(res.statusCode, res.body).toBe(201);
    const [order] = res.json().data.orders;
    expect(order).toMatchObject({ discount: 300, platform_discount: 0 });
    // The apples' line carries the whole 300p; the candle's 400p, untouched, holds 400 x 20/120 = 66.67p
    // of VAT. Spread over both lines, the coupon would have taken 120p off the candle (46.67p VAT).
    expect(order.items.map((item: { discount: number; vat: number }) => [item.discount, item.vat])).toEqual([
      [300, 0],
      [0, 67],
    ]);
    const invoice = await as(me.token, 'GET', `/api/user/invoice/${res.json().data.invoice}`);
    expect(invoice.json().data.orders[0].vat_rates).toEqual([
      { rate: 0, vat: 0 },
      { rate: 20, vat: 67 },
    ]);
  });

  it("keeps a placed order's VAT number when the shop's changes; new orders take the new one, or none", async () => {
    const me = await signUp(t.app);
    const shop = await makeShop({ vatNumber: 'GB999000808' });
    const vendor = await signUpAs(t.app, t.database, 'vendor', { shopId: shop.id });
    const tea = await makeVariation(shop.id, { price: 350, vatRate: 0 });
    const buyTea = async () => {
      const res = await place(me.token, {
        order_type: 'delivery',
        address: DELIVERY_ADDRESS,
        items: [{ variation_id: tea.id, quantity: 1 }],
        payment_method: 'cash',
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().data.orders[0] as { id: number; vat_number: string | null };
    };
    const first = await buyTea();
    expect(first.vat_number).toBe('GB999000808');

    await as(vendor.token, 'PUT', '/api/vendor/shop', { vat_number: 'GB999 0007 07' });
    const second = await buyTea();
    expect(second.vat_number).toBe('GB999000707');
    await as(vendor.token, 'PUT', '/api/vendor/shop', { vat_number: '' });
    const third = await buyTea();
    expect(third.vat_number).toBeNull();

    const numbers = async (id: number) =>
      (await as(me.token, 'GET', `/api/user/order/${id}`)).json().data.order.vat_number;
    expect(await numbers(first.id)).toBe('GB999000808');
    expect(await numbers(second.id)).toBe('GB999000707');
    expect(await numbers(third.id)).toBeNull();
    const [row] = await db().select({ vatNumber: orders.vatNumber }).from(orders).where(eq(orders.id, first.id));
    expect(row?.vatNumber).toBe('GB999000808');
  });
});

describe("a VAT-registered shop's statement", () => {
  it('shows the VAT in the month’s due sales per rate, from the lines as recorded; none for an unregistered shop', async () => {
    const me = await signUp(t.app);
    const registered = await makeShop({ vatNumber: 'GB999000606' });
    const unregistered = await makeShop({});
    const vendor = await signUpAs(t.app, t.database, 'vendor', { shopId: registered.id });
    const otherVendor = await signUpAs(t.app, t.database, 'vendor', { shopId: unregistered.id });
    const bread = await makeVariation(registered.id, { price: 250, vatRate: 0 });
    const candle = await makeVariation(registered.id, { price: 599, vatRate: 20 });
    const soap = await makeVariation(unregistered.id, { price: 360, vatRate: 20 });
    const placed = await place(
      me.token,
      collection([
        { variation_id: bread.id, quantity: 2 },
        { variation_id: candle.id, quantity: 3 },
        { variation_id: soap.id, quantity: 1 },
      ]),
    );
    expect(placed.statusCode, placed.body).toBe(201);
    const byShop = new Map(
      (placed.json().data.orders as { id: number; shop: { id: number } }[]).map((o) => [o.shop.id, o.id]),
    );
    // Not due yet: nothing on the statement.
    expect((await as(vendor.token, 'GET', '/api/vendor/statement')).json().data.vat).toEqual([]);
    for (const [shopId, token] of [
      [registered.id, vendor.token],
      [unregistered.id, otherVendor.token],
    ] as const) {
      for (const status of ['processing', 'ready', 'delivered']) {
        const moved = await t.app.inject({
          method: 'PATCH',
          url: `/api/vendor/orders/${byShop.get(shopId)}/status`,
          headers: bearer(token),
          payload: { status },
        });
        expect(moved.statusCode, moved.body).toBe(200);
      }
    }
    const recorded = await db()
      .select({ vatRate: orderItems.vatRate, total: orderItems.total, vat: orderItems.vat })
      .from(orderItems)
      .where(eq(orderItems.orderId, byShop.get(registered.id)!));
    const expected = [0, 20].map((rate) => {
      const lines = recorded.filter((line) => line.vatRate === rate);
      return {
        rate,
        sales: lines.reduce((sum, line) => sum + line.total, 0),
        vat: lines.reduce((sum, line) => sum + (line.vat ?? 0), 0),
      };
    });
    // 3 x £5.99 at 20%: £17.97 holds £2.995 of VAT, rounded half up.
    expect(expected[1]).toEqual({ rate: 20, sales: 1797, vat: 300 });
    const statement = (await as(vendor.token, 'GET', '/api/vendor/statement')).json().data;
    expect(statement.vat).toEqual(expected);
    expect((await as(otherVendor.token, 'GET', '/api/vendor/statement')).json().data.vat).toEqual([]);
  });
});
