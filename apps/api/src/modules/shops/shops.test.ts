import type { ProductList, Shop, ShopCard, ShopData, VendorRef } from '@parade/core/catalog-dto';
import type { Paginated } from '@parade/core/envelope';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brands, categories, products, productVariations } from '../../maintenance/schema';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { signUpAs } from '../../test/manage-fixtures';
import { shops } from './shops.tables';

let t: TestApp;

async function get<T>(
  url: string,
): Promise<{ status: number; body: { status: boolean; data: T; errors: Record<string, string[]> } }> {
  const res = await t.app.inject({ method: 'GET', url });
  return { status: res.statusCode, body: res.json() };
}

/** What a shop should report, computed here from the tables: listable products and their card prices. */
async function expectedShop(slug: string) {
  const db = t.database.db;
  const [shop] = await db.select().from(shops).where(eq(shops.slug, slug));
  const rows = await db.select().from(products).where(eq(products.shopId, shop!.id));
  const variations = await db.select().from(productVariations);
  const listable = rows
    .filter((p) => p.isActive)
    .map((p) => {
      const prices = variations.filter((v) => v.productId === p.id && v.isActive).map((v) => v.price);
      return {
        ...p,
        cardPrice: prices.length > 0 ? Math.min(...prices) : null,
        topPrice: prices.length > 0 ? Math.max(...prices) : null,
      };
    })
    .filter((p) => p.cardPrice !== null);
  return {
    shop: shop!,
    products: listable,
    categoryIds: [...new Set(listable.map((p) => p.categoryId))].sort((a, b) => a! - b!),
    brandIds: [...new Set(listable.map((p) => p.brandId).filter((id) => id !== null))].sort((a, b) => a! - b!),
    min: Math.min(...listable.map((p) => p.cardPrice!)),
    // The contract's price range: the min/max variation price of the shop's listable products.
    max: Math.max(...listable.map((p) => p.topPrice!)),
  };
}

let activeShopCount: number;

beforeAll(async () => {
  t = await buildTestApp({ seed: true });
  activeShopCount = (await t.database.db.select().from(shops).where(eq(shops.isActive, true))).length;
  await t.database.db.insert(shops).values({
    name: 'Shuttered Barrow',
    slug: 'shuttered-barrow',
    address: '1 Gone',
    postcode: 'E1 6AN',
    isActive: false,
  });
});
afterAll(() => t.close());

const vendorOf = (shopId: number) => signUpAs(t.app, t.database, 'vendor', { shopId });

