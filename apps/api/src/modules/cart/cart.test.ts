import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products, productVariations, shops, users } from '../../maintenance/schema';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { bearer, signUp } from '../../test/test-support';
import { couponRedemptions, coupons, rewardPointBalances } from './cart.tables';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ seed: true });
});
afterAll(() => t.close());

async function shopId(slug: string) {
  const [row] = await t.database.db.select({ id: shops.id }).from(shops).where(eq(shops.slug, slug));
  if (!row) throw new Error(`no shop ${slug}`);
  return row.id;
}

/** In-stock variations of a shop with their product ids and prices, cheapest first. */
async function variationsOf(slug: string) {
  return t.database.db
    .select({
      id: productVariations.id,
      price: productVariations.price,
      productId: products.id,
      productSlug: products.slug,
    })
    .from(productVariations)
    .innerJoin(products, eq(products.id, productVariations.productId))
    .innerJoin(shops, eq(shops.id, products.shopId))
    .where(eq(shops.slug, slug))
    .orderBy(productVariations.price);
}

const validate = (payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/user/order/validate-coupon', payload, headers });

describe('validate-coupon', () => {
  it('limits how many codes one client can try in a minute', async () => {
    const bakery = await shopId('rise-and-crumb');
    const [a] = await variationsOf('rise-and-crumb');
    const guess = (code: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/user/order/validate-coupon',
        payload: { shop_id: bakery, code, items: [{ variation_id: a!.id, quantity: 1 }] },
        remoteAddress: '10.11.0.1',
      });
    for (let i = 0; i < 30; i++) expect((await guess(`GUESS${i}`)).statusCode).toBe(422);
    const blocked = await guess('GUESS-LAST');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({
      status: false,
      message: 'Too many requests, please try again later.',
      code: 'rate_limited',
      errors: {},
    });
  });

  it('computes a percent discount from our prices, ignoring any price the client sends', async () => {
    const bakery = await shopId('rise-and-crumb');
    const [a, b] = await variationsOf('rise-and-crumb');
    const res = await validate({
      shop_id: bakery,
      code: 'bread15',
      items: [
        { variation_id: a!.id, quantity: 2, price: 1 },
        { variation_id: b!.id, quantity: 1 },
      ],
    });
    expect(res.statusCode).toBe(200);
    const expected = Math.round(((a!.price * 2 + b!.price) * 15) / 100);
    expect(res.json().data.coupon).toEqual({
      code: 'BREAD15',
      shop_id: bakery,
      discount: expected,
      product_ids: [],
      funded_by: 'shop',
    });
  });

  it('prices no coupon on a download asked for more than once: 422 under items.<i>, as checkout refuses it', async () => {
    const [coupon] = await t.database.db
      .select({ shopId: coupons.shopId })
      .from(coupons)
      .where(eq(coupons.code, 'EBOOK25'));
    const [ebook] = await t.database.db
      .select({ id: productVariations.id, price: productVariations.price })
      .from(productVariations)
      .innerJoin(products, eq(products.id, productVariations.productId))
      .where(and(eq(products.shopId, coupon!.shopId!), eq(products.type, 'Digital')))
      .limit(1);
    for (const items of [
      [{ variation_id: ebook!.id, quantity: 3 }],
      [
        { variation_id: ebook!.id, quantity: 1 },
        { variation_id: ebook!.id, quantity: 1 },
      ],
    ]) {
      const res = await validate({ shop_id: coupon!.shopId, code: 'EBOOK25', items });
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json()).toMatchObject({
        code: 'validation_failed',
        message: 'A digital item is bought once: its quantity is 1.',
        errors: { [`items.${items.length - 1}`]: ['A digital item is bought once: its quantity is 1.'] },
      });
    }
    const once = await validate({
      shop_id: coupon!.shopId,
      code: 'EBOOK25',
      items: [{ variation_id: ebook!.id, quantity: 1 }],
    });
    expect(once.statusCode, once.body).toBe(200);
    expect(once.json().data.coupon.discount).toBe(Math.round((ebook!.price * 25) / 100));
  });

  it('refuses an expired coupon', async () => {
    const halal = await shopId('barakah-halal-grocer');
    const [a] = await variationsOf('barakah-halal-grocer');
    const res = await validate({ shop_id: halal, code: 'EID2025', items: [{ variation_id: a!.id, quantity: 1 }] });
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe('coupon_expired');
    expect(res.json().errors.code).toEqual(['This coupon has expired.']);
  });

  it('refuses below the minimum spend', async () => {
    const greens = await shopId('green-barrow');
    const [cheapest] = await variationsOf('green-barrow');
    const res = await validate({
      shop_id: greens,
      code: 'WELCOME10',
      items: [{ variation_id: cheapest!.id, quantity: 1 }],
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe('coupon_min_spend');
    expect(res.json().errors.code).toEqual(['Spend at least £10.00 at this shop to use this coupon.']);
  });

  it("refuses another shop's coupon and ignores other shops' lines", async () => {
    const bakery = await shopId('rise-and-crumb');
    const [greensLine] = await variationsOf('green-barrow');
    const wrongShop = await validate({
      shop_id: bakery,
      code: 'WELCOME10',
      items: [{ variation_id: greensLine!.id, quantity: 50 }],
    });
    expect(wrongShop.statusCode).toBe(422);
    expect(wrongShop.json().code).toBe('coupon_not_found');
    expect(wrongShop.json().errors.code).toEqual(['This coupon code is not valid for this shop.']);
    // The right code for the bakery, but only greengrocer lines: nothing to discount.
    const noLines = await validate({
      shop_id: bakery,
      code: 'BREAD15',
      items: [{ variation_id: greensLine!.id, quantity: 1 }],
    });
    expect(noLines.statusCode).toBe(422);
    expect(noLines.json().code).toBe('coupon_not_applicable');
    expect(noLines.json().errors.code).toEqual(['This coupon does not apply to the items in your cart.']);
  });

  it('applies a product-limited coupon to the named products only', async () => {
    const greens = await shopId('green-barrow');
    const lines = await variationsOf('green-barrow');
    const [coupon] = await t.database.db.select().from(coupons).where(eq(coupons.code, 'MANGO20'));
    const named = lines.find((l) => coupon!.productIds.includes(l.productId))!;
    const other = lines.find((l) => !coupon!.productIds.includes(l.productId))!;
    const res = await validate({
      shop_id: greens,
      code: 'MANGO20',
      items: [
        { variation_id: named.id, quantity: 1 },
        { variation_id: other.id, quantity: 3 },
      ],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.coupon.discount).toBe(Math.round((named.price * 20) / 100));
    expect(res.json().data.coupon.product_ids).toEqual(coupon!.productIds);
    const onlyOther = await validate({
      shop_id: greens,
      code: 'MANGO20',
      items: [{ variation_id: other.id, quantity: 3 }],
    });
    expect(onlyOther.statusCode).toBe(422);
  });

  it('refuses a coupon whose usage is exhausted, overall and per shopper', async () => {
    const bakery = await shopId('rise-and-crumb');
    const [a] = await variationsOf('rise-and-crumb');
    const items = [{ variation_id: a!.id, quantity: 1 }];
    const [bread] = await t.database.db.select().from(coupons).where(eq(coupons.code, 'BREAD15'));

    const shopper = await signUp(t.app);
    await t.database.db.update(coupons).set({ perUserLimit: 1 }).where(eq(coupons.id, bread!.id));
    await t.database.db
      .insert(couponRedemptions)
      .values({ couponId: bread!.id, userId: shopper.user.id, orderId: 1, discount: 10 });
    const perUser = await validate({ shop_id: bakery, code: 'BREAD15', items }, bearer(shopper.token));
    expect(perUser.statusCode).toBe(422);
    expect(perUser.json().code).toBe('coupon_user_limit_reached');
    expect(perUser.json().errors.code).toEqual(['You have already used this coupon as many times as allowed.']);

    await t.database.db
      .update(coupons)
      .set({ perUserLimit: null, timesUsed: sql`${coupons.usageLimit}` })
      .where(eq(coupons.id, bread!.id));
    const overall = await validate({ shop_id: bakery, code: 'BREAD15', items });
    // Used up is a conflict with the coupon's state: 409, as place-order answers it.
    expect(overall.statusCode).toBe(409);
    expect(overall.json().code).toBe('coupon_used_up');
    expect(overall.json().errors.code).toEqual(['This coupon has reached its usage limit.']);
  });

  it('answers bad input with field errors', async () => {
    const res = await validate({ shop_id: 'x', code: '', items: [] });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors).sort()).toEqual(['code', 'items', 'shop_id']);
  });
});

describe('reward points', () => {
  it("lists the signed-in customer's balances per shop", async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'customer@parade.test', password: 'parade-customer-2026' },
    });
    const token = login.json().data.access_token as string;
    const res = await t.app.inject({ url: '/api/user/reward-points', headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    const [customer] = await t.database.db.select().from(users).where(eq(users.email, 'customer@parade.test'));
    const stored = await t.database.db
      .select()
      .from(rewardPointBalances)
      .where(and(eq(rewardPointBalances.userId, customer!.id)));
    const balances = res.json().data.balances as { shop_id: number; points: number; shop: { slug: string } }[];
    expect(balances.length).toBe(stored.filter((s) => s.points > 0).length);
    expect(balances.length).toBeGreaterThan(0);
    for (const b of balances) expect(stored.find((s) => s.shopId === b.shop_id)?.points).toBe(b.points);
  });

  it('needs a signed-in customer', async () => {
    const res = await t.app.inject({ url: '/api/user/reward-points' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ status: false, code: 'unauthenticated' });
  });
});
