import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products, productVariations, shops } from '../../maintenance/schema';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { makeCategory, makeShop, signUpAs } from '../../test/manage-fixtures';
import { pngClaiming, realImage } from '../../test/test-images';
import { bearer, multipartPayload } from '../../test/test-support';

let t: TestApp;
let a: { token: string; shopId: number | null };
let b: { token: string; shopId: number | null };
let shopA: { id: number; slug: string };

function as(token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) {
  return t.app.inject({ method, url, headers: bearer(token), ...(payload !== undefined ? { payload } : {}) });
}

async function createProduct(token: string, body: Record<string, unknown>) {
  const res = await as(token, 'POST', '/api/vendor/products', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.product;
}

const listed = async (url: string) => (await t.app.inject({ method: 'GET', url })).json().data;

beforeAll(async () => {
  t = await buildTestApp();
  const shop = await makeShop(t.database, { name: 'Quayside Larder' });
  shopA = shop;
  a = await signUpAs(t.app, t.database, 'vendor', { shopId: shop.id });
  b = await signUpAs(t.app, t.database, 'vendor');
}, 60_000);
afterAll(async () => t?.close());

describe('a vendor creating and editing products', () => {
  it('shows a new product in the lists, search and the shop page on the next request', async () => {
    // Warm the lists first, so a stale cache would show.
    expect((await listed('/api/products?search=zanzibar')).products.total).toBe(0);
    const category = await makeCategory(t.database, 'Spices');
    const product = await createProduct(a.token, {
      name: 'Zanzibar Cloves',
      category_id: category.id,
      variations: [{ name: '50g', price: 299, stock: 12, sku: 'ZC-50' }],
    });
    expect(product).toMatchObject({ name: 'Zanzibar Cloves', slug: 'zanzibar-cloves', listed: true, is_active: true });
    expect(product.variations[0]).toMatchObject({ full_name: 'Zanzibar Cloves 50g', price: 299, stock: 12 });

    const list = await listed('/api/products?search=zanzibar');
    expect(list.products.data.map((c: { name: string }) => c.name)).toEqual(['Zanzibar Cloves']);
    expect(list.products.data[0].price).toBe(299);
    const hits = (await t.app.inject({ method: 'POST', url: '/api/search', payload: { search: 'zanzibar' } })).json()
      .data;
    expect(hits.map((h: { full_name: string }) => h.full_name)).toContain('Zanzibar Cloves 50g');
    const shopPage = await listed(`/api/shop/${shopA.slug}/product`);
    expect(shopPage.products.data.map((c: { name: string }) => c.name)).toContain('Zanzibar Cloves');

    // A new price and stock, then unpublishing: each shows at once.
    const variationId = product.variations[0].id;
    const put = await as(a.token, 'PUT', `/api/vendor/variations/${variationId}`, { price: 349 });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().data.variation).toMatchObject({ price: 349, stock: 12, sku: 'ZC-50' });
    expect((await listed('/api/products?search=zanzibar')).products.data[0].price).toBe(349);

    const stock = await as(a.token, 'POST', '/api/vendor/products/bulk-stock', {
      items: [{ variation_id: variationId, stock: 0 }],
    });
    expect(stock.statusCode, stock.body).toBe(200);
    expect(stock.json().data.variations[0].stock).toBe(0);

    const off = await as(a.token, 'POST', `/api/vendor/products/${product.id}/unpublish`);
    expect(off.json().data.product).toMatchObject({ is_active: false, listed: false });
    expect((await listed('/api/products?search=zanzibar')).products.total).toBe(0);
    expect((await listed(`/api/shop/${shopA.slug}/product`)).products.total).toBe(0);
    await as(a.token, 'POST', `/api/vendor/products/${product.id}/publish`);
    expect((await listed('/api/products?search=zanzibar')).products.total).toBe(1);

    // The delete answers the product with its variations as it was just before, as GET answers it.
    const before = (await as(a.token, 'GET', `/api/vendor/products/${product.id}`)).json().data;
    const del = await as(a.token, 'DELETE', `/api/vendor/products/${product.id}`);
    expect(del.statusCode, del.body).toBe(200);
    expect(del.json()).toMatchObject({ status: true, message: 'Product deleted.' });
    expect(del.json().data.product).toMatchObject({
      id: product.id,
      name: 'Zanzibar Cloves',
      slug: 'zanzibar-cloves',
      is_active: true,
      variations: [{ id: variationId, full_name: 'Zanzibar Cloves 50g', price: 349, stock: 0, sku: 'ZC-50' }],
    });
    expect(del.json().data).toEqual(before);
    expect((await listed('/api/products?search=zanzibar')).products.total).toBe(0);
    expect((await as(a.token, 'GET', `/api/vendor/products/${product.id}`)).statusCode).toBe(404);
  });

  it('deletes a variation and answers it as it was just before', async () => {
    const product = await createProduct(a.token, {
      name: 'Wildflower Honey',
      variations: [
        { name: '250g', price: 450, stock: 8, sku: 'WH-250' },
        { name: '500g', price: 799, stock: 4, sku: 'WH-500' },
      ],
    });
    const [small, large] = product.variations;
    const before = (await as(a.token, 'GET', `/api/vendor/products/${product.id}`)).json().data.product;
    const del = await as(a.token, 'DELETE', `/api/vendor/variations/${large.id}`);
    expect(del.statusCode, del.body).toBe(200);
    expect(del.json()).toMatchObject({ status: true, message: 'Variation deleted.' });
    expect(del.json().data.variation).toMatchObject({
      id: large.id,
      product_id: product.id,
      name: '500g',
      full_name: 'Wildflower Honey 500g',
      price: 799,
      stock: 4,
      sku: 'WH-500',
      is_active: true,
    });
    expect(del.json().data.variation).toEqual(before.variations[1]);
    const after = (await as(a.token, 'GET', `/api/vendor/products/${product.id}`)).json().data.product;
    expect(after.variations.map((v: { id: number }) => v.id)).toEqual([small.id]);
    const again = await as(a.token, 'DELETE', `/api/vendor/variations/${large.id}`);
    expect(again.statusCode).toBe(404);
    expect(again.json().code).toBe('variation_not_found');
  });

  it('updates only the fields sent and renames the variations with the product', async () => {
    const product = await createProduct(a.token, {
      name: 'Oat Milk',
      description: 'Creamy.',
      variations: [{ name: '1L', price: 180, stock: 3 }],
    });
    const res = await as(a.token, 'PUT', `/api/vendor/products/${product.id}`, { name: 'Barista Oat Milk' });
    expect(res.statusCode, res.body).toBe(200);
    const updated = res.json().data.product;
    expect(updated).toMatchObject({ name: 'Barista Oat Milk', description: 'Creamy.', slug: 'oat-milk' });
    expect(updated.variations[0].full_name).toBe('Barista Oat Milk 1L');
    // Slugs stay unique in the shop: a second product of the same name gets its own.
    const again = await createProduct(a.token, { name: 'Oat Milk' });
    expect(again.slug).toBe('oat-milk-2');
    const taken = await as(a.token, 'POST', '/api/vendor/products', { name: 'Other', slug: 'oat-milk' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe('slug_taken');
  });

  it('refuses bad input with the envelope and writes nothing', async () => {
    const before = (await t.database.db.select().from(products)).length;
    const res = await as(a.token, 'POST', '/api/vendor/products', {
      name: 'Bad',
      variations: [{ name: 'x', price: -1 }],
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ status: false, code: 'validation_failed' });
    expect(res.json().errors['variations.0.price']).toBeDefined();
    const noCategory = await as(a.token, 'POST', '/api/vendor/products', { name: 'Bad', category_id: 999999 });
    expect(noCategory.statusCode).toBe(422);
    expect((await t.database.db.select().from(products)).length).toBe(before);
  });

  it('refuses a price below 1p under errors.price, and never saves it clamped to free', async () => {
    const product = await createProduct(a.token, { name: 'Priced Jam', variations: [{ name: '340g', price: 325 }] });
    const variationId = product.variations[0].id as number;
    for (const price of [0, -1, -100]) {
      const put = await as(a.token, 'PUT', `/api/vendor/variations/${variationId}`, { price });
      expect(put.statusCode, put.body).toBe(422);
      expect(put.json()).toMatchObject({
        code: 'validation_failed',
        errors: { price: ['A price must be at least £0.01.'] },
      });
      const added = await as(a.token, 'POST', `/api/vendor/products/${product.id}/variations`, {
        name: `Free ${price}`,
        price,
      });
      expect(added.statusCode, added.body).toBe(422);
      expect(added.json().errors.price).toEqual(['A price must be at least £0.01.']);
    }
    const [kept] = await t.database.db
      .select({ price: productVariations.price })
      .from(productVariations)
      .where(eq(productVariations.productId, product.id));
    expect(kept).toEqual({ price: 325 });
    expect((await as(a.token, 'PUT', `/api/vendor/variations/${variationId}`, { price: 1 })).statusCode).toBe(200);
  });
});

describe("one shop's vendor and another shop's objects", () => {
  it("answers 404 on shop B's products and variations, and changes nothing", async () => {
    const theirs = await createProduct(b.token, {
      name: 'Rye Loaf',
      variations: [{ name: 'Whole', price: 400, stock: 5 }],
    });
    const variationId = theirs.variations[0].id;
    const attempts = [
      as(a.token, 'GET', `/api/vendor/products/${theirs.id}`),
      as(a.token, 'PUT', `/api/vendor/products/${theirs.id}`, { name: 'Mine now' }),
      as(a.token, 'DELETE', `/api/vendor/products/${theirs.id}`),
      as(a.token, 'POST', `/api/vendor/products/${theirs.id}/unpublish`),
      as(a.token, 'POST', `/api/vendor/products/${theirs.id}/variations`, { name: 'Half', price: 1 }),
      as(a.token, 'PUT', `/api/vendor/variations/${variationId}`, { price: 1 }),
      as(a.token, 'DELETE', `/api/vendor/variations/${variationId}`),
      as(a.token, 'POST', '/api/vendor/products/bulk-stock', { items: [{ variation_id: variationId, stock: 0 }] }),
    ];
    for (const res of await Promise.all(attempts)) expect(res.statusCode, res.body).toBe(404);
    const form = new FormData();
    form.append('images', new Blob([new Uint8Array(await realImage(2, 2))]), 'a.png');
    const upload = await multipartPayload(form);
    const img = await t.app.inject({
      method: 'POST',
      url: `/api/vendor/products/${theirs.id}/images`,
      headers: { ...bearer(a.token), ...upload.headers },
      payload: upload.payload,
    });
    expect(img.statusCode).toBe(404);
    const [row] = await t.database.db.select().from(productVariations).where(eq(productVariations.id, variationId));
    expect(row).toMatchObject({ price: 400, stock: 5, name: 'Whole' });
    const mine = (await as(a.token, 'GET', '/api/vendor/products?per_page=100')).json().data.data;
    // `search` also matches a product's slug (the contract's "obvious human fields"), hyphens and all.
    const slugged = mine.find((p: { slug: string }) => p.slug.includes('-'));
    expect(slugged, 'a product whose slug has a hyphen').toBeDefined();
    const bySlug = (await as(a.token, 'GET', `/api/vendor/products?search=${slugged.slug}`)).json().data.data;
    expect(bySlug.map((p: { id: number }) => p.id)).toContain(slugged.id);
    expect((await as(a.token, 'GET', '/api/vendor/products?per_page=101')).statusCode).toBe(422);
    expect(mine.map((p: { name: string }) => p.name)).not.toContain('Rye Loaf');
  });

  it('never writes unknown body fields: shop_id, role, read-model columns', async () => {
    const product = await createProduct(a.token, {
      name: 'Sneaky Jam',
      shop_id: b.shopId,
      shopId: b.shopId,
      listable: true,
      role: 'admin',
      variations: [{ name: 'Jar', price: 300, stock: 1, product_id: 1, units_sold: 999 }],
    });
    const [row] = await t.database.db.select().from(products).where(eq(products.id, product.id));
    expect(row?.shopId).toBe(a.shopId);
    expect(product.variations[0].units_sold).toBe(0);
    await as(a.token, 'PUT', `/api/vendor/products/${product.id}`, { shop_id: b.shopId });
    const [after] = await t.database.db.select().from(products).where(eq(products.id, product.id));
    expect(after?.shopId).toBe(a.shopId);
    const [shopRow] = await t.database.db
      .select()
      .from(shops)
      .where(eq(shops.id, b.shopId ?? 0));
    expect(shopRow).toBeDefined();
  });
});

describe('picture uploads', () => {
  it('stores pictures checked by content and pixel count, on the first variation by default', async () => {
    const product = await createProduct(a.token, {
      name: 'Fig Jam',
      variations: [{ name: 'Jar', price: 300, stock: 2 }],
    });
    const send = async (files: [Buffer, string][]) => {
      const form = new FormData();
      for (const [bytes, name] of files) form.append('images', new Blob([new Uint8Array(bytes)]), name);
      const upload = await multipartPayload(form);
      return t.app.inject({
        method: 'POST',
        url: `/api/vendor/products/${product.id}/images`,
        headers: { ...bearer(a.token), ...upload.headers },
        payload: upload.payload,
      });
    };
    const good = await send([[await realImage(40, 30), 'fig.png']]);
    expect(good.statusCode, good.body).toBe(200);
    const images = good.json().data.images;
    expect(images).toHaveLength(1);
    expect(images[0].url).toMatch(/^\/uploads\/products\/.+\.png$/);
    // A card shows the picture at once.
    const card = (await listed('/api/products?search=fig')).products.data[0];
    expect(card.thumbnail).toBe(images[0].url);

    const fake = await send([[Buffer.from('<svg onload=alert(1)>'), 'evil.png']]);
    expect(fake.statusCode).toBe(422);
    expect(fake.json().code).toBe('image_invalid');
    const huge = await send([[pngClaiming(10_000, 10_000), 'huge.png']]);
    expect(huge.statusCode).toBe(422);
    const detail = (await as(a.token, 'GET', `/api/vendor/products/${product.id}`)).json().data.product;
    expect(detail.variations[0].images).toHaveLength(1);
  });
});

describe('a shop on holiday', () => {
  it('carries its notice on its product pages from the next request', async () => {
    const product = await createProduct(a.token, {
      name: 'Heather Honey',
      variations: [{ name: 'Jar', price: 650, stock: 4 }],
    });
    const url = `/api/product/${shopA.slug}/${product.slug}/${product.variations[0].slug}`;
    const shopOnPage = async () => {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.product.shop;
    };
    const holiday = (body: object) => as(a.token, 'PUT', '/api/vendor/shop', body);
    expect(await shopOnPage()).toMatchObject({ slug: shopA.slug, holiday_mode: false, holiday_message: null });

    // The shop's product cards (lists, search, home) know it too, from the read model.
    const cardShop = async () =>
      (
        (await listed(`/api/products?shop=${shopA.slug}&per_page=60`)).products.data as {
          slug: string;
          shop: { holiday_mode: boolean };
        }[]
      ).find((card) => card.slug === product.slug)?.shop.holiday_mode;
    expect(await cardShop()).toBe(false);

    expect((await holiday({ holiday_mode: true, holiday_message: 'Back on Monday' })).statusCode).toBe(200);
    expect(await shopOnPage()).toMatchObject({ holiday_mode: true, holiday_message: 'Back on Monday' });
    expect(await cardShop()).toBe(true);
    // Back from holiday, the stored message is not shown.
    await holiday({ holiday_mode: false });
    expect(await shopOnPage()).toMatchObject({ holiday_mode: false, holiday_message: null });
    expect(await cardShop()).toBe(false);
    // On holiday without a message: the storefront words the notice itself (core's holidayNotice).
    await holiday({ holiday_mode: true, holiday_message: null });
    expect(await shopOnPage()).toMatchObject({ holiday_mode: true, holiday_message: null });
    await holiday({ holiday_mode: false });
  });
});
