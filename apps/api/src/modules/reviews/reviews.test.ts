import { averageRating, ratingHistogram } from '@parade/core/rating';
import { and, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  favouriteProducts,
  invoices,
  mailOutbox,
  orderItems,
  orderStatusHistory,
  orders,
  products,
  productVariations,
  reviewPrompts,
  reviews,
  shops,
} from '../../maintenance/schema';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { signUpAs } from '../../test/manage-fixtures';
import { bearer, multipartPayload, signUp } from '../../test/test-support';
import { sendDueReviewPrompts } from '../../workflows/send-review-prompts';
import { refreshProductListings } from '../catalog';
import { loadDownloadLinkSecret } from '../downloads';

/**
 * Reviews, ratings, favourites, buying again and the review prompts, end to end through the
 * real routes (decision 044): who may review what and how often (also two at once), the
 * ratings on cards, pages and shops against a direct computation after random writes, hidden
 * reviews, the shop's one reply, favourites kept once, a past order bought again with delisted
 * and short lines, and the prompt mail sent once with its signed unsubscribe link.
 */

let t: TestApp;
let shopA: Awaited<ReturnType<typeof signUpAs>>;
let shopB: Awaited<ReturnType<typeof signUpAs>>;
let admin: Awaited<ReturnType<typeof signUpAs>>;
let customer: Awaited<ReturnType<typeof signUp>>;
let other: Awaited<ReturnType<typeof signUp>>;
let seq = 0;

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
function as(token: string | null, method: Method, url: string, payload?: object) {
  return t.app.inject({
    method,
    url,
    headers: token ? bearer(token) : {},
    ...(payload !== undefined ? { payload } : {}),
  });
}

interface Variation {
  id: number;
  product_id: number;
  full_name: string;
  slug: string;
  productSlug: string;
}

async function variationOf(token: string, name: string, stock: number | null = 50): Promise<Variation> {
  seq += 1;
  const res = await as(token, 'POST', '/api/vendor/products', {
    name: `${name} ${seq}`,
    variations: [{ name: 'Each', price: 450, stock }],
  });
  expect(res.statusCode, res.body).toBe(201);
  const product = res.json().data.product;
  return { ...product.variations[0], productSlug: product.slug };
}

/** An order of the lines for `buyer`, as place-order leaves it, moved to delivered through the shop's status calls unless told. */
async function orderOf(
  vendor: { token: string; shopId: number | null },
  lines: { variation: Variation; quantity: number }[],
  options: { buyer?: { user: { id: number } }; deliver?: boolean } = {},
) {
  seq += 1;
  const db = t.database.db;
  const buyer = options.buyer ?? customer;
  const total = lines.reduce((sum, line) => sum + 450 * line.quantity, 0);
  const [invoice] = await db
    .insert(invoices)
    .values({
      number: `INV-2026-${String(800_000 + seq)}`,
      userId: buyer.user.id,
      orderType: 'collection',
      subtotal: total,
      total,
      paymentMethod: 'cash',
    })
    .returning();
  const [order] = await db
    .insert(orders)
    .values({ invoiceId: invoice!.id, shopId: vendor.shopId!, userId: buyer.user.id, subtotal: total, total })
    .returning();
  const items = await db
    .insert(orderItems)
    .values(
      lines.map((line) => ({
        orderId: order!.id,
        variationId: line.variation.id,
        productId: line.variation.product_id,
        fullName: line.variation.full_name,
        type: 'Physical' as const,
        price: 450,
        quantity: line.quantity,
        total: 450 * line.quantity,
      })),
    )
    .returning();
  await db.insert(orderStatusHistory).values({ orderId: order!.id, status: 'pending' });
  if (options.deliver !== false) await deliver(vendor, order!.id);
  return { order: order!, items: items.sort((a, b) => a.id - b.id) };
}

