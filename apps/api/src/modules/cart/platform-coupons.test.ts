import { platformCouponSchema } from '@parade/core/admin-schemas';
import { dealSchema } from '@parade/core/content-schemas';
import { orderSchema } from '@parade/core/order-schemas';
import { and, count, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products, productVariations, shops, subCategories } from '../../maintenance/schema';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { checkoutFixtures, collection } from '../../test/checkout-fixtures';
import { signUpAs } from '../../test/manage-fixtures';
import { bearer, signUp } from '../../test/test-support';
import { couponRedemptions, coupons } from './cart.tables';

/**
 * Issue 23 "a deal that shows a code can be redeemed at checkout": platform coupons, made by the
 * admin, good on the matching lines of any shop, paid for by the platform (decision 026).
 */
let t: TestApp;
let admin: { token: string };
const fx = checkoutFixtures(() => t);
const db = () => t.database.db;
let serial = 0;

beforeAll(async () => {
  t = await buildTestApp({ seed: true });
  admin = await signUpAs(t.app, t.database, 'admin');
});
afterAll(async () => {
  await t?.close();
});

const call = (
  token: string | null,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  payload?: object,
) => t.app.inject({ method, url, payload, headers: token ? bearer(token) : {} });

const validate = (shopId: number, code: string, items: { variation_id: number; quantity: number }[]) =>
  t.app.inject({
    method: 'POST',
    url: '/api/user/order/validate-coupon',
    payload: { shop_id: shopId, code, items },
    remoteAddress: `10.23.0.${++serial % 250}`,
  });

async function platformCoupon(values: Partial<typeof coupons.$inferInsert> = {}) {
  serial += 1;
  const [row] = await db()
    .insert(coupons)
    .values({ shopId: null, code: `PLAT${serial}X${Date.now() % 100000}`, type: 'percent', value: 10, ...values })
    .returning();
  return row!;
}

async function subCategoryId(slug: string) {
  const [row] = await db().select({ id: subCategories.id }).from(subCategories).where(eq(subCategories.slug, slug));
  return row!.id;
}

async function inSubCategory(variation: { productId: number }, subCategory: number) {
  await db().update(products).set({ subCategoryId: subCategory }).where(eq(products.id, variation.productId));
}

async function timesUsed(id: number) {
  const [row] = await db().select({ n: coupons.timesUsed }).from(coupons).where(eq(coupons.id, id));
  return row!.n;
}