describe('GET /api/shops', () => {
  it('lists the active shops, newest first (the contract default), with their product counts', async () => {
    const res = await get<Paginated<ShopCard>>('/api/shops');
    expect(res.status).toBe(200);
    const page = res.body.data;
    expect(activeShopCount).toBeGreaterThanOrEqual(8);
    expect(page.total).toBe(activeShopCount);
    expect(page.per_page).toBe(12);
    expect(page.data.map((s) => s.slug)).not.toContain('shuttered-barrow');
    const rows = await t.database.db.select().from(shops);
    const newest = rows
      .filter((s) => page.data.some((card) => card.slug === s.slug))
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id - a.id)
      .map((s) => s.slug);
    expect(page.data.map((s) => s.slug)).toEqual(newest);
    for (const card of page.data) {
      expect(card.product_count).toBe((await expectedShop(card.slug)).products.length);
      expect(card.logo?.url).toMatch(/^\//);
    }
  });

  it('pages with per_page and answers a page beyond the end with no data', async () => {
    const all = (await get<Paginated<ShopCard>>('/api/shops?per_page=60')).body.data.data.map((s) => s.slug);
    const lastPage = Math.ceil(activeShopCount / 3);
    const collected: string[] = [];
    for (let page = 1; page <= lastPage; page++) {
      const res = await get<Paginated<ShopCard>>(`/api/shops?per_page=3&page=${page}`);
      expect(res.body.data).toMatchObject({ current_page: page, last_page: lastPage, total: activeShopCount });
      collected.push(...res.body.data.data.map((s) => s.slug));
    }
    expect(collected).toEqual(all);
    const beyond = await get<Paginated<ShopCard>>(`/api/shops?per_page=3&page=${lastPage + 1}`);
    expect(beyond.body.data.data).toEqual([]);
  });

  it('searches shop names ignoring case, with typos', async () => {
    for (const text of ['barrow', 'BARROW', 'barow', 'green', 'grene barrow']) {
      const res = await get<Paginated<ShopCard>>(`/api/shops?search=${encodeURIComponent(text)}`);
      expect(
        res.body.data.data.map((s) => s.slug),
        text,
      ).toContain('green-barrow');
      expect(
        res.body.data.data.map((s) => s.slug),
        text,
      ).not.toContain('shuttered-barrow');
    }
    expect((await get<Paginated<ShopCard>>('/api/shops?search=zzqqxx')).body.data.total).toBe(0);
    expect((await get<Paginated<ShopCard>>('/api/shops?search=')).body.data.total).toBe(activeShopCount);
  });

  it('leaves out an open shop with nothing listed yet, until it lists a product', async () => {
    const [empty] = await t.database.db
      .insert(shops)
      .values({ name: 'Empty Larder', slug: 'empty-larder', address: '2 New Row', postcode: 'E1 6AN', isActive: true })
      .returning();
    const slugs = async () => [
      (await get<Paginated<ShopCard>>('/api/shops?per_page=60')).body.data.data.map((s) => s.slug),
      (await get<VendorRef[]>('/api/vendor')).body.data.map((s) => s.slug),
      (await get<{ vendors: VendorRef[] }>('/api/home')).body.data.vendors.map((s) => s.slug),
    ];
    for (const list of await slugs()) expect(list).not.toContain('empty-larder');
    expect((await get<Paginated<ShopCard>>('/api/shops?search=empty%20larder')).body.data.total).toBe(0);

    const created = await t.app.inject({
      method: 'POST',
      url: '/api/vendor/products',
      headers: { authorization: `Bearer ${(await vendorOf(empty!.id)).token}` },
      payload: { name: 'Larder Jam', variations: [{ name: '340g', price: 350, stock: 5 }] },
    });
    expect(created.statusCode, created.body).toBe(201);
    for (const list of await slugs()) expect(list).toContain('empty-larder');
    await t.database.db.delete(products).where(eq(products.shopId, empty!.id));
    await t.database.db.delete(shops).where(eq(shops.id, empty!.id));
  });

  it('answers bad paging with 422', async () => {
    for (const query of ['page=0', 'page=x', 'per_page=100']) {
      expect((await get(`/api/shops?${query}`)).status, query).toBe(422);
    }
  });
});

describe('GET /api/shop/{slug}', () => {
  it('answers the shop with logo, banner and slides', async () => {
    const res = await get<Shop>('/api/shop/green-barrow');
    expect(res.status).toBe(200);
    const shop = res.body.data;
    expect(shop).toMatchObject({ slug: 'green-barrow', name: 'Green Barrow Greengrocer' });
    expect(shop.logo?.url).toBeTruthy();
    expect(shop.banner?.url).toBeTruthy();
    expect(shop.slide.items.length).toBeGreaterThan(0);
    expect(Object.keys(shop.slide.items[0]!).sort()).toEqual(
      ['action_link', 'action_text', 'caption', 'image', 'mobile_image', 'title'].sort(),
    );
    expect(shop).not.toHaveProperty('qr_code_id');
    expect(shop).not.toHaveProperty('qrCodeId');
  });

  it('answers 404 for an unknown or closed shop', async () => {
    for (const slug of ['no-such-shop', 'shuttered-barrow']) {
      for (const suffix of ['', '/data', '/product']) {
        const res = await get(`/api/shop/${slug}${suffix}`);
        expect(res.status, `${slug}${suffix}`).toBe(404);
        expect(res.body.status).toBe(false);
      }
    }
  });
});

describe('GET /api/shop/{slug}/data', () => {
  it('answers the categories and brands the shop sells in, its price range and product count', async () => {
    const want = await expectedShop('green-barrow');
    const res = await get<ShopData>('/api/shop/green-barrow/data');
    expect(res.status).toBe(200);
    const data = res.body.data;
    expect(data.categories.map((c) => c.id).sort((a, b) => a - b)).toEqual(want.categoryIds);
    expect(data.brands.map((b) => b.id).sort((a, b) => a - b)).toEqual(want.brandIds);
    expect(data.price_range).toEqual({ min: want.min, max: want.max });
    expect(data.product_count).toBe(want.products.length);
    // Only the categories it sells in: fewer than the whole catalogue.
    const allCategories = await t.database.db.select().from(categories);
    expect(data.categories.length).toBeLessThan(allCategories.length);
    const allBrands = await t.database.db.select().from(brands);
    expect(data.brands.length).toBeLessThan(allBrands.length);
  });
});

