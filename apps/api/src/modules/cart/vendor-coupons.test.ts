import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coupons, shops } from '../../maintenance/schema';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { signUpAs } from '../../test/manage-fixtures';
import { realImage } from '../../test/test-images';
import { bearer, multipartPayload } from '../../test/test-support';
import { shopsForOrders } from '../shops';

let t: TestApp;
let a: { token: string; shopId: number | null };
let b: { token: string; shopId: number | null };

function as(token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) {
  return t.app.inject({ method, url, headers: bearer(token), ...(payload !== undefined ? { payload } : {}) });
}

beforeAll(async () => {
  t = await buildTestApp();
  a = await signUpAs(t.app, t.database, 'vendor');
  b = await signUpAs(t.app, t.database, 'vendor');
}, 60_000);
afterAll(async () => t?.close());

describe('vendor coupons', () => {
  it('creates, lists with used_count, updates only the fields sent and deletes', async () => {
    const created = await as(a.token, 'POST', '/api/vendor/coupons', {
      code: 'spring10',
      type: 'percent',
      value: 10,
      min_spend: 1000,
      shop_id: b.shopId,
      times_used: 50,
    });
    expect(created.statusCode, created.body).toBe(201);
    const coupon = created.json().data.coupon;
    expect(coupon).toMatchObject({ code: 'SPRING10', type: 'percent', value: 10, min_spend: 1000, used_count: 0 });
    const [row] = await t.database.db.select().from(coupons).where(eq(coupons.id, coupon.id));
    expect(row).toMatchObject({ shopId: a.shopId, timesUsed: 0 });

    await t.database.db.update(coupons).set({ timesUsed: 3 }).where(eq(coupons.id, coupon.id));
    const list = await as(a.token, 'GET', '/api/vendor/coupons?search=spring');
    expect(list.json().data.data[0]).toMatchObject({ id: coupon.id, used_count: 3 });

    const put = await as(a.token, 'PUT', `/api/vendor/coupons/${coupon.id}`, { value: 15 });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().data.coupon).toMatchObject({ code: 'SPRING10', value: 15, min_spend: 1000, used_count: 3 });
    // The rules hold on the merged coupon: a fixed £5 coupon cannot become "500 percent".
    const bad = await as(a.token, 'PUT', `/api/vendor/coupons/${coupon.id}`, { value: 500 });
    expect(bad.statusCode).toBe(422);

    const dup = await as(a.token, 'POST', '/api/vendor/coupons', { code: 'SPRING10', type: 'fixed', value: 100 });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().code).toBe('coupon_code_taken');
    // Another shop may use the same code.
    expect(
      (await as(b.token, 'POST', '/api/vendor/coupons', { code: 'SPRING10', type: 'fixed', value: 100 })).statusCode,
    ).toBe(201);

    // The delete answers the coupon as it was just before, in the shape GET and PUT answer.
    const before = (await as(a.token, 'GET', `/api/vendor/coupons/${coupon.id}`)).json().data;
    const del = await as(a.token, 'DELETE', `/api/vendor/coupons/${coupon.id}`);
    expect(del.statusCode, del.body).toBe(200);
    expect(del.json()).toMatchObject({ status: true, message: 'Coupon deleted.' });
    expect(del.json().data.coupon).toMatchObject({ id: coupon.id, code: 'SPRING10', value: 15, used_count: 3 });
    expect(del.json().data).toEqual(before);
    expect((await as(a.token, 'GET', `/api/vendor/coupons/${coupon.id}`)).statusCode).toBe(404);
  });

  it("answers 404 on another shop's coupon and never names another shop's products", async () => {
    const theirs = (
      await as(b.token, 'POST', '/api/vendor/coupons', { code: 'THEIRS', type: 'fixed', value: 100 })
    ).json().data.coupon;
    for (const res of [
      await as(a.token, 'GET', `/api/vendor/coupons/${theirs.id}`),
      await as(a.token, 'PUT', `/api/vendor/coupons/${theirs.id}`, { value: 1 }),
      await as(a.token, 'DELETE', `/api/vendor/coupons/${theirs.id}`),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('coupon_not_found');
    }
    const [row] = await t.database.db.select().from(coupons).where(eq(coupons.id, theirs.id));
    expect(row?.value).toBe(100);

    const product = (
      await as(b.token, 'POST', '/api/vendor/products', { name: 'B Bread', variations: [{ name: 'Loaf', price: 200 }] })
    ).json().data.product;
    const res = await as(a.token, 'POST', '/api/vendor/coupons', {
      code: 'STEAL',
      type: 'fixed',
      value: 100,
      product_ids: [product.id],
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.product_ids).toBeDefined();
  });
});

