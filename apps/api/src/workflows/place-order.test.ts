import { type CartItem, type CartState, cartTotals } from '@parade/core/cart';
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addresses,
  couponRedemptions,
  coupons,
  invoices,
  mailOutbox,
  orderStatusHistory,
  orders,
  products,
  productVariations,
  rewardPointBalances,
  rewardPointEntries,
  shops,
  siteSettings,
} from '../maintenance/schema';
import { repairReadModel } from '../modules/catalog';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import { checkoutFixtures, collection } from '../test/checkout-fixtures';
import { bearer, signUp } from '../test/test-support';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ seed: true });
});
afterAll(() => t.close());

const db = () => t.database.db;
const { makeShop, makeVariation, makeCoupon, givePoints, place, stockOf } = checkoutFixtures(() => t);

async function invoiceCount(userId: number) {
  const [row] = await db().select({ n: count() }).from(invoices).where(eq(invoices.userId, userId));
  return row!.n;
}

/** The read model of these products is what a full recomputation gives (decision 010). */
async function expectReadModelRight(productIds: number[]) {
  const snapshot = () =>
    db()
      .select({
        id: products.id,
        listable: products.listable,
        unitsSold: products.unitsSold,
        cardStock: products.cardStock,
        cardInStock: products.cardInStock,
      })
      .from(products)
      .where(inArray(products.id, productIds))
      .orderBy(products.id);
  const kept = await snapshot();
  await repairReadModel(db());
  expect(kept).toEqual(await snapshot());
  return kept;
}

function cartItem(
  v: Awaited<ReturnType<typeof makeVariation>>,
  shop: { id: number; name: string; slug: string },
  quantity: number,
): CartItem {
  return {
    id: v.id,
    name: v.name,
    slug: v.slug,
    full_name: v.fullName,
    // What a tampered client would show does not matter: core gets the catalogue's price.
    price: v.price,
    thumbnail: null,
    images: [],
    quantity,
    product: { id: v.productId, slug: 'x', type: v.productType, shop_id: shop.id, shop },
  };
}