async function deliver(vendor: { token: string }, orderId: number) {
  for (const status of ['processing', 'ready', 'delivered']) {
    const res = await as(vendor.token, 'PATCH', `/api/vendor/orders/${orderId}/status`, { status });
    expect(res.statusCode, res.body).toBe(200);
  }
}

function review(token: string, body: object) {
  return as(token, 'POST', '/api/user/reviews', body);
}

/** The product page's rating, as shoppers get it. */
async function pageRating(vendor: { shopId: number | null }, variation: Variation) {
  const [shop] = await t.database.db.select({ slug: shops.slug }).from(shops).where(eq(shops.id, vendor.shopId!));
  const res = await as(null, 'GET', `/api/product/${shop!.slug}/${variation.productSlug}/${variation.slug}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.rating;
}

/** What the ratings must be: computed here from the reviews table's visible rows. */
async function directRatings(productId: number, shopId: number) {
  const visible = await t.database.db
    .select({ productId: reviews.productId, rating: reviews.rating })
    .from(reviews)
    .where(and(eq(reviews.shopId, shopId), sql`${reviews.hiddenAt} is null`));
  const ofProduct = visible.filter((row) => row.productId === productId).map((row) => row.rating);
  const ofShop = visible.map((row) => row.rating);
  return {
    product: { average: averageRating(ofProduct), count: ofProduct.length, histogram: ratingHistogram(ofProduct) },
    shop: { average: averageRating(ofShop), count: ofShop.length },
  };
}

async function storedRatings(productId: number, shopId: number) {
  const [product] = await t.database.db
    .select({ count: products.ratingCount, average: products.ratingAverage, histogram: products.ratingHistogram })
    .from(products)
    .where(eq(products.id, productId));
  const [shop] = await t.database.db
    .select({ count: shops.ratingCount, average: shops.ratingAverage })
    .from(shops)
    .where(eq(shops.id, shopId));
  const histogram = typeof product!.histogram === 'string' ? JSON.parse(product!.histogram) : product!.histogram;
  return {
    product: {
      average: product!.average === null ? null : Number(product!.average),
      count: product!.count,
      histogram,
    },
    shop: { average: shop!.average === null ? null : Number(shop!.average), count: shop!.count },
  };
}

beforeAll(async () => {
  // With the public reply cache on, as in production: every write must show on the next read.
  t = await buildTestApp({ env: { PUBLIC_REPLY_CACHE_SECONDS: '30' } });
  shopA = await signUpAs(t.app, t.database, 'vendor');
  shopB = await signUpAs(t.app, t.database, 'vendor');
  admin = await signUpAs(t.app, t.database, 'admin');
  customer = await signUp(t.app, { name: 'Rhiannon Reviewer' });
  other = await signUp(t.app, { name: 'Otto Other' });
}, 60_000);
afterAll(async () => t?.close());

describe('POST user/reviews', () => {
  it('takes a review of a delivered line once, shows it as a verified purchase and counts it on the page and card', async () => {
    const variation = await variationOf(shopA.token, 'Sourdough');
    const { order, items } = await orderOf(shopA, [{ variation, quantity: 1 }], { deliver: false });
    const line = items[0]!;

    const early = await review(customer.token, { order_item_id: line.id, rating: 5, body: 'Lovely crust.' });
    expect(early.statusCode, early.body).toBe(422);
    expect(early.json()).toMatchObject({ code: 'review_not_delivered', errors: { order_item_id: expect.any(Array) } });

    await deliver(shopA, order.id);
    const notMine = await review(other.token, { order_item_id: line.id, rating: 1 });
    expect(notMine.statusCode).toBe(404);
    expect(notMine.json().code).toBe('order_item_not_found');

    const first = await review(customer.token, { order_item_id: line.id, rating: 4, body: '  Lovely crust.  ' });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().data).toMatchObject({
      order_item_id: line.id,
      order_id: order.id,
      rating: 4,
      body: 'Lovely crust.',
      author: 'Rhiannon R.',
      verified_purchase: true,
      variation: variation.full_name,
      reply: null,
      hidden_reason: null,
      product: { id: variation.product_id, slug: variation.productSlug },
    });

    const again = await review(customer.token, { order_item_id: line.id, rating: 2 });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('review_exists');

    expect(await pageRating(shopA, variation)).toEqual({ average: 4, count: 1, histogram: [0, 0, 0, 1, 0] });
    const list = await as(null, 'GET', `/api/products/${variation.product_id}/reviews`);
    expect(list.json().data).toMatchObject({ total: 1, data: [{ rating: 4, verified_purchase: true }] });
    const cards = await as(
      null,
      'GET',
      `/api/products?search=${encodeURIComponent(variation.full_name.split(' ')[0]!)}&per_page=60`,
    );
    const card = cards.json().data.products.data.find((c: { id: number }) => c.id === variation.product_id);
    expect(card?.rating).toEqual({ average: 4, count: 1 });
  });

  it('refuses bad stars and a long text with field errors, writing nothing', async () => {
    const variation = await variationOf(shopA.token, 'Rye');
    const { items } = await orderOf(shopA, [{ variation, quantity: 1 }]);
    for (const body of [
      { order_item_id: items[0]!.id, rating: 0 },
      { order_item_id: items[0]!.id, rating: 6 },
      { order_item_id: items[0]!.id, rating: 3, body: 'x'.repeat(2001) },
    ]) {
      const res = await review(customer.token, body);
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().code).toBe('validation_failed');
    }
    const rows = await t.database.db.select().from(reviews).where(eq(reviews.orderItemId, items[0]!.id));
    expect(rows).toEqual([]);
  });

  it('gives one review when the same line is submitted five times at once', async () => {
    const variation = await variationOf(shopA.token, 'Bagel');
    const { items } = await orderOf(shopA, [{ variation, quantity: 1 }]);
    const replies = await Promise.all(
      Array.from({ length: 5 }, (_, i) => review(customer.token, { order_item_id: items[0]!.id, rating: 1 + i })),
    );
    expect(replies.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409, 409]);
    const rows = await t.database.db.select().from(reviews).where(eq(reviews.orderItemId, items[0]!.id));
    expect(rows).toHaveLength(1);
    expect((await pageRating(shopA, variation)).count).toBe(1);
  });

  it('takes up to three photos, re-encoded, and refuses a fourth', async () => {
    const variation = await variationOf(shopA.token, 'Scone');
    const { items } = await orderOf(shopA, [{ variation, quantity: 2 }]);
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#c60' } })
      .png()
      .toBuffer();
    const form = (count: number) => {
      const data = new FormData();
      data.append('order_item_id', String(items[0]!.id));
      data.append('rating', '5');
      data.append('body', 'Look at it.');
      for (let i = 0; i < count; i++) data.append('photos', new Blob([png], { type: 'image/png' }), `p${i}.png`);
      return data;
    };
    const tooMany = await multipartPayload(form(4));
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/user/reviews',
      headers: { ...bearer(customer.token), ...tooMany.headers },
      payload: tooMany.payload,
    });
    expect(refused.statusCode, refused.body).toBeGreaterThanOrEqual(400);
    expect(refused.statusCode).toBeLessThan(500);

    const three = await multipartPayload(form(3));
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/reviews',
      headers: { ...bearer(customer.token), ...three.headers },
      payload: three.payload,
    });
    expect(res.statusCode, res.body).toBe(201);
    const photos: { url: string }[] = res.json().data.photos;
    expect(photos).toHaveLength(3);
    const served = await t.app.inject({ method: 'GET', url: photos[0]!.url });
    expect(served.statusCode).toBe(200);
    expect((await sharp(served.rawPayload).metadata()).format).toBe('png');
  });
});

describe('editing, deleting, replying and hiding', () => {
  it('lets the author edit and delete within 30 days only, and the ratings follow', async () => {
    const variation = await variationOf(shopA.token, 'Focaccia');
    const { items } = await orderOf(shopA, [{ variation, quantity: 1 }]);
    const created = await review(customer.token, { order_item_id: items[0]!.id, rating: 2 });
    const id = created.json().data.id;

    const byOther = await as(other.token, 'PUT', `/api/user/reviews/${id}`, { rating: 1 });
    expect(byOther.statusCode).toBe(404);
    const edited = await as(customer.token, 'PUT', `/api/user/reviews/${id}`, {
      rating: 5,
      body: 'Better second time.',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(await pageRating(shopA, variation)).toMatchObject({ average: 5, count: 1 });
    // What an edit leaves out keeps its value: new stars keep the text, new text keeps the stars.
    const starsOnly = await as(customer.token, 'PUT', `/api/user/reviews/${id}`, { rating: 4 });
    expect(starsOnly.json().data).toMatchObject({ rating: 4, body: 'Better second time.' });
    const textOnly = await as(customer.token, 'PUT', `/api/user/reviews/${id}`, { body: 'Good now.' });
    expect(textOnly.json().data).toMatchObject({ rating: 4, body: 'Good now.' });
    const cleared = await as(customer.token, 'PUT', `/api/user/reviews/${id}`, { body: '' });
    expect(cleared.json().data).toMatchObject({ rating: 4, body: '' });
    expect(await pageRating(shopA, variation)).toMatchObject({ average: 4, count: 1 });

    await t.database.db.update(reviews).set({ createdAt: sql`now() - interval '31 days'` }).where(eq(reviews.id, id));
    for (const res of [
      await as(customer.token, 'PUT', `/api/user/reviews/${id}`, { rating: 1 }),
      await as(customer.token, 'DELETE', `/api/user/reviews/${id}`),
    ]) {
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().code).toBe('review_edit_closed');
    }
    await t.database.db.update(reviews).set({ createdAt: sql`now() - interval '29 days'` }).where(eq(reviews.id, id));
    const deleted = await as(customer.token, 'DELETE', `/api/user/reviews/${id}`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await pageRating(shopA, variation)).toEqual({ average: null, count: 0, histogram: [0, 0, 0, 0, 0] });
  });

  it("takes the shop's one reply, shows it under the review and mails the author; another shop's review is 404", async () => {
    const variation = await variationOf(shopA.token, 'Bloomer');
    const { items } = await orderOf(shopA, [{ variation, quantity: 1 }]);
    const id = (await review(customer.token, { order_item_id: items[0]!.id, rating: 3, body: 'A bit pale.' })).json()
      .data.id;

    const awaiting = await as(shopA.token, 'GET', '/api/vendor/reviews?replied=0&rating=3');
    expect(awaiting.json().data.data.map((r: { id: number }) => r.id)).toContain(id);
    const elsewhere = await as(shopB.token, 'POST', `/api/vendor/reviews/${id}/reply`, { body: 'Not ours.' });
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.json().code).toBe('review_not_found');
    expect(
      (await as(shopB.token, 'GET', '/api/vendor/reviews')).json().data.data.map((r: { id: number }) => r.id),
    ).not.toContain(id);

    // A visitor read the reviews before the reply: the reply must not wait for that reply to expire.
    const before = await as(null, 'GET', `/api/products/${variation.product_id}/reviews`);
    expect(before.json().data.data[0]).toMatchObject({ id, reply: null });
    const replied = await as(shopA.token, 'POST', `/api/vendor/reviews/${id}/reply`, {
      body: 'We bake it longer now.',
    });
    expect(replied.statusCode, replied.body).toBe(200);
    const twice = await as(shopA.token, 'POST', `/api/vendor/reviews/${id}/reply`, { body: 'Again.' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe('review_already_replied');

    const list = await as(null, 'GET', `/api/products/${variation.product_id}/reviews`);
    expect(list.json().data.data[0].reply).toMatchObject({ body: 'We bake it longer now.' });
    const mails = await t.database.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, customer.email), eq(mailOutbox.kind, 'review-reply')));
    expect(mails.some((m) => m.text.includes('We bake it longer now.'))).toBe(true);
  });

  it('lets the admin hide a review with a reason: it leaves the lists and the averages, and its author is told', async () => {
    const variation = await variationOf(shopB.token, 'Pasty');
    const { items } = await orderOf(shopB, [{ variation, quantity: 2 }]);
    const second = await orderOf(shopB, [{ variation, quantity: 1 }], { buyer: other });
    const kept = (await review(other.token, { order_item_id: second.items[0]!.id, rating: 5 })).json().data.id;
    const hidden = (
      await review(customer.token, { order_item_id: items[0]!.id, rating: 1, body: 'Rude words.' })
    ).json().data.id;
    expect(await pageRating(shopB, variation)).toMatchObject({ average: 3, count: 2 });

    const byVendor = await as(shopB.token, 'POST', `/api/admin/reviews/${hidden}/hide`, { reason: 'Abuse' });
    expect(byVendor.statusCode).toBe(403);
    const res = await as(admin.token, 'POST', `/api/admin/reviews/${hidden}/hide`, {
      reason: 'It breaks our rules on language.',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ hidden_reason: 'It breaks our rules on language.' });

    expect(await pageRating(shopB, variation)).toEqual({ average: 5, count: 1, histogram: [0, 0, 0, 0, 1] });
    const list = await as(null, 'GET', `/api/products/${variation.product_id}/reviews`);
    expect(list.json().data.data.map((r: { id: number }) => r.id)).toEqual([kept]);
    const [shop] = await t.database.db.select().from(shops).where(eq(shops.id, shopB.shopId!));
    const shopPage = await as(null, 'GET', `/api/shop/${shop!.slug}`);
    expect(shopPage.json().data.rating).toEqual(
      await directRatings(variation.product_id, shopB.shopId!).then((d) => d.shop),
    );
    const own = await as(customer.token, 'GET', `/api/user/reviews?order_id=${items[0]!.orderId}`);
    expect(own.json().data.data[0]).toMatchObject({ id: hidden, hidden_reason: 'It breaks our rules on language.' });
    const mails = await t.database.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, customer.email), eq(mailOutbox.kind, 'review-hidden')));
    expect(mails.some((m) => m.text.includes('It breaks our rules on language.'))).toBe(true);

    const shown = await as(admin.token, 'POST', `/api/admin/reviews/${hidden}/show`);
    expect(shown.statusCode).toBe(200);
    expect(await pageRating(shopB, variation)).toMatchObject({ average: 3, count: 2 });
  });

  it('keeps every rating equal to a direct computation after random writes', async () => {
    // A small deterministic generator: the same writes every run.
    let state = 2026;
    const next = () => {
      state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
      return state / 2_147_483_648;
    };
    const variations = [await variationOf(shopB.token, 'Cake'), await variationOf(shopB.token, 'Tart')];
    const buyers = [customer, other];
    const open: { id: number; buyer: (typeof buyers)[number]; productId: number }[] = [];
    for (let round = 0; round < 24; round++) {
      const roll = next();
      const stars = 1 + Math.floor(next() * 5);
      if (roll < 0.45 || open.length === 0) {
        const variation = variations[Math.floor(next() * variations.length)]!;
        const buyer = buyers[Math.floor(next() * buyers.length)]!;
        const { items } = await orderOf(shopB, [{ variation, quantity: 1 }], { buyer });
        const res = await review(buyer.token, { order_item_id: items[0]!.id, rating: stars });
        expect(res.statusCode, res.body).toBe(201);
        open.push({ id: res.json().data.id, buyer, productId: variation.product_id });
      } else {
        const target = open[Math.floor(next() * open.length)]!;
        const res =
          roll < 0.65
            ? await as(target.buyer.token, 'PUT', `/api/user/reviews/${target.id}`, { rating: stars })
            : roll < 0.75
              ? await as(target.buyer.token, 'DELETE', `/api/user/reviews/${target.id}`)
              : roll < 0.9
                ? await as(admin.token, 'POST', `/api/admin/reviews/${target.id}/hide`, {
                    reason: 'Checking the averages.',
                  })
                : await as(admin.token, 'POST', `/api/admin/reviews/${target.id}/show`);
        expect(res.statusCode, res.body).toBe(200);
        if (roll >= 0.65 && roll < 0.75) open.splice(open.indexOf(target), 1);
      }
      for (const variation of variations) {
        const want = await directRatings(variation.product_id, shopB.shopId!);
        expect(await storedRatings(variation.product_id, shopB.shopId!), `round ${round}`).toEqual(want);
      }
    }
    const want = await directRatings(variations[0]!.product_id, shopB.shopId!);
    expect(await pageRating(shopB, variations[0]!)).toEqual(want.product);
  });

  it("takes a deleted product's reviews out of its shop's rating", async () => {
    const shop = await signUpAs(t.app, t.database, 'vendor');
    const kept = await variationOf(shop.token, 'Sourdough');
    const dropped = await variationOf(shop.token, 'Stale Bun');
    const { items } = await orderOf(shop, [
      { variation: kept, quantity: 1 },
      { variation: dropped, quantity: 1 },
    ]);
    const byProduct = new Map(items.map((item) => [item.productId, item.id]));
    for (const [variation, rating] of [
      [kept, 5],
      [dropped, 1],
    ] as const) {
      const res = await review(customer.token, { order_item_id: byProduct.get(variation.product_id), rating });
      expect(res.statusCode, res.body).toBe(201);
    }
    const [row] = await t.database.db.select({ slug: shops.slug }).from(shops).where(eq(shops.id, shop.shopId!));
    const shopRating = async () => (await as(null, 'GET', `/api/shop/${row!.slug}`)).json().data.rating;
    expect(await shopRating()).toMatchObject({ average: 3, count: 2 });

    const deleted = await as(shop.token, 'DELETE', `/api/vendor/products/${dropped.product_id}`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await shopRating()).toMatchObject({ average: 5, count: 1 });
    expect((await storedRatings(kept.product_id, shop.shopId!)).shop).toEqual(
      (await directRatings(kept.product_id, shop.shopId!)).shop,
    );
  });

  it('sorts /products by top rated: highest average first, more reviews first among equals, unrated last', async () => {
    const res = await as(null, 'GET', '/api/products?sort_by=rating&sort_high=1&per_page=60');
    expect(res.statusCode, res.body).toBe(200);
    const ratings: { average: number | null; count: number }[] = res
      .json()
      .data.products.data.map((card: { rating: { average: number | null; count: number } }) => card.rating);
    expect(ratings.length).toBeGreaterThan(2);
    for (let i = 1; i < ratings.length; i++) {
      const [a, b] = [ratings[i - 1]!, ratings[i]!];
      if (a.average === null) expect(b.average).toBeNull();
      else if (b.average !== null) {
        expect(a.average).toBeGreaterThanOrEqual(b.average);
        if (a.average === b.average) expect(a.count).toBeGreaterThanOrEqual(b.count);
      }
    }
    expect(ratings[0]!.average).not.toBeNull();
  });
});

describe('favourites', () => {
  it('keeps a product and a shop once however often asked, lets go idempotently, and is per customer', async () => {
    const variation = await variationOf(shopA.token, 'Honey');
    for (let i = 0; i < 2; i++) {
      const res = await as(customer.token, 'POST', '/api/user/favourites', { product_id: variation.product_id });
      expect(res.statusCode, res.body).toBe(200);
    }
    await as(customer.token, 'POST', '/api/user/favourites', { shop_id: shopA.shopId });
    const rows = await t.database.db
      .select()
      .from(favouriteProducts)
      .where(
        and(eq(favouriteProducts.userId, customer.user.id), eq(favouriteProducts.productId, variation.product_id)),
      );
    expect(rows).toHaveLength(1);

    const mine = (await as(customer.token, 'GET', '/api/user/favourites')).json().data;
    expect(mine.product_ids).toContain(variation.product_id);
    expect(mine.shop_ids).toEqual([shopA.shopId]);
    expect(mine.products.find((c: { id: number }) => c.id === variation.product_id)).toMatchObject({
      rating: { average: null, count: 0 },
    });
    expect(mine.shops[0]).toMatchObject({ id: shopA.shopId, rating: expect.any(Object) });
    expect((await as(other.token, 'GET', '/api/user/favourites')).json().data.product_ids).toEqual([]);

    for (let i = 0; i < 2; i++) {
      const res = await as(customer.token, 'DELETE', '/api/user/favourites', { product_id: variation.product_id });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.product_ids).not.toContain(variation.product_id);
    }
    const byQuery = await as(customer.token, 'DELETE', `/api/user/favourites?shop_id=${shopA.shopId}`);
    expect(byQuery.statusCode, byQuery.body).toBe(200);
    expect(byQuery.json().data.shop_ids).toEqual([]);

    expect((await as(customer.token, 'POST', '/api/user/favourites', { product_id: 99_999_999 })).statusCode).toBe(404);
    expect((await as(customer.token, 'POST', '/api/user/favourites', {})).statusCode).toBe(422);
    expect((await as(null, 'GET', '/api/user/favourites')).statusCode).toBe(401);
  });
});

describe('POST user/order/{id}/buy-again', () => {
  it("gives the still-listable lines at today's prices and names the delisted, out-of-stock and short ones", async () => {
    const plenty = await variationOf(shopA.token, 'Apples', 50);
    const short = await variationOf(shopA.token, 'Pears', 50);
    const gone = await variationOf(shopA.token, 'Quinces', 50);
    const empty = await variationOf(shopA.token, 'Medlars', 50);
    const { order } = await orderOf(shopA, [
      { variation: plenty, quantity: 3 },
      { variation: short, quantity: 5 },
      { variation: gone, quantity: 1 },
      { variation: empty, quantity: 2 },
    ]);
    const db = t.database.db;
    await db.update(products).set({ isActive: false }).where(eq(products.id, gone.product_id));
    await db.update(productVariations).set({ price: 500 }).where(eq(productVariations.id, plenty.id));
    await db.update(productVariations).set({ stock: 2 }).where(eq(productVariations.id, short.id));
    await db.update(productVariations).set({ stock: 0 }).where(eq(productVariations.id, empty.id));
    // The read model follows the source rows, as every write keeps it (decision 010).
    await refreshProductListings(db, {
      productIds: [gone.product_id, plenty.product_id, short.product_id, empty.product_id],
    });

    const res = await as(customer.token, 'POST', `/api/user/order/${order.id}/buy-again`);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.lines.map((l: { id: number; quantity: number; price: number }) => [l.id, l.quantity, l.price])).toEqual(
      [
        [plenty.id, 3, 500],
        [short.id, 2, 450],
      ],
    );
    expect(data.lines[0]).toMatchObject({ product: { id: plenty.product_id, shop_id: shopA.shopId } });
    expect(data.skipped).toEqual([
      { name: short.full_name, reason: 'short', ordered: 5, added: 2 },
      { name: gone.full_name, reason: 'unavailable', ordered: 1, added: 0 },
      { name: empty.full_name, reason: 'out_of_stock', ordered: 2, added: 0 },
    ]);
    expect(data.message).toContain(`${gone.full_name} is no longer sold`);
    expect(data.message).toContain(`${empty.full_name} is out of stock`);
    expect(data.message).toContain(`${short.full_name}: only 2 of the 5 you ordered are in stock`);

    const notMine = await as(other.token, 'POST', `/api/user/order/${order.id}/buy-again`);
    expect(notMine.statusCode).toBe(404);
    expect(notMine.json().code).toBe('order_not_found');
  });
});

describe('review prompts', () => {
  it('mails one prompt two days after delivery, with a signed one-click unsubscribe, and none after unsubscribing', async () => {
    const buyer = await signUp(t.app, { name: 'Priya Prompt' });
    const variation = await variationOf(shopA.token, 'Jam');
    const { order } = await orderOf(shopA, [{ variation, quantity: 1 }], { buyer });
    const [prompt] = await t.database.db.select().from(reviewPrompts).where(eq(reviewPrompts.orderId, order.id));
    const days = (prompt!.dueAt.getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(1.99);
    expect(days).toBeLessThan(2.01);

    const linkSecret = await loadDownloadLinkSecret(t.app.config);
    const input = { publicUrl: 'https://parade.example', linkSecret };
    // Not due yet: nothing.
    await sendDueReviewPrompts(t.database.db, input);
    const none = await t.database.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, buyer.email), eq(mailOutbox.kind, 'review-prompt')));
    expect(none).toEqual([]);

    // Due: two senders at once give one mail, and a later round gives no second.
    const later = new Date(Date.now() + 3 * 86_400_000);
    await Promise.all([
      sendDueReviewPrompts(t.database.db, { ...input, now: later }),
      sendDueReviewPrompts(t.database.db, { ...input, now: later }),
    ]);
    await sendDueReviewPrompts(t.database.db, { ...input, now: later });
    const mails = await t.database.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, buyer.email), eq(mailOutbox.kind, 'review-prompt')));
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.text).toContain(variation.full_name);
    expect(mail.text).toContain(`https://parade.example/profile/orders/${order.id}`);
    const headers = typeof mail.headers === 'string' ? JSON.parse(mail.headers) : mail.headers;
    expect(headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    const oneClick = /<https:\/\/parade\.example(\/api\/review-mails\/unsubscribe\?token=[^>]+)>/.exec(
      headers['List-Unsubscribe'],
    );
    expect(oneClick).not.toBeNull();
    const token = new URL(`https://x${oneClick![1]}`).searchParams.get('token')!;

    // A token changed by one character is refused; the real one works without signing in, twice.
    const forged = token.replace(/.$/, (c) => (c === '0' ? '1' : '0'));
    const refused = await as(null, 'POST', '/api/review-mails/unsubscribe', { token: forged });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().code).toBe('review_mail_link_invalid');
    const otherUser = token.replace(/^\d+/, String(customer.user.id));
    expect((await as(null, 'POST', '/api/review-mails/unsubscribe', { token: otherUser })).statusCode).toBe(422);
    const mailApp = await t.app.inject({
      method: 'POST',
      url: oneClick![1]!,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(mailApp.statusCode, mailApp.body).toBe(200);
    expect((await as(null, 'POST', '/api/review-mails/unsubscribe', { token })).statusCode).toBe(200);

    // Unsubscribed: the next delivered order's prompt is taken without a mail.
    const next = await orderOf(shopA, [{ variation, quantity: 1 }], { buyer });
    await sendDueReviewPrompts(t.database.db, { ...input, now: later });
    const after = await t.database.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, buyer.email), eq(mailOutbox.kind, 'review-prompt')));
    expect(after).toHaveLength(1);
    const [taken] = await t.database.db.select().from(reviewPrompts).where(eq(reviewPrompts.orderId, next.order.id));
    expect(taken!.sentAt).not.toBeNull();
    expect(taken!.mailId).toBeNull();
  });
});