describe('vendor shop profile', () => {
  it('updates only the fields sent; name, slug, status and shop are not the vendor’s to set', async () => {
    const before = (await as(a.token, 'GET', '/api/vendor/shop')).json().data.shop;
    const res = await as(a.token, 'PUT', '/api/vendor/shop', {
      tagline: 'Fresh every morning',
      points_per_pound: 3,
      name: 'Renamed',
      slug: 'renamed',
      status: 'active',
      id: b.shopId,
      is_featured: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    const shop = res.json().data.shop;
    expect(shop).toMatchObject({
      id: a.shopId,
      name: before.name,
      slug: before.slug,
      tagline: 'Fresh every morning',
      points_per_pound: 3,
      address: before.address,
      holiday_mode: false,
    });
    const [row] = await t.database.db.select().from(shops).where(eq(shops.id, a.shopId!));
    expect(row?.isFeatured).toBe(false);
    const [other] = await t.database.db.select().from(shops).where(eq(shops.id, b.shopId!));
    expect(other?.tagline).toBeNull();
    expect((await as(a.token, 'PUT', '/api/vendor/shop', { points_per_pound: -1 })).statusCode).toBe(422);
  });

  it('holiday mode marks the shop as taking no orders, with its notice', async () => {
    const holidays = async () =>
      [...(await shopsForOrders(t.database.db, [a.shopId!, b.shopId!])).values()]
        .filter((shop) => shop.onHoliday)
        .map((shop) => [shop.id, shop.holidayMessage]);
    expect(await holidays()).toEqual([]);
    const res = await as(a.token, 'PUT', '/api/vendor/shop', { holiday_mode: true, holiday_message: 'Back on Monday' });
    expect(res.json().data.shop).toMatchObject({ holiday_mode: true, holiday_message: 'Back on Monday' });
    // What place-order reads to refuse the shop's lines (409 shop_on_holiday, its test).
    expect(await holidays()).toEqual([[a.shopId, 'Back on Monday']]);
    // The storefront's shop page carries the notice on the next request.
    const slug = res.json().data.shop.slug;
    const page = await t.app.inject({ method: 'GET', url: `/api/shop/${slug}` });
    expect(page.json().data).toMatchObject({ holiday_mode: true, holiday_message: 'Back on Monday' });
    await as(a.token, 'PUT', '/api/vendor/shop', { holiday_mode: false });
    const after = await t.app.inject({ method: 'GET', url: `/api/shop/${slug}` });
    expect(after.json().data).toMatchObject({ holiday_mode: false, holiday_message: null });
  });
});

describe('vendor shop pictures', () => {
  it('stores a logo checked by content and shows it on the storefront at once', async () => {
    const png = await realImage(64, 64);
    const send = async (bytes: Buffer) => {
      const form = new FormData();
      form.append('image', new Blob([new Uint8Array(bytes)]), 'logo.png');
      const upload = await multipartPayload(form);
      return t.app.inject({
        method: 'POST',
        url: '/api/vendor/shop/logo',
        headers: { ...bearer(a.token), ...upload.headers },
        payload: upload.payload,
      });
    };
    const bad = await send(Buffer.from('GIF? no, a script'));
    expect(bad.statusCode).toBe(422);
    expect(bad.json().code).toBe('image_invalid');
    const res = await send(png);
    expect(res.statusCode, res.body).toBe(200);
    const { logo, slug } = res.json().data.shop;
    expect(logo.url).toMatch(/^\/uploads\/shops\/.+\.png$/);
    const page = await t.app.inject({ method: 'GET', url: `/api/shop/${slug}` });
    expect(page.json().data.logo).toEqual({ url: logo.url });
    const served = await t.app.inject({ method: 'GET', url: logo.url });
    expect(served.statusCode).toBe(200);
  });
});