describe('POST /api/user/order/place', () => {
  it("charges what core's cartTotals computes for the same cart, ignoring every figure the client sends", async () => {
    const me = await signUp(t.app);
    const bakery = await makeShop();
    const books = await makeShop();
    const bread = await makeVariation(bakery.id, { price: 450 });
    const cake = await makeVariation(bakery.id, { price: 1299 });
    const ebook = await makeVariation(books.id, { price: 799, stock: null, type: 'Digital' });
    const coupon = await makeCoupon(bakery.id, { type: 'percent', value: 15 });
    await givePoints(me.user.id, books.id, 300);
    await givePoints(me.user.id, bakery.id, 50);

    const res = await place(me.token, {
      order_type: 'delivery',
      address: { name: 'Me', phone: '07700900000', line1: '1 Bethnal Green Road', city: 'London', postcode: 'e2 6dg' },
      // The digital shop first: the delivery charge goes on the first shop's order with a physical line.
      items: [
        { variation_id: ebook.id, quantity: 1, price: 1 },
        { variation_id: bread.id, quantity: 2, price: 1, total: 2 },
        { variation_id: cake.id, quantity: 1 },
      ],
      coupons: { [bakery.id]: coupon.code.toLowerCase() },
      reward_points: { [books.id]: 300, [bakery.id]: 50 },
      payment_method: 'cash',
      total: 1,
      subtotal: 1,
      shipping_charge: 0,
      discount: 99_999,
    });
    expect(res.statusCode).toBe(201);
    const data = res.json().data;

    const state: CartState = {
      items: [cartItem(ebook, books, 1), cartItem(bread, bakery, 2), cartItem(cake, bakery, 1)],
      shopCoupons: {
        [bakery.id]: {
          code: coupon.code,
          shop_id: bakery.id,
          discount: Math.round((450 * 2 + 1299) * 0.15),
          product_ids: [],
        },
      },
      rewardPointsApplied: { [books.id]: 300, [bakery.id]: 50 },
    };
    const expected = cartTotals(state, 'delivery');
    expect(expected.shippingCharge).toBe(1000);
    expect(data.total).toBe(expected.total);
    expect(data.invoice).toMatch(new RegExp(`^INV-${new Date().getUTCFullYear()}-\\d{6}$`));
    expect(data.payment).toMatchObject({ method: 'cash', status: 'unpaid' });

    const [bookOrder, bakeryOrder] = data.orders;
    expect(bookOrder).toMatchObject({
      shop: { id: books.id },
      subtotal: 799,
      discount: 0,
      reward_discount: 300,
      shipping_charge: 0,
      total: 499,
    });
    expect(bakeryOrder).toMatchObject({
      shop: { id: bakery.id },
      subtotal: 2199,
      discount: 330,
      reward_discount: 50,
      shipping_charge: 1000,
      total: 2199 - 330 - 50 + 1000,
      coupon_code: coupon.code,
      status: 'pending',
      payment_status: 'unpaid',
    });
    expect(bakeryOrder.items).toEqual([
      expect.objectContaining({
        variation_id: bread.id,
        full_name: bread.fullName,
        price: 450,
        quantity: 2,
        total: 900,
        type: 'Physical',
        thumbnail: bread.images[0],
      }),
      expect.objectContaining({ variation_id: cake.id, price: 1299, quantity: 1, total: 1299 }),
    ]);

    const invoice = await t.app.inject({ url: `/api/user/invoice/${data.invoice}`, headers: bearer(me.token) });
    expect(invoice.statusCode).toBe(200);
    expect(invoice.json().data.invoice).toMatchObject({
      number: data.invoice,
      order_type: 'delivery',
      address: { postcode: 'E2 6DG', line1: '1 Bethnal Green Road' },
      subtotal: expected.subtotal,
      discount: expected.discount,
      reward_discount: expected.rewardPointsDiscount,
      shipping_charge: expected.shippingCharge,
      total: expected.total,
      payment_due_at: null,
    });
    expect(invoice.json().data.orders).toEqual(data.orders);

    const detail = await t.app.inject({ url: `/api/user/order/${bakeryOrder.id}`, headers: bearer(me.token) });
    expect(detail.statusCode).toBe(200);
    expect(detail.json().data.order).toMatchObject({
      id: bakeryOrder.id,
      total: bakeryOrder.total,
      history: [{ status: 'pending' }],
    });
    const list = await t.app.inject({ url: '/api/user/order', headers: bearer(me.token) });
    expect(
      list
        .json()
        .data.data.map((o: { shipping_charge: number }) => o.shipping_charge)
        .sort(),
    ).toEqual([0, 1000]);

    // Coupon counted once, points spent from each shop's ledger.
    const [used] = await db().select().from(coupons).where(eq(coupons.id, coupon.id));
    expect(used!.timesUsed).toBe(1);
    const balances = await db().select().from(rewardPointBalances).where(eq(rewardPointBalances.userId, me.user.id));
    expect(balances.map((b) => b.points)).toEqual([0, 0]);
    const spent = await db().select().from(rewardPointEntries).where(eq(rewardPointEntries.userId, me.user.id));
    expect(spent.map((e) => [e.reason, e.points]).sort()).toEqual([
      ['checkout', -300],
      ['checkout', -50],
    ]);
    expect((await stockOf(bread.id)).stock).toBe(98);
  });

  it('mails the customer the invoice link and each shop a new-order notice', async () => {
    const me = await signUp(t.app);
    const a = await makeShop();
    const b = await makeShop();
    const va = await makeVariation(a.id, { price: 300 });
    const vb = await makeVariation(b.id, { price: 400 });
    const res = await place(
      me.token,
      collection([
        { variation_id: va.id, quantity: 1 },
        { variation_id: vb.id, quantity: 1 },
      ]),
    );
    expect(res.statusCode).toBe(201);
    const number = res.json().data.invoice as string;
    const mails = await db()
      .select()
      .from(mailOutbox)
      .where(inArray(mailOutbox.to, [me.email, a.email!, b.email!]));
    const toCustomer = mails.find((m) => m.to === me.email && m.kind === 'order-placed');
    expect(toCustomer?.text).toContain(`${t.config.publicUrl}/order/invoice/${number}`);
    expect(
      mails
        .filter((m) => m.kind === 'order-new-for-shop')
        .map((m) => m.to)
        .sort(),
    ).toEqual([a.email, b.email].sort());
  });

  it('sells the last 3 units exactly once under 50 concurrent checkouts; the rest are 409 naming the line', async () => {
    const me = await signUp(t.app);
    const shop = await makeShop();
    const filler = await makeVariation(shop.id, { price: 100 });
    const last = await makeVariation(shop.id, { price: 250, stock: 3, name: 'Braeburn Apples' });
    const replies = await Promise.all(
      Array.from({ length: 50 }, () =>
        place(
          me.token,
          collection([
            { variation_id: filler.id, quantity: 1 },
            { variation_id: last.id, quantity: 1 },
          ]),
        ),
      ),
    );
    const statuses = replies.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(3);
    const refused = replies.filter((r) => r.statusCode === 409);
    expect(refused).toHaveLength(47);
    for (const r of refused) {
      expect(r.json()).toMatchObject({
        status: false,
        code: 'out_of_stock',
        errors: { 'items.1': ['Braeburn Apples 1kg is sold out'] },
      });
      expect(Object.keys(r.json().errors)).toEqual(['items.1']);
    }
    expect(await stockOf(last.id)).toEqual({ stock: 0, unitsSold: 3 });
    expect(await stockOf(filler.id)).toEqual({ stock: 97, unitsSold: 3 });
    expect(await invoiceCount(me.user.id)).toBe(3);
    const [card] = await expectReadModelRight([last.productId]);
    expect(card).toMatchObject({ unitsSold: 3, cardStock: 0, cardInStock: false });
  });

  it('names every short line with what is left and writes nothing', async () => {
    const me = await signUp(t.app);
    const shop = await makeShop();
    const plenty = await makeVariation(shop.id, { price: 100 });
    const two = await makeVariation(shop.id, { price: 100, stock: 2, name: 'Braeburn Apples' });
    const none = await makeVariation(shop.id, { price: 100, stock: 0, name: 'Sourdough' });
    const res = await place(
      me.token,
      collection([
        { variation_id: two.id, quantity: 3 },
        { variation_id: plenty.id, quantity: 1 },
        { variation_id: none.id, quantity: 1 },
      ]),
    );
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'out_of_stock',
      errors: { 'items.0': ['Braeburn Apples 1kg: only 2 left'], 'items.2': ['Sourdough 1kg is sold out'] },
    });
    expect(Object.keys(res.json().errors).sort()).toEqual(['items.0', 'items.2']);
    expect(await stockOf(plenty.id)).toEqual({ stock: 100, unitsSold: 0 });
    expect(await stockOf(two.id)).toEqual({ stock: 2, unitsSold: 0 });
    expect(await invoiceCount(me.user.id)).toBe(0);
  });

  it('refuses a coupon or points sent for a shop with nothing in the order, and places nothing', async () => {
    const me = await signUp(t.app);
    const shop = await makeShop();
    const other = await makeShop();
    const line = await makeVariation(shop.id, { price: 500 });
    const res = await place(
      me.token,
      collection([{ variation_id: line.id, quantity: 1 }], {
        coupons: { [other.id]: 'MANGO20' },
        reward_points: { [other.id]: 100, [shop.id]: 0 },
      }),
    );
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      code: 'validation_failed',
      errors: {
        [`coupons.${other.id}`]: ['This shop has nothing in your order.'],
        [`reward_points.${other.id}`]: ['This shop has nothing in your order.'],
      },
    });
    expect(await invoiceCount(me.user.id)).toBe(0);
    expect(await stockOf(line.id)).toEqual({ stock: 100, unitsSold: 0 });
    // Zero points for a shop not in the order ask for nothing: the order is placed.
    const zero = await place(
      me.token,
      collection([{ variation_id: line.id, quantity: 1 }], { reward_points: { [other.id]: 0 } }),
    );
    expect(zero.statusCode).toBe(201);
  });

  it('sells a digital line once: a quantity above 1, or the same download twice, is refused under items.<i>', async () => {
    const me = await signUp(t.app);
    const shop = await makeShop();
    const ebook = await makeVariation(shop.id, { price: 499, stock: null, type: 'Digital' });
    const loaf = await makeVariation(shop.id, { price: 300 });
    for (const items of [
      [
        { variation_id: loaf.id, quantity: 2 },
        { variation_id: ebook.id, quantity: 2 },
      ],
      [
        { variation_id: loaf.id, quantity: 2 },
        { variation_id: ebook.id, quantity: 1 },
        { variation_id: ebook.id, quantity: 1 },
      ],
    ]) {
      const res = await place(me.token, collection(items));
      expect(res.statusCode, res.body).toBe(422);
      const index = items.length - 1;
      expect(res.json()).toMatchObject({
        code: 'validation_failed',
        errors: { [`items.${index}`]: ['A digital item is bought once: its quantity is 1.'] },
      });
      expect(Object.keys(res.json().errors)).toEqual([`items.${index}`]);
    }
    expect(await stockOf(loaf.id)).toEqual({ stock: 100, unitsSold: 0 });
    expect(await invoiceCount(me.user.id)).toBe(0);
    const once = await place(me.token, collection([{ variation_id: ebook.id, quantity: 1 }]));
    expect(once.statusCode, once.body).toBe(201);
  });

  it('needs no collection point or address for a cart of digital items only (spec: its order type is delivery)', async () => {
    const me = await signUp(t.app);
    const shop = await makeShop();
    const ebook = await makeVariation(shop.id, { price: 499, stock: null, type: 'Digital' });
    const loaf = await makeVariation(shop.id, { price: 300 });
    const bare = (items: { variation_id: number; quantity: number }[], orderType: 'delivery' | 'collection') => ({
      order_type: orderType,
      items,
      payment_method: 'cash',
    });
    const delivered = await place(me.token, bare([{ variation_id: ebook.id, quantity: 1 }], 'delivery'));
    expect(delivered.statusCode, delivered.body).toBe(201);
    expect(delivered.json().data.orders[0]).toMatchObject({ order_type: 'delivery', shipping_charge: 0, total: 499 });
    // A physical line still needs somewhere to go.
    const withLoaf = await place(
      me.token,
      bare(
        [
          { variation_id: ebook.id, quantity: 1 },
          { variation_id: loaf.id, quantity: 1 },
        ],
        'delivery',
      ),
    );
    expect(withLoaf.statusCode, withLoaf.body).toBe(422);
    expect(withLoaf.json().code).toBe('delivery_address_required');
    const collected = await place(me.token, bare([{ variation_id: loaf.id, quantity: 1 }], 'collection'));
    expect(collected.json().code).toBe('collection_point_invalid');
  });

  it('counts a coupon with usage_limit 1 once under 20 concurrent checkouts', async () => {
    const shop = await makeShop();
    const v = await makeVariation(shop.id, { price: 1000 });
    const coupon = await makeCoupon(shop.id, { usageLimit: 1 });
    const me = await signUp(t.app);
    const replies = await Promise.all(
      Array.from({ length: 20 }, () =>
        place(me.token, collection([{ variation_id: v.id, quantity: 1 }], { coupons: { [shop.id]: coupon.code } })),
      ),
    );
    expect(replies.filter((r) => r.statusCode === 201)).toHaveLength(1);
    for (const r of replies.filter((r) => r.statusCode !== 201)) {
      expect(r.statusCode).toBe(409);
      expect(r.json()).toMatchObject({
        code: 'coupon_used_up',
        errors: { [`coupons.${shop.id}`]: [expect.any(String)] },
      });
    }
    const [row] = await db().select().from(coupons).where(eq(coupons.id, coupon.id));
    expect(row!.timesUsed).toBe(1);
    const [redeemed] = await db()
      .select({ n: count() })
      .from(couponRedemptions)
      .where(eq(couponRedemptions.couponId, coupon.id));
    expect(redeemed!.n).toBe(1);
    expect((await stockOf(v.id)).stock).toBe(99);
  });

  it("keeps a coupon's per-customer limit under concurrency", async () => {
    const shop = await makeShop();
    const v = await makeVariation(shop.id, { price: 1000 });
    const coupon = await makeCoupon(shop.id, { perUserLimit: 1 });
    const me = await signUp(t.app);
    const replies = await Promise.all(
      Array.from({ length: 10 }, () =>
        place(me.token, collection([{ variation_id: v.id, quantity: 1 }], { coupons: { [shop.id]: coupon.code } })),
      ),
    );
    expect(replies.filter((r) => r.statusCode === 201)).toHaveLength(1);
    for (const r of replies.filter((r) => r.statusCode !== 201)) {
      expect(r.json()).toMatchObject({
        code: 'coupon_user_limit_reached',
        errors: { [`coupons.${shop.id}`]: [expect.any(String)] },
      });
    }
  });

  it('never takes reward points below zero under concurrent checkouts', async () => {
    const shop = await makeShop();
    const v = await makeVariation(shop.id, { price: 1000 });
    const me = await signUp(t.app);
    await givePoints(me.user.id, shop.id, 500);
    const replies = await Promise.all(
      Array.from({ length: 10 }, () =>
        place(me.token, collection([{ variation_id: v.id, quantity: 1 }], { reward_points: { [shop.id]: 200 } })),
      ),
    );
    const placed = replies.filter((r) => r.statusCode === 201);
    expect(placed).toHaveLength(2);
    for (const r of replies.filter((r) => r.statusCode !== 201)) {
      expect(r.statusCode).toBe(422);
      expect(r.json()).toMatchObject({
        code: 'points_insufficient',
        errors: { [`reward_points.${shop.id}`]: [expect.any(String)] },
      });
    }
    const [balance] = await db()
      .select()
      .from(rewardPointBalances)
      .where(and(eq(rewardPointBalances.userId, me.user.id), eq(rewardPointBalances.shopId, shop.id)));
    expect(balance!.points).toBe(100);
    for (const r of placed) expect(r.json().data.orders[0]).toMatchObject({ reward_discount: 200, total: 800 });
  });

  it('answers 20 concurrent retries with one Idempotency-Key with one invoice and identical replies', async () => {
    const me = await signUp(t.app);
    const shop = await makeShop();
    const v = await makeVariation(shop.id, { price: 500, stock: 30 });
    const body = collection([{ variation_id: v.id, quantity: 1 }]);
    const key = `checkout-${Date.now()}`;
    const replies = await Promise.all(
      Array.from({ length: 20 }, () => place(me.token, body, { 'idempotency-key': key })),
    );
    expect(new Set(replies.map((r) => r.statusCode))).toEqual(new Set([201]));
    expect(new Set(replies.map((r) => r.body)).size).toBe(1);
    expect(await invoiceCount(me.user.id)).toBe(1);
    expect((await stockOf(v.id)).stock).toBe(29);

    const later = await place(me.token, body, { 'idempotency-key': key });
    expect(later.statusCode).toBe(201);
    expect(later.body).toBe(replies[0]!.body);
    // Only one confirmation mail: a replay sends nothing.
    const [mails] = await db()
      .select({ n: count() })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, me.email), eq(mailOutbox.kind, 'order-placed')));
    expect(mails!.n).toBe(1);

    const other = await place(me.token, collection([{ variation_id: v.id, quantity: 2 }]), { 'idempotency-key': key });
    expect(other.statusCode).toBe(422);
    expect(other.json().code).toBe('idempotency_key_reused');
    expect(await invoiceCount(me.user.id)).toBe(1);

    // Another customer may use the same key for their own checkout.
    const you = await signUp(t.app);
    expect((await place(you.token, body, { 'idempotency-key': key })).statusCode).toBe(201);
    const tooLong = await place(me.token, body, { 'idempotency-key': 'k'.repeat(201) });
    expect(tooLong.statusCode).toBe(422);
  });

  it('stores awkward names and notes exactly, and answers the same reply when replayed', async () => {
    // The checkout is written by one statement over arrays: quotes, commas, braces, backslashes and
    // NULL-looking words must survive both drivers' array encoding.
    const me = await signUp(t.app);
    const names = ['Tom\'s "best", {jam} \\ NULL', 'Crème brûlée 🍓 {1,2}'];
    const shopA = await makeShop();
    const shopB = await makeShop();
    const a = await makeVariation(shopA.id, { price: 300, stock: 5, name: names[0] });
    const b = await makeVariation(shopB.id, { price: 450, stock: null, name: names[1] });
    const body = {
      ...collection([
        { variation_id: b.id, quantity: 2 },
        { variation_id: a.id, quantity: 1 },
      ]),
      note: 'Ring twice, "please" \\ {no}',
    };
    const key = `awkward-${Date.now()}`;
    const first = await place(me.token, body, { 'idempotency-key': key });
    expect(first.statusCode, first.body).toBe(201);
    const reply = first.json().data;
    expect(reply.orders.map((o: { shop: { id: number } }) => o.shop.id)).toEqual([shopB.id, shopA.id]);
    expect(reply.orders.flatMap((o: { items: { full_name: string }[] }) => o.items.map((i) => i.full_name))).toEqual([
      b.fullName,
      a.fullName,
    ]);
    const [stored] = await db()
      .select({ note: invoices.note })
      .from(invoices)
      .where(eq(invoices.number, reply.invoice));
    expect(stored!.note).toBe(body.note);
    // The replay is read back through drizzle; the first reply was mapped from the statement's JSON.
    const again = await place(me.token, body, { 'idempotency-key': key });
    expect(again.body).toBe(first.body);
    expect((await stockOf(a.id)).stock).toBe(4);
    expect((await stockOf(b.id)).stock).toBeNull();
    await expectReadModelRight([a.productId, b.productId]);
  });

  it('keeps card checkouts unpaid with a due time, and refuses card while card payment is off', async () => {
    const me = await signUp(t.app);
    const shop = await makeShop();
    const v = await makeVariation(shop.id, { price: 500 });
    const refused = await place(
      me.token,
      collection([{ variation_id: v.id, quantity: 1 }], { payment_method: 'card' }),
    );
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({
      code: 'payment_unavailable',
      errors: { payment_method: [expect.any(String)] },
    });

    const card = await buildTestApp({
      seed: true,
      env: { STRIPE_SECRET_KEY: 'sk_test_placeholder', CARD_PAYMENT_TIMEOUT_MINUTES: '45' },
    });
    try {
      // The admin's publishable key and switch, with the server's secret key: card is effectively on.
      await card.database.db
        .update(siteSettings)
        .set({ value: 'pk_test_placeholder' })
        .where(eq(siteSettings.key, 'stripe_test_pub'));
      const shopper = await signUp(card.app);
      const [sold] = await card.database.db
        .select()
        .from(productVariations)
        .where(sql`${productVariations.stock} > 5`)
        .limit(1);
      const before = Date.now();
      const res = await card.app.inject({
        method: 'POST',
        url: '/api/user/order/place',
        headers: bearer(shopper.token),
        payload: collection([{ variation_id: sold!.id, quantity: 1 }], { payment_method: 'card' }),
      });
      expect(res.statusCode).toBe(201);
      const { payment } = res.json().data;
      expect(payment).toMatchObject({ method: 'card', status: 'unpaid' });
      expect(payment.client_secret).toBeUndefined();
      const due = Date.parse(payment.due_at);
      expect(due - before).toBeGreaterThanOrEqual(45 * 60_000 - 1000);
      expect(due - before).toBeLessThanOrEqual(45 * 60_000 + 60_000);

      // Below Stripe's smallest GBP charge a card checkout could never be paid: cash only.
      const cheap = checkoutFixtures(() => card);
      const penny = await cheap.makeVariation((await cheap.makeShop()).id, { price: 29 });
      const tooSmall = await card.app.inject({
        method: 'POST',
        url: '/api/user/order/place',
        headers: bearer(shopper.token),
        payload: collection([{ variation_id: penny.id, quantity: 1 }], { payment_method: 'card' }),
      });
      expect(tooSmall.statusCode).toBe(422);
      expect(tooSmall.json()).toMatchObject({
        code: 'payment_unavailable',
        errors: { payment_method: ['Card payments start at £0.30; please pay by cash.'] },
      });
      const [stillThere] = await card.database.db
        .select({ stock: productVariations.stock })
        .from(productVariations)
        .where(eq(productVariations.id, penny.id));
      expect(stillThere?.stock).toBe(100);
    } finally {
      await card.close();
    }
  });

  describe('refusals (422), each changing nothing', () => {
    it('an empty cart', async () => {
      const me = await signUp(t.app);
      const res = await place(me.token, collection([]));
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({ code: 'empty_cart', errors: { items: ['Your cart is empty.'] } });
    });

    it('a quantity or variation id that is not a whole decimal number ("0x10", [3], true, " 2 ", "+1")', async () => {
      const me = await signUp(t.app);
      const shop = await makeShop();
      const v = await makeVariation(shop.id, { price: 100, stock: 50 });
      for (const quantity of ['0x10', [3], true, ' 2 ', '+1', '1e1', 2.5]) {
        const res = await place(me.token, collection([{ variation_id: v.id, quantity }]));
        expect(res.statusCode, JSON.stringify(quantity)).toBe(422);
        expect(res.json().code).toBe('validation_failed');
      }
      for (const variationId of ['+' + v.id, `0x${v.id.toString(16)}`, ` ${v.id}`]) {
        const res = await place(me.token, collection([{ variation_id: variationId, quantity: 1 }]));
        expect(res.statusCode, variationId).toBe(422);
      }
      expect(await invoiceCount(me.user.id)).toBe(0);
      expect((await stockOf(v.id)).stock).toBe(50);
      // Decimal text is still read, as a form would send it.
      expect((await place(me.token, collection([{ variation_id: String(v.id), quantity: '2' }]))).statusCode).toBe(201);
    });

    it('a suspended shop, an inactive variation, an unknown variation', async () => {
      const me = await signUp(t.app);
      const open = await makeShop();
      const closed = await makeShop({ isActive: false });
      const fine = await makeVariation(open.id, { price: 100 });
      const shut = await makeVariation(closed.id, { price: 100 });
      const hidden = await makeVariation(open.id, { price: 100 });
      await db().update(productVariations).set({ isActive: false }).where(eq(productVariations.id, hidden.id));
      const res = await place(
        me.token,
        collection([
          { variation_id: fine.id, quantity: 1 },
          { variation_id: shut.id, quantity: 1 },
          { variation_id: hidden.id, quantity: 1 },
          { variation_id: 99_999_999, quantity: 1 },
        ]),
      );
      expect(res.statusCode).toBe(422);
      expect(res.json().code).toBe('shop_unavailable');
      expect(Object.keys(res.json().errors).sort()).toEqual(['items.1', 'items.2', 'items.3']);
      expect(res.json().errors['items.1']).toEqual([`${closed.name} is not taking orders at the moment.`]);
      expect(await stockOf(fine.id)).toEqual({ stock: 100, unitsSold: 0 });
      expect(await invoiceCount(me.user.id)).toBe(0);
    });

    it('a shop on holiday (409 shop_on_holiday with its notice)', async () => {
      const me = await signUp(t.app);
      const open = await makeShop();
      const away = await makeShop({ holidayMode: true });
      await db().update(shops).set({ holidayMessage: 'Back on Monday' }).where(eq(shops.id, away.id));
      const fine = await makeVariation(open.id, { price: 100 });
      const resting = await makeVariation(away.id, { price: 100 });
      const res = await place(
        me.token,
        collection([
          { variation_id: fine.id, quantity: 1 },
          { variation_id: resting.id, quantity: 1 },
        ]),
      );
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ code: 'shop_on_holiday', errors: { 'items.1': ['Back on Monday'] } });
      expect(await invoiceCount(me.user.id)).toBe(0);
    });

    it("a shop's coupon that does not apply, named by its shop", async () => {
      const me = await signUp(t.app);
      const shop = await makeShop();
      const v = await makeVariation(shop.id, { price: 500 });
      const coupon = await makeCoupon(shop.id, { minSpend: 5000 });
      const items = [{ variation_id: v.id, quantity: 1 }];
      const unknown = await place(me.token, collection(items, { coupons: { [shop.id]: 'NO-SUCH-CODE' } }));
      expect(unknown.statusCode).toBe(422);
      expect(unknown.json()).toMatchObject({
        code: 'coupon_not_found',
        errors: { [`coupons.${shop.id}`]: [expect.any(String)] },
      });
      const tooLittle = await place(me.token, collection(items, { coupons: { [shop.id]: coupon.code } }));
      expect(tooLittle.statusCode).toBe(422);
      expect(tooLittle.json()).toMatchObject({
        code: 'coupon_min_spend',
        errors: { [`coupons.${shop.id}`]: ['Spend at least £50.00 at this shop to use this coupon.'] },
      });
      expect(await stockOf(v.id)).toEqual({ stock: 100, unitsSold: 0 });
      expect(await invoiceCount(me.user.id)).toBe(0);
      const [row] = await db().select().from(coupons).where(eq(coupons.id, coupon.id));
      expect(row!.timesUsed).toBe(0);
    });

    it('collection without a point, or with one not in the settings', async () => {
      const me = await signUp(t.app);
      const shop = await makeShop();
      const v = await makeVariation(shop.id, { price: 100 });
      const items = [{ variation_id: v.id, quantity: 1 }];
      for (const point of [undefined, 'Somewhere Else, London']) {
        const res = await place(me.token, {
          order_type: 'collection',
          collection_point: point,
          items,
          payment_method: 'cash',
        });
        expect(res.statusCode).toBe(422);
        expect(res.json()).toMatchObject({
          code: 'collection_point_invalid',
          errors: { collection_point: [expect.any(String)] },
        });
      }
      expect(await invoiceCount(me.user.id)).toBe(0);
    });

    it("delivery without an address, to another customer's address, or outside the radius", async () => {
      const me = await signUp(t.app);
      const you = await signUp(t.app);
      const shop = await makeShop();
      const v = await makeVariation(shop.id, { price: 100 });
      const items = [{ variation_id: v.id, quantity: 1 }];
      const delivery = (extra: object) =>
        place(me.token, { order_type: 'delivery', items, payment_method: 'cash', ...extra });

      const missing = await delivery({});
      expect(missing.statusCode).toBe(422);
      expect(missing.json().code).toBe('delivery_address_required');

      const unknownPostcode = await delivery({
        address: { name: 'Me', phone: '07700900000', line1: '1 Nowhere Lane', city: 'London', postcode: 'ZZ9 9ZZ' },
      });
      expect(unknownPostcode.statusCode).toBe(422);
      expect(unknownPostcode.json()).toMatchObject({
        code: 'postcode_invalid',
        errors: { address: [expect.any(String)], 'address.postcode': [expect.any(String)] },
      });

      const [yours] = await db()
        .insert(addresses)
        .values({
          userId: you.user.id,
          name: 'You',
          phone: '07700900001',
          line1: '2 Brick Lane',
          city: 'London',
          postcode: 'E1 6QL',
        })
        .returning();
      // Exactly one address: a saved one and a new one together are refused, whichever would pass.
      const both = await delivery({
        address_id: yours!.id,
        address: { name: 'Me', phone: '07700900000', line1: '1 Piccadilly', city: 'Manchester', postcode: 'M1 1AA' },
      });
      expect(both.statusCode).toBe(422);
      expect(both.json()).toMatchObject({ code: 'validation_failed', errors: { address: [expect.any(String)] } });

      const notMine = await delivery({ address_id: yours!.id });
      expect(notMine.statusCode).toBe(422);
      expect(notMine.json()).toMatchObject({ code: 'address_not_found', errors: { address_id: [expect.any(String)] } });

      const [far] = await db()
        .insert(addresses)
        .values({
          userId: me.user.id,
          name: 'Me',
          phone: '07700900002',
          line1: '1 Piccadilly',
          city: 'Manchester',
          postcode: 'M1 1AE',
        })
        .returning();
      const tooFar = await delivery({ address_id: far!.id });
      expect(tooFar.statusCode).toBe(422);
      expect(tooFar.json()).toMatchObject({
        code: 'delivery_out_of_range',
        errors: { address: [expect.any(String)], address_id: [expect.any(String)] },
      });

      const [near] = await db()
        .insert(addresses)
        .values({
          userId: me.user.id,
          name: 'Me',
          phone: '07700900002',
          line1: '1 Bethnal Green Road',
          city: 'London',
          postcode: 'E2 6DG',
        })
        .returning();
      expect((await delivery({ address_id: near!.id })).statusCode).toBe(201);
      expect(await invoiceCount(me.user.id)).toBe(1);
      expect(await stockOf(v.id)).toEqual({ stock: 99, unitsSold: 1 });
    });
  });

  it('needs a signed-in customer and limits each customer to 60 checkouts a minute', async () => {
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/user/order/place', payload: collection([]) })).statusCode,
    ).toBe(401);
    const me = await signUp(t.app);
    const you = await signUp(t.app);
    for (let i = 0; i < 60; i++) expect((await place(me.token, collection([]))).statusCode).toBe(422);
    const limited = await place(me.token, collection([]));
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('rate_limited');
    expect((await place(you.token, collection([]))).statusCode).toBe(422);
  });
});

