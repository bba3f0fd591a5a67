import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { averageRating } from '@parade/core/rating';
import { privateSettingKeys, siteSettingKeys } from '@parade/core/settings';
import { normaliseVatNumber } from '@parade/core/vat';
import { count, eq, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addresses } from '../../modules/addresses/addresses.tables';
import { verifyPassword } from '../../modules/auth';
import { coupons, rewardPointBalances } from '../../modules/cart/cart.tables';
import {
  brandSubCategories,
  brands,
  categories,
  products,
  productVariations,
  subCategories,
} from '../../modules/catalog/catalog.tables';
import {
  blogCategories,
  blogPosts,
  deals,
  pageSettings,
  pages,
  siteSettings,
  sliders,
} from '../../modules/content/content.tables';
import { offers } from '../../modules/offers/offers.tables';
import { orderItems, orders } from '../../modules/orders/orders.tables';
import { favouriteProducts, favouriteShops, reviews } from '../../modules/reviews/reviews.tables';
import { shops } from '../../modules/shops/shops.tables';
import { shopStaff, users } from '../../modules/users/users.tables';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { demoSvg, escapeXml } from './demo-images';
import { demoReviewers } from './demo-reviews';
import { type DemoAccount, demoPasswords, seedDemoIfEmpty } from './seed';

let t: TestApp;
let accounts: DemoAccount[];

beforeAll(async () => {
  t = await buildTestApp();
  const started = performance.now();
  const result = await seedDemoIfEmpty(t.database.db, t.config);
  console.info(`demo seed took ${Math.round(performance.now() - started)} ms`);
  if (!result) throw new Error('expected the empty database to be seeded');
  accounts = result.accounts;
});
afterAll(() => t.close());

async function rowCount(table: PgTable): Promise<number> {
  const [row] = await t.database.db.select({ n: count() }).from(table);
  return row!.n;
}

