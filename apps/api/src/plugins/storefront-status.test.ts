import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blogPosts, pages, products } from '../maintenance/schema';
import { refreshProductListings } from '../modules/catalog';
import { buildTestApp, type TestApp } from '../test/build-test-app';

/**
 * Real status codes for the storefront's URLs (issue 25): the storefront is served for every
 * page-like URL, with 200 when it names a page whose product, shop, post or page exists and 404
 * otherwise, so a crawler and `curl` see what a shopper sees. The merchant site stays 200.
 */
let t: TestApp;
let dist: string;
beforeAll(async () => {
  dist = mkdtempSync(path.join(os.tmpdir(), 'parade-dist-'));
  for (const name of ['web', 'admin']) {
    mkdirSync(path.join(dist, name), { recursive: true });
    writeFileSync(path.join(dist, name, 'index.html'), `<!doctype html><title>${name}</title>`);
  }
  t = await buildTestApp({
    seed: true,
    env: { SERVE_APPS: 'true' },
    staticRoots: { web: path.join(dist, 'web'), admin: path.join(dist, 'admin') },
  });
});
afterAll(async () => {
  await t?.close();
  rmSync(dist, { recursive: true, force: true });
});

const page = (url: string) => t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });

describe("the storefront's status codes", () => {
  it('answers 200 with the storefront for its pages, 404 with it for anything else', async () => {
    for (const url of [
      '/',
      '/products',
      '/products?sub=bread',
      '/vendors',
      '/blog',
      '/profile/orders',
      '/auth/login',
    ]) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('<title>web</title>');
    }
    for (const url of ['/no-such-page', '/vendor', '/products/extra', '/profile/nope', '/a/b/c/d/e']) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(404);
      // Still the storefront, which shows its Not Found page.
      expect(res.body).toContain('<title>web</title>');
    }
    // The merchant site's routes are its own (and private): always the app.
    expect((await page('/admin/platform/no-such-page')).statusCode).toBe(200);
  });

  it('answers 404 for a product list filtered by a category, sub-category, brand or shop that does not exist', async () => {
    const [category] = (await t.app.inject({ method: 'GET', url: '/api/categories' })).json().data as {
      slug: string;
      sub_categories: { slug: string; brands: { slug: string }[] }[];
    }[];
    const sub = category!.sub_categories.find((s) => s.brands.length > 0)!;
    const found = [
      `/products?category=${category!.slug}`,
      `/products?category=${category!.slug}&sub=${sub.slug}&brand=${sub.brands[0]!.slug}`,
      '/products?shop=green-barrow&sort=price_low',
      '/products?category=&brand=%20',
      `/vendor/green-barrow/products?category=${category!.slug}`,
      // Another page ignores the list's filters; the list reads the first of a repeated one.
      '/vendors?category=nope',
      `/products?category=${category!.slug}&category=nope`,
    ];
    for (const url of found) expect((await page(url)).statusCode, url).toBe(200);
    for (const url of [
      '/products?category=nope',
      `/products?category=${category!.slug}&sub=nope`,
      '/products?brand=nope',
      '/products?shop=no-such-shop',
      `/products?category=nope&category=${category!.slug}`,
      '/vendor/green-barrow/products?brand=nope',
    ]) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body).toContain('<title>web</title>');
    }
  });

  it('answers 404 for a product, shop, post or page that does not exist, and for a product off sale', async () => {
    const db = t.database.db;
    const [product] = await db
      .select({ id: products.id, shop: products.shopSlug, slug: products.slug, variation: products.cardVariationSlug })
      .from(products)
      .where(eq(products.listable, true))
      .limit(1);
    const url = `/${product!.shop}/product/${product!.slug}/${product!.variation}`;
    expect((await page(url)).statusCode).toBe(200);
    expect((await page(`/${product!.shop}/product/${product!.slug}/no-such-size`)).statusCode).toBe(404);
    expect((await page(`/no-such-shop/product/${product!.slug}/${product!.variation}`)).statusCode).toBe(404);

    await db.update(products).set({ isActive: false }).where(eq(products.id, product!.id));
    await db.transaction((tx) => refreshProductListings(tx, { productIds: [product!.id] }));
    expect((await page(url)).statusCode).toBe(404);
    await db.update(products).set({ isActive: true }).where(eq(products.id, product!.id));
    await db.transaction((tx) => refreshProductListings(tx, { productIds: [product!.id] }));
    expect((await page(url)).statusCode).toBe(200);

    expect((await page('/vendor/green-barrow')).statusCode).toBe(200);
    expect((await page('/vendor/green-barrow/my-offer')).statusCode).toBe(200);
    expect((await page('/vendor/no-such-shop')).statusCode).toBe(404);

    const [post] = await db.select({ id: blogPosts.id, slug: blogPosts.slug }).from(blogPosts).limit(1);
    expect((await page(`/blog/${post!.slug}`)).statusCode).toBe(200);
    expect((await page('/blog/no-such-post')).statusCode).toBe(404);
    await db.update(blogPosts).set({ publishedAt: null }).where(eq(blogPosts.id, post!.id));
    expect((await page(`/blog/${post!.slug}`)).statusCode).toBe(404);

    const [existing] = await db.select({ slug: pages.slug }).from(pages).limit(1);
    expect((await page(`/page/${existing!.slug}`)).statusCode).toBe(200);
    expect((await page('/page/no-such-page')).statusCode).toBe(404);
  });
});