describe('admin/coupons', () => {
  it('lets the admin alone create, list, change and delete platform coupons, checking what they name', async () => {
    const vendor = await signUpAs(t.app, t.database, 'vendor');
    const bread = await subCategoryId('bread');
    const body = { code: 'parade-wide', type: 'percent', value: 15, sub_category_ids: [bread], per_user_limit: 2 };
    expect((await call(null, 'POST', '/api/admin/coupons', body)).statusCode).toBe(401);
    expect((await call(vendor.token, 'POST', '/api/admin/coupons', body)).statusCode).toBe(403);

    const created = await call(admin.token, 'POST', '/api/admin/coupons', body);
    expect(created.statusCode, created.body).toBe(201);
    const coupon = platformCouponSchema.parse(created.json().data.coupon);
    expect(coupon).toMatchObject({ code: 'PARADE-WIDE', sub_category_ids: [bread], category_ids: [], used_count: 0 });
    const [row] = await db().select().from(coupons).where(eq(coupons.id, coupon.id));
    expect(row!.shopId).toBeNull();

    // One platform code per code; a shop may still have its own coupon with it (the shop's wins there).
    const again = await call(admin.token, 'POST', '/api/admin/coupons', { ...body, code: 'Parade-Wide' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'coupon_code_taken', errors: { code: [expect.any(String)] } });

    const unknown = await call(admin.token, 'POST', '/api/admin/coupons', {
      ...body,
      code: 'NOSUCH',
      category_ids: [999999],
      product_ids: [999998],
    });
    expect(unknown.statusCode).toBe(422);
    expect(Object.keys(unknown.json().errors).sort()).toEqual(['category_ids', 'product_ids']);
    expect((await db().select({ n: count() }).from(coupons).where(eq(coupons.code, 'NOSUCH')))[0]!.n).toBe(0);

    const listed = await call(admin.token, 'GET', '/api/admin/coupons?search=parade-wide');
    expect(listed.json().data.data.map((c: { id: number }) => c.id)).toEqual([coupon.id]);
    // The platform's list never shows a shop's coupons, nor a shop's list the platform's.
    const all = await call(admin.token, 'GET', '/api/admin/coupons?per_page=100');
    const [platformTotal] = await db().select({ n: count() }).from(coupons).where(isNull(coupons.shopId));
    expect(all.json().data.total).toBe(platformTotal!.n);
    const mine = await call(vendor.token, 'GET', '/api/vendor/coupons?search=parade-wide');
    expect(mine.json().data.total).toBe(0);

    const changed = await call(admin.token, 'PUT', `/api/admin/coupons/${coupon.id}`, { value: 20, category_ids: [] });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data.coupon).toMatchObject({ value: 20, sub_category_ids: [bread], per_user_limit: 2 });
    expect((await call(admin.token, 'PUT', `/api/admin/coupons/${coupon.id}`, { value: 101 })).statusCode).toBe(422);

    const deleted = await call(admin.token, 'DELETE', `/api/admin/coupons/${coupon.id}`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    // The coupon deleted, as its GET answered it (decision 014).
    expect(deleted.json().data.coupon).toMatchObject({ id: coupon.id, value: 20, sub_category_ids: [bread] });
    expect((await call(admin.token, 'GET', `/api/admin/coupons/${coupon.id}`)).statusCode).toBe(404);
  });
});