describe('the demo marketplace', () => {
  it('has at least eight shops, including a bookshop selling digital products', async () => {
    const allShops = await t.database.db.select().from(shops);
    expect(allShops.length).toBeGreaterThanOrEqual(8);
    for (const shop of allShops) {
      expect(shop.city).toBe('London');
      expect(shop.postcode).toMatch(/^E[1-3] \d[A-Z]{2}$/);
      expect(shop.slides.length).toBeGreaterThanOrEqual(2);
      expect(shop.logo).toMatch(/^\/uploads\/demo\/logos\//);
    }
    const digital = await t.database.db
      .select({ shop: shops.slug })
      .from(products)
      .innerJoin(shops, eq(shops.id, products.shopId))
      .where(eq(products.type, 'Digital'));
    expect(digital.length).toBeGreaterThan(0);
    expect(new Set(digital.map((d) => d.shop))).toEqual(new Set(['brick-and-binding-books']));
  });

  it('has at least 150 products, each with one to four variations', async () => {
    expect(await rowCount(products)).toBeGreaterThanOrEqual(150);
    const perProduct = await t.database.db
      .select({ id: products.id, n: count(productVariations.id) })
      .from(products)
      .leftJoin(productVariations, eq(productVariations.productId, products.id))
      .groupBy(products.id);
    for (const { n } of perProduct) {
      expect(n).toBeGreaterThanOrEqual(1);
      expect(n).toBeLessThanOrEqual(4);
    }
  });

  it('files every product under a brand that belongs to its sub-category, and that under its category', async () => {
    const rows = await t.database.db
      .select({
        product: products.name,
        categoryId: products.categoryId,
        subCategoryCategoryId: subCategories.categoryId,
        link: brandSubCategories.brandId,
      })
      .from(products)
      .innerJoin(subCategories, eq(subCategories.id, products.subCategoryId))
      .leftJoin(
        brandSubCategories,
        sql`${brandSubCategories.brandId} = ${products.brandId} and ${brandSubCategories.subCategoryId} = ${products.subCategoryId}`,
      );
    expect(rows.length).toBe(await rowCount(products));
    for (const row of rows) {
      expect(row.link, row.product).not.toBeNull();
      expect(row.categoryId, row.product).toBe(row.subCategoryCategoryId);
    }
  });

  it('gives variations believable prices, stock, sales and names', async () => {
    const rows = await t.database.db
      .select({ type: products.type, productName: products.name, variation: productVariations })
      .from(productVariations)
      .innerJoin(products, eq(products.id, productVariations.productId));
    for (const { type, productName, variation } of rows) {
      expect(variation.fullName).toBe(`${productName} ${variation.name}`);
      expect(variation.price).toBeGreaterThan(0);
      if (variation.compareAtPrice !== null) expect(variation.compareAtPrice).toBeGreaterThan(variation.price);
      expect(variation.images.length).toBeGreaterThanOrEqual(1);
      expect(variation.images.length).toBeLessThanOrEqual(3);
      if (type === 'Digital') {
        expect(variation.stock).toBeNull();
        expect(variation.digitalFile).toMatch(/^digital\/[a-z0-9-]+\.pdf$/);
        expect(variation).toMatchObject({
          digitalFileName: variation.digitalFile?.slice('digital/'.length),
          digitalFileType: 'application/pdf',
        });
        expect(variation.digitalFileSize).toBeGreaterThan(500);
      } else {
        expect(variation.stock).toBeGreaterThanOrEqual(0);
        expect(variation.digitalFile).toBeNull();
      }
    }
    const physical = rows.filter((r) => r.type === 'Physical');
    expect(physical.some((r) => r.variation.stock === 0)).toBe(true);
    expect(rows.some((r) => r.variation.compareAtPrice !== null)).toBe(true);
    expect(new Set(rows.map((r) => r.variation.unitsSold)).size).toBeGreaterThan(50);
    const created = await t.database.db.select({ at: products.createdAt }).from(products);
    expect(new Set(created.map((c) => c.at.toISOString().slice(0, 10))).size).toBeGreaterThan(30);
  });

  it('rates VAT as a UK grocer would, and registers a few shops for VAT with demo numbers', async () => {
    const rates = Object.fromEntries(
      (await t.database.db.select({ slug: categories.slug, rate: categories.vatRate }).from(categories)).map((c) => [
        c.slug,
        c.rate,
      ]),
    );
    expect(rates).toMatchObject({
      'fruit-and-veg': 0,
      'meat-and-poultry': 0,
      bakery: 0,
      'dairy-and-eggs': 0,
      pantry: 0,
      drinks: 20,
      'household-and-hardware': 20,
      'health-and-beauty': 20,
      books: 0,
    });
    const rows = await t.database.db
      .select({ sub: subCategories.slug, category: categories.slug, rate: productVariations.vatRate })
      .from(productVariations)
      .innerJoin(products, eq(products.id, productVariations.productId))
      .innerJoin(categories, eq(categories.id, products.categoryId))
      .innerJoin(subCategories, eq(subCategories.id, products.subCategoryId));
    for (const row of rows) {
      // Tea and coffee are food: their merchants sell them zero-rated although drinks are standard.
      expect(row.rate, `${row.category}/${row.sub}`).toBe(row.sub === 'tea-and-coffee' ? 0 : rates[row.category]);
    }
    expect(rows.some((row) => row.sub === 'tea-and-coffee')).toBe(true);
    expect(rows.some((row) => row.sub === 'juices-and-soft-drinks' && row.rate === 20)).toBe(true);

    const registered = await t.database.db
      .select({ slug: shops.slug, vatNumber: shops.vatNumber })
      .from(shops)
      .where(sql`${shops.vatNumber} is not null`);
    expect(registered.map((shop) => shop.slug).sort()).toEqual([
      'bluebell-chemist',
      'cable-street-butchers',
      'jubilee-hardware',
    ]);
    for (const shop of registered) expect(normaliseVatNumber(shop.vatNumber ?? '')).toBe(shop.vatNumber);
  });

  it('writes a real PDF for every digital variation', async () => {
    const files = await t.database.db
      .select({ file: productVariations.digitalFile, size: productVariations.digitalFileSize })
      .from(productVariations)
      .where(sql`${productVariations.digitalFile} is not null`);
    expect(files.length).toBeGreaterThan(0);
    for (const { file, size } of files) {
      const pdf = await readFile(path.join(t.config.dataDir, file!), 'latin1');
      expect(Buffer.byteLength(pdf, 'latin1')).toBe(size);
      expect(pdf.startsWith('%PDF-1.4')).toBe(true);
      expect(pdf.trimEnd().endsWith('%%EOF')).toBe(true);
      // The cross-reference table must point at the objects it names.
      const xrefAt = Number(/startxref\n(\d+)/.exec(pdf)![1]);
      expect(pdf.slice(xrefAt, xrefAt + 4)).toBe('xref');
      const firstObject = Number(/xref\n0 \d+\n0000000000 65535 f \n(\d{10})/.exec(pdf)![1]);
      expect(pdf.slice(firstObject, firstObject + 7)).toBe('1 0 obj');
    }
  });

  it('has all three slider types, blog posts in three categories, the static pages and deals', async () => {
    const types = await t.database.db.selectDistinct({ type: sliders.type }).from(sliders);
    expect(new Set(types.map((r) => r.type))).toEqual(new Set(['home_page_slide', 'deals_slides', 'home_banner']));

    expect(await rowCount(blogPosts)).toBeGreaterThanOrEqual(8);
    expect(await rowCount(blogCategories)).toBeGreaterThanOrEqual(3);
    const used = await t.database.db.selectDistinct({ id: blogPosts.categoryId }).from(blogPosts);
    expect(used.length).toBeGreaterThanOrEqual(3);

    const slugs = (await t.database.db.select({ slug: pages.slug }).from(pages)).map((p) => p.slug);
    expect(slugs).toEqual(expect.arrayContaining(['privacy-policy', 'terms-and-condition', 'contact']));
    for (const page of await t.database.db.select().from(pages)) {
      const settings = await t.database.db.select().from(pageSettings).where(eq(pageSettings.pageId, page.id));
      expect(settings.length, page.slug).toBeGreaterThanOrEqual(3);
    }

    const allDeals = await t.database.db.select().from(deals);
    expect(allDeals.length).toBeGreaterThanOrEqual(4);
    expect(allDeals.some((d) => d.shopId !== null)).toBe(true);
    const now = Date.now();
    for (const deal of allDeals) {
      expect(deal.startsAt!.getTime()).toBeLessThan(now);
      expect(deal.endsAt!.getTime()).toBeGreaterThan(now);
    }
  });

  it('sets every site setting, with collection points as a JSON list', async () => {
    const rows = await t.database.db.select().from(siteSettings);
    const settings = new Map(rows.map((r) => [r.key, r.value]));
    for (const key of siteSettingKeys) expect(settings.has(key), key).toBe(true);
    expect(settings.get('postcode')).toMatch(/^E1 /);
    expect(settings.get('currency')).toBe('GBP');
    const points = JSON.parse(settings.get('collection_locations')!) as unknown;
    expect(Array.isArray(points)).toBe(true);
    expect((points as unknown[]).length).toBeGreaterThanOrEqual(2);
    for (const point of points as Record<string, unknown>[]) {
      expect(typeof point.value).toBe('string');
      if ('note' in point) expect(typeof point.note).toBe('string');
    }

    const res = await t.app.inject({ method: 'GET', url: '/api/app/setting' });
    expect(res.statusCode).toBe(200);
    // The spec reads this payload at top level: {status, settings}, every key of section 3 present.
    expect(Object.keys(res.json()).sort()).toEqual(['settings', 'status']);
    expect(res.json().status).toBe(true);
    // Every public key; the private ones (the platform's commission and payout hold) never.
    for (const key of siteSettingKeys) {
      const expected = (privateSettingKeys as readonly string[]).includes(key) ? 'undefined' : 'string';
      expect(typeof res.json().settings[key], key).toBe(expected);
    }
    expect(res.json().settings.site_title).toBe('Parade');
    expect(res.json().settings.admin_url).toBe(`${t.config.publicUrl}/admin/`);
  });

  it('does not advertise card payment while no Stripe keys are configured', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/app/setting' });
    expect(res.json().settings.enable_stripe_payment).toBe('false');

    const withKeys = await buildTestApp({ env: { ...t.env, STRIPE_SECRET_KEY: 'sk_test_configured' } });
    try {
      // The demo enables card payment; the shop then adds its publishable key and the server its secret key.
      await seedDemoIfEmpty(withKeys.database.db, withKeys.config);
      const beforeKey = await withKeys.app.inject({ method: 'GET', url: '/api/app/setting' });
      expect(beforeKey.json().settings.enable_stripe_payment).toBe('false');
      await withKeys.database.db
        .update(siteSettings)
        .set({ value: 'pk_test_configured' })
        .where(eq(siteSettings.key, 'stripe_test_pub'));
      const configured = await withKeys.app.inject({ method: 'GET', url: '/api/app/setting' });
      expect(configured.json().settings.enable_stripe_payment).toBe('true');
    } finally {
      await withKeys.close();
    }
  });

  it('gives every shop a coupon, the platform one, some shops offers, and covers the coupon rules', async () => {
    const allCoupons = await t.database.db.select().from(coupons);
    const shopCount = await rowCount(shops);
    expect(new Set(allCoupons.flatMap((c) => (c.shopId === null ? [] : [c.shopId]))).size).toBe(shopCount);
    // A platform coupon (no shop) that names categories, shown by a deal.
    expect(allCoupons.filter((c) => c.shopId === null).map((c) => c.code)).toEqual(['FRESH10']);
    expect(allCoupons.find((c) => c.code === 'FRESH10')?.categoryIds).toHaveLength(1);
    expect(allCoupons.some((c) => c.productIds.length > 0)).toBe(true);
    expect(allCoupons.some((c) => c.usageLimit !== null)).toBe(true);
    expect(allCoupons.some((c) => c.endsAt !== null && c.endsAt.getTime() < Date.now())).toBe(true);
    expect(allCoupons.some((c) => c.type === 'fixed')).toBe(true);

    const allOffers = await t.database.db.select().from(offers);
    expect(allOffers.length).toBeGreaterThanOrEqual(6);
    expect(allOffers.some((o) => o.qrOnly)).toBe(true);
    expect(allOffers.some((o) => o.isFeatured)).toBe(true);
  });

  it('creates one customer, one vendor per shop and one admin, with working passwords', async () => {
    const everyone = await t.database.db.select().from(users);
    // The neighbours who wrote the demo reviews have no password: nobody signs in as them.
    const reviewers = everyone.filter((u) => demoReviewers.some((r) => r.email === u.email));
    expect(reviewers).toHaveLength(demoReviewers.length);
    expect(reviewers.every((u) => u.passwordHash === null && u.role === 'customer')).toBe(true);
    const allUsers = everyone.filter((u) => !reviewers.includes(u));
    const shopCount = await rowCount(shops);
    expect(allUsers.filter((u) => u.role === 'customer')).toHaveLength(1);
    expect(allUsers.filter((u) => u.role === 'vendor')).toHaveLength(shopCount);
    expect(allUsers.filter((u) => u.role === 'admin')).toHaveLength(1);
    const owners = await t.database.db.select().from(shopStaff).where(eq(shopStaff.role, 'owner'));
    expect(new Set(owners.map((o) => o.shopId)).size).toBe(shopCount);

    expect(accounts).toHaveLength(allUsers.length);
    for (const role of ['customer', 'vendor', 'admin'] as const) {
      const account = accounts.find((a) => a.role === role)!;
      expect(account.password).toBe(demoPasswords[role]);
      const user = allUsers.find((u) => u.email === account.email)!;
      expect(await verifyPassword(account.password, user.passwordHash!)).toBe(true);
    }

    const customer = allUsers.find((u) => u.role === 'customer')!;
    const saved = await t.database.db.select().from(addresses).where(eq(addresses.userId, customer.id));
    expect(saved).toEqual([expect.objectContaining({ isDefault: true, postcode: expect.stringMatching(/^E1 /) })]);
    const balances = await t.database.db
      .select()
      .from(rewardPointBalances)
      .where(eq(rewardPointBalances.userId, customer.id));
    expect(balances.length).toBeGreaterThanOrEqual(2);
  });

  it('has verified reviews of a third of the products, some answered, with ratings as a direct computation, and favourites', async () => {
    const listedPhysical = await t.database.db
      .select({ id: products.id, count: products.ratingCount, average: products.ratingAverage })
      .from(products)
      .where(sql`${products.listable} and ${products.type} = 'Physical'`);
    const all = await t.database.db.select().from(reviews);
    const reviewedIds = new Set(all.map((r) => r.productId));
    expect(reviewedIds.size).toBe(Math.ceil(listedPhysical.length / 3));
    expect(all.some((r) => r.replyBody !== null)).toBe(true);
    expect(all.some((r) => r.replyBody === null)).toBe(true);
    for (const product of listedPhysical) {
      const ratings = all.filter((r) => r.productId === product.id).map((r) => r.rating);
      expect(product.count).toBe(ratings.length);
      expect(product.average === null ? null : Number(product.average)).toBe(averageRating(ratings));
    }
    // Every review is of a delivered line of its author's own order.
    const lines = await t.database.db
      .select({ item: orderItems.id, user: orders.userId, status: orders.status })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId));
    for (const review of all) {
      expect(lines.find((l) => l.item === review.orderItemId)).toMatchObject({
        user: review.userId,
        status: 'delivered',
      });
    }
    const customer = (await t.database.db.select().from(users).where(eq(users.role, 'customer'))).find(
      (u) => u.passwordHash !== null,
    )!;
    expect(
      (await t.database.db.select().from(favouriteProducts).where(eq(favouriteProducts.userId, customer.id))).length,
    ).toBe(3);
    expect(
      (await t.database.db.select().from(favouriteShops).where(eq(favouriteShops.userId, customer.id))).length,
    ).toBeGreaterThan(0);
  });

  it('refers only to pictures that exist on disk as SVG, served under /uploads/', async () => {
    const db = t.database.db;
    const urls = new Set<string>();
    const add = (url: string | null | undefined) => {
      if (url) urls.add(url);
    };
    for (const shop of await db.select().from(shops)) {
      add(shop.logo);
      add(shop.banner);
      for (const slide of shop.slides) {
        add(slide.image);
        add(slide.mobile_image);
      }
    }
    for (const v of await db.select({ images: productVariations.images }).from(productVariations))
      v.images.forEach(add);
    for (const c of await db.select({ image: categories.image }).from(categories)) add(c.image);
    for (const b of await db.select({ logo: brands.logo }).from(brands)) add(b.logo);
    for (const s of await db.select().from(sliders)) {
      add(s.image);
      add(s.mobileImage);
    }
    for (const p of await db.select({ image: blogPosts.coverImage }).from(blogPosts)) add(p.image);
    for (const d of await db.select({ image: deals.image }).from(deals)) add(d.image);
    for (const o of await db.select({ image: offers.image }).from(offers)) add(o.image);
    for (const s of await db.select().from(pageSettings).where(eq(pageSettings.valueType, 'image'))) add(s.value);
    for (const s of await db.select().from(siteSettings).where(sql`${siteSettings.key} like 'site_logo_%'`))
      add(s.value);

    expect(urls.size).toBeGreaterThan(300);
    for (const url of urls) {
      expect(url).toMatch(/^\/uploads\/demo\/[a-z-]+\/[a-z0-9-]+\.svg$/);
      const svg = await readFile(path.join(t.config.dataDir, url), 'utf8');
      expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"'), url).toBe(true);
      expect(svg.trimEnd().endsWith('</svg>'), url).toBe(true);
      expect(svg).toMatch(/viewBox="0 0 \d+ \d+"/);
      // Every ampersand is an entity: the file is well-formed XML text.
      expect(svg, url).not.toMatch(/&(?!amp;|lt;|gt;|quot;|apos;)/);
    }

    const res = await t.app.inject({ method: 'GET', url: [...urls][0]! });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('image/svg+xml');
  });

  it('answers GET /api/categories with sub-categories and their brands', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/categories' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.status).toBe(true);
    expect(body.data.length).toBeGreaterThanOrEqual(9);
    for (const category of body.data) {
      expect(category.sub_categories.length).toBeGreaterThan(0);
      for (const sub of category.sub_categories) {
        expect(sub.brands.length).toBeGreaterThanOrEqual(1);
        expect(sub.brands.length).toBeLessThanOrEqual(4);
        expect(sub.brands[0]).toEqual({ id: expect.any(Number), name: expect.any(String), slug: expect.any(String) });
      }
    }
    const dairy = body.data.find((c: { slug: string }) => c.slug === 'dairy-and-eggs');
    expect(dairy.sub_categories.map((s: { slug: string }) => s.slug)).toContain('milk');
  });

  it('never seeds twice: a second call returns null and adds nothing', async () => {
    const before = await Promise.all([rowCount(shops), rowCount(products), rowCount(users), rowCount(siteSettings)]);
    expect(await seedDemoIfEmpty(t.database.db, t.config)).toBeNull();
    const after = await Promise.all([rowCount(shops), rowCount(products), rowCount(users), rowCount(siteSettings)]);
    expect(after).toEqual(before);
  });
});

describe('demo pictures', () => {
  it('escape XML special characters in names', () => {
    expect(escapeXml(`Fish & Chips <"best"> 'ever'`)).toBe(
      'Fish &amp; Chips &lt;&quot;best&quot;&gt; &apos;ever&apos;',
    );
    const svg = demoSvg({ title: 'Pork & Leek <Sausages>', width: 600, height: 600 });
    expect(svg).toContain('Pork &amp; Leek');
    expect(svg).not.toContain('<Sausages>');
  });

  it('are deterministic and sized as asked', () => {
    const spec = { title: 'Alphonso Mangoes', subtitle: 'Green Barrow', width: 1600, height: 500 };
    expect(demoSvg(spec)).toBe(demoSvg(spec));
    expect(demoSvg(spec)).toContain('width="1600" height="500" viewBox="0 0 1600 500"');
    expect(demoSvg({ ...spec, title: 'Basmati Rice' })).not.toBe(demoSvg(spec));
  });
});