describe("another customer's orders and invoices", () => {
  it('answer 404', async () => {
    const me = await signUp(t.app);
    const you = await signUp(t.app);
    const shop = await makeShop();
    const v = await makeVariation(shop.id, { price: 100 });
    const placed = (await place(me.token, collection([{ variation_id: v.id, quantity: 1 }]))).json().data;
    const order = await t.app.inject({ url: `/api/user/order/${placed.orders[0].id}`, headers: bearer(you.token) });
    expect(order.statusCode).toBe(404);
    // An id written any way but in decimal digits reaches no order, not even the caller's own.
    const id = placed.orders[0].id as number;
    for (const written of [`+${id}`, `0x${id.toString(16)}`, `${id}.0`]) {
      const own = await t.app.inject({
        url: `/api/user/order/${encodeURIComponent(written)}`,
        headers: bearer(me.token),
      });
      expect(own.statusCode, written).toBe(422);
    }
    expect(order.json().code).toBe('order_not_found');
    const invoice = await t.app.inject({ url: `/api/user/invoice/${placed.invoice}`, headers: bearer(you.token) });
    expect(invoice.statusCode).toBe(404);
    expect(invoice.json().code).toBe('invoice_not_found');
    expect(
      (await t.app.inject({ url: `/api/user/invoice/${placed.invoice}`, headers: bearer(me.token) })).statusCode,
    ).toBe(200);
    expect((await t.app.inject({ url: '/api/user/invoice/INV-1', headers: bearer(me.token) })).statusCode).toBe(422);
    // Nothing of the order leaked into the other customer's list.
    const list = await t.app.inject({ url: '/api/user/order', headers: bearer(you.token) });
    expect(list.json().data.total).toBe(0);
    const [history] = await db()
      .select({ n: count() })
      .from(orderStatusHistory)
      .where(eq(orderStatusHistory.orderId, placed.orders[0].id));
    expect(history!.n).toBe(1);
    const [row] = await db().select().from(orders).where(eq(orders.id, placed.orders[0].id));
    expect(row!.userId).toBe(me.user.id);
  });
});