describe('a platform code at checkout', () => {
  it('applies to the matching lines of whichever shop it is entered for, and says the platform pays', async () => {
    const bakery = await fx.makeShop();
    const grocer = await fx.makeShop();
    const loaf = await fx.makeVariation(bakery.id, { price: 400 });
    const jam = await fx.makeVariation(bakery.id, { price: 300 });
    const apples = await fx.makeVariation(grocer.id, { price: 250 });
    const breadId = await subCategoryId('bread');
    await inSubCategory(loaf, breadId);
    const coupon = await platformCoupon({ subCategoryIds: [breadId], value: 25 });

    const atBakery = await validate(bakery.id, coupon.code.toLowerCase(), [
      { variation_id: loaf.id, quantity: 2 },
      { variation_id: jam.id, quantity: 1 },
    ]);
    expect(atBakery.statusCode, atBakery.body).toBe(200);
    expect(atBakery.json().data.coupon).toEqual({
      code: coupon.code,
      shop_id: bakery.id,
      discount: 200,
      // The contract's "empty = whole shop" would say the jam is covered too: the loaf's product is named.
      product_ids: [loaf.productId],
      funded_by: 'platform',
    });
    const atGrocer = await validate(grocer.id, coupon.code, [{ variation_id: apples.id, quantity: 1 }]);
    expect(atGrocer.statusCode).toBe(422);
    expect(atGrocer.json()).toMatchObject({ code: 'coupon_not_applicable', errors: { code: [expect.any(String)] } });

    // A shop's own coupon with the same code is the one that shop's lines get.
    await fx.makeCoupon(bakery.id, { code: coupon.code, type: 'fixed', value: 50 });
    const shopFirst = await validate(bakery.id, coupon.code, [{ variation_id: loaf.id, quantity: 1 }]);
    expect(shopFirst.json().data.coupon).toMatchObject({ discount: 50, funded_by: 'shop' });
  });

  it('records the platform-funded part on each order it was applied to, one use per order', async () => {
    const bakery = await fx.makeShop();
    const deli = await fx.makeShop();
    const loaf = await fx.makeVariation(bakery.id, { price: 500 });
    const cheese = await fx.makeVariation(deli.id, { price: 800 });
    const coupon = await platformCoupon({ type: 'percent', value: 10, usageLimit: 10 });
    const me = await signUp(t.app);

    const placed = await fx.place(
      me.token,
      collection(
        [
          { variation_id: loaf.id, quantity: 2 },
          { variation_id: cheese.id, quantity: 1 },
        ],
        { coupons: { [bakery.id]: coupon.code, [deli.id]: coupon.code } },
      ),
    );
    expect(placed.statusCode, placed.body).toBe(201);
    const orders = placed.json().data.orders.map((o: unknown) => orderSchema.parse(o));
    const byShop = new Map(orders.map((o: { shop: { id: number } }) => [o.shop.id, o]));
    expect(byShop.get(bakery.id)).toMatchObject({ discount: 100, platform_discount: 100, coupon_code: coupon.code });
    expect(byShop.get(deli.id)).toMatchObject({ discount: 80, platform_discount: 80, total: 720 });
    expect(placed.json().data.total).toBe(1000 - 100 + 800 - 80);
    expect(await timesUsed(coupon.id)).toBe(2);

    // A shop coupon's discount stays the shop's to pay.
    const shopCoupon = await fx.makeCoupon(bakery.id, { type: 'fixed', value: 30 });
    const own = await fx.place(
      me.token,
      collection([{ variation_id: loaf.id, quantity: 1 }], { coupons: { [bakery.id]: shopCoupon.code } }),
    );
    expect(own.json().data.orders[0]).toMatchObject({ discount: 30, platform_discount: 0 });

    // Cancelling one of the orders gives back that order's use only.
    const vendor = await signUpAs(t.app, t.database, 'vendor', { shopId: deli.id });
    const deliOrder = byShop.get(deli.id) as { id: number };
    const cancelled = await call(vendor.token, 'PATCH', `/api/vendor/orders/${deliOrder.id}/status`, {
      status: 'cancelled',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await timesUsed(coupon.id)).toBe(1);
    const [left] = await db()
      .select({ n: count() })
      .from(couponRedemptions)
      .where(eq(couponRedemptions.couponId, coupon.id));
    expect(left!.n).toBe(1);
  });

  it("keeps a shopper's limit across the shops of one checkout, and refuses without changing anything", async () => {
    const a = await fx.makeShop();
    const b = await fx.makeShop();
    const va = await fx.makeVariation(a.id, { price: 600 });
    const vb = await fx.makeVariation(b.id, { price: 700 });
    const coupon = await platformCoupon({ perUserLimit: 1 });
    const me = await signUp(t.app);
    const twice = await fx.place(
      me.token,
      collection(
        [
          { variation_id: va.id, quantity: 1 },
          { variation_id: vb.id, quantity: 1 },
        ],
        { coupons: { [a.id]: coupon.code, [b.id]: coupon.code } },
      ),
    );
    expect(twice.statusCode).toBe(422);
    const field = `coupons.${Math.max(a.id, b.id)}`;
    expect(twice.json()).toMatchObject({
      code: 'coupon_user_limit_reached',
      errors: { [field]: [expect.any(String)] },
    });
    expect(await timesUsed(coupon.id)).toBe(0);
    expect((await fx.stockOf(va.id)).stock).toBe(100);

    const once = await fx.place(
      me.token,
      collection([{ variation_id: va.id, quantity: 1 }], { coupons: { [a.id]: coupon.code } }),
    );
    expect(once.statusCode, once.body).toBe(201);
    const again = await fx.place(
      me.token,
      collection([{ variation_id: vb.id, quantity: 1 }], { coupons: { [b.id]: coupon.code } }),
    );
    expect(again.json()).toMatchObject({ code: 'coupon_user_limit_reached' });
  });

  it('counts a platform coupon with usage_limit 1 once under 12 concurrent checkouts at different shops', async () => {
    const coupon = await platformCoupon({ usageLimit: 1 });
    const shoppers = await Promise.all(
      Array.from({ length: 12 }, async () => {
        const shop = await fx.makeShop();
        const variation = await fx.makeVariation(shop.id, { price: 900 });
        return { shop, variation, me: await signUp(t.app) };
      }),
    );
    const replies = await Promise.all(
      shoppers.map(({ shop, variation, me }) =>
        fx.place(
          me.token,
          collection([{ variation_id: variation.id, quantity: 1 }], { coupons: { [shop.id]: coupon.code } }),
        ),
      ),
    );
    expect(replies.filter((r) => r.statusCode === 201)).toHaveLength(1);
    for (const r of replies.filter((r) => r.statusCode !== 201)) {
      expect(r.statusCode, r.body).toBe(409);
      expect(r.json()).toMatchObject({ code: 'coupon_used_up' });
    }
    expect(await timesUsed(coupon.id)).toBe(1);
  });
});

describe('deals that show a code', () => {
  it('shows the demo codes, and EBOOK25 takes 25% off every e-book of the bookshop', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/ubm-offers' });
    const deals = res.json().data.data.map((d: unknown) => dealSchema.parse(d));
    const codes = Object.fromEntries(
      deals.map((d: { title: string; coupon_code: string | null }) => [d.title, d.coupon_code]),
    );
    expect(codes['E-book week']).toBe('EBOOK25');
    expect(codes['Fresh Friday, every day this month']).toBe('FRESH10');
    expect(codes['Free collection, every order']).toBeNull();

    const bookshop = (await db().select().from(shops).where(eq(shops.slug, 'brick-and-binding-books')))[0]!;
    const ebooks = await db()
      .select({ id: productVariations.id, price: productVariations.price, name: productVariations.fullName })
      .from(productVariations)
      .innerJoin(products, eq(products.id, productVariations.productId))
      .innerJoin(subCategories, eq(subCategories.id, products.subCategoryId))
      .where(and(eq(products.shopId, bookshop.id), eq(subCategories.slug, 'e-books')));
    expect(ebooks.length).toBeGreaterThanOrEqual(7);
    for (const ebook of ebooks) {
      const check = await validate(bookshop.id, 'ebook25', [{ variation_id: ebook.id, quantity: 1 }]);
      expect(check.statusCode, `${ebook.name}: ${check.body}`).toBe(200);
      expect(check.json().data.coupon.discount).toBe(Math.round(ebook.price * 0.25));
    }
  });

  it('takes a code only when a coupon could honour it, and hides it once the coupon cannot be used', async () => {
    const shop = await fx.makeShop();
    const platform = await platformCoupon({ usageLimit: 5 });
    const other = await fx.makeShop();
    const elsewhere = await fx.makeCoupon(other.id);

    const refused = await call(admin.token, 'POST', '/api/admin/deals', {
      title: 'A deal with a code from another shop',
      description: 'Nothing',
      shop_id: shop.id,
      coupon_code: elsewhere.code,
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toHaveProperty('coupon_code');

    const created = await call(admin.token, 'POST', '/api/admin/deals', {
      title: `Platform code deal ${serial}`,
      description: 'Ten per cent off',
      coupon_code: platform.code.toLowerCase(),
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().data.deal).toMatchObject({ coupon_code: platform.code, coupon_redeemable: true });
    const dealId = created.json().data.deal.id as number;

    const shown = async () => {
      for (let page = 1; page < 10; page++) {
        const list = await t.app.inject({ method: 'GET', url: `/api/ubm-offers?page=${page}` });
        const deal = list.json().data.data.find((d: { id: number }) => d.id === dealId);
        if (deal) return deal.coupon_code as string | null;
        if (page >= list.json().data.last_page) break;
      }
      throw new Error('the deal is not listed');
    };
    expect(await shown()).toBe(platform.code);

    // Used up: the admin sees it is no longer shown (the storefront's list follows within its cache's life).
    await db().update(coupons).set({ timesUsed: 5 }).where(eq(coupons.id, platform.id));
    expect((await call(admin.token, 'GET', `/api/admin/deals/${dealId}`)).json().data.deal.coupon_redeemable).toBe(
      false,
    );
  });
});