describe('GET /api/shop/{slug}/product', () => {
  it("lists only the shop's products, with the /products paging and price range", async () => {
    const want = await expectedShop('cable-street-butchers');
    const res = await get<ProductList>('/api/shop/cable-street-butchers/product?per_page=60');
    expect(res.status).toBe(200);
    expect(res.body.data.products.total).toBe(want.products.length);
    expect(res.body.data.products.data.map((c) => c.id).sort((a, b) => a - b)).toEqual(
      want.products.map((p) => p.id).sort((a, b) => a - b),
    );
    expect(res.body.data.price_range).toEqual({ min: want.min, max: want.max });
    // The `shop` filter of /products cannot widen a shop's list.
    const widened = await get<ProductList>('/api/shop/cable-street-butchers/product?per_page=60&shop=green-barrow');
    expect(widened.body.data.products.total).toBe(want.products.length);
  });

  it('filters by one category and one brand, sorts, and filters by price', async () => {
    const want = await expectedShop('green-barrow');
    const sample = want.products.find((p) => p.brandId !== null)!;
    const [category] = await t.database.db.select().from(categories).where(eq(categories.id, sample.categoryId!));
    const [brand] = await t.database.db.select().from(brands).where(eq(brands.id, sample.brandId!));

    const byCategory = await get<ProductList>(`/api/shop/green-barrow/product?per_page=60&category=${category!.slug}`);
    expect(byCategory.body.data.products.data.map((c) => c.id).sort((a, b) => a - b)).toEqual(
      want.products
        .filter((p) => p.categoryId === category!.id)
        .map((p) => p.id)
        .sort((a, b) => a - b),
    );
    // The products list's bracketed form of its one category filters the same.
    const bracketed = await get<ProductList>(
      `/api/shop/green-barrow/product?per_page=60&category[0]=${category!.slug}`,
    );
    expect(bracketed.body.data.products.data.map((c) => c.id)).toEqual(
      byCategory.body.data.products.data.map((c) => c.id),
    );

    const byBrand = await get<ProductList>(
      `/api/shop/green-barrow/product?per_page=60&brand=${brand!.slug}&sort_by=price&sort_high=0`,
    );
    const cards = byBrand.body.data.products.data;
    expect(cards.map((c) => c.id).sort((a, b) => a - b)).toEqual(
      want.products
        .filter((p) => p.brandId === brand!.id)
        .map((p) => p.id)
        .sort((a, b) => a - b),
    );
    expect(cards.map((c) => c.price)).toEqual([...cards.map((c) => c.price)].sort((a, b) => a - b));

    const cheap = await get<ProductList>(`/api/shop/green-barrow/product?per_page=60&max_price=${want.min}`);
    expect(cheap.body.data.products.data.every((c) => c.price === want.min)).toBe(true);
    expect(cheap.body.data.price_range).toEqual({ min: want.min, max: want.max });
  });

  it('takes a single category: a list is a 422, as are the /products bad parameters', async () => {
    for (const query of [
      'category=a&category=b',
      'brand=a&brand=b',
      'sort_by=x',
      'min_price=9&max_price=1',
      'page=0',
    ]) {
      const res = await get(`/api/shop/green-barrow/product?${query}`);
      expect(res.status, query).toBe(422);
    }
  });
});

describe('GET /api/vendor', () => {
  it('lists every active shop for menus', async () => {
    const res = await get<VendorRef[]>('/api/vendor');
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(activeShopCount);
    expect(res.body.data.map((v) => v.slug)).not.toContain('shuttered-barrow');
    expect(Object.keys(res.body.data[0]!).sort()).toEqual(['id', 'logo', 'name', 'slug']);
    expect(res.body.data[0]!.logo?.url).toBeTruthy();
  });
});
