import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { ProductList } from '@parade/core/catalog-dto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { setVariationPrice } from '../modules/catalog';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import { bearer, signUp } from '../test/test-support';
import { normalisedUrl } from './public-cache';

/**
 * The in-process cache of public replies (public-cache.ts, reply-cache.ts). A reply served from
 * memory carries an `Age` header; one made by the handler does not.
 */

const fromCache = (res: LightMyRequestResponse) => res.headers.age !== undefined;

/** What a client sees of a reply: status, body (decompressed) and the caching headers. */
function seen(res: LightMyRequestResponse) {
  const encoding = res.headers['content-encoding'];
  const body =
    encoding === 'br'
      ? brotliDecompressSync(res.rawPayload).toString()
      : encoding === 'gzip'
        ? gunzipSync(res.rawPayload).toString()
        : res.body;
  return {
    status: res.statusCode,
    body,
    etag: res.headers.etag,
    contentType: res.headers['content-type'],
    contentEncoding: encoding,
    cacheControl: res.headers['cache-control'],
    vary: res.headers.vary,
  };
}

describe('the public reply cache, on the demo catalogue', () => {
  let t: TestApp;
  /** The same app on the same database without the reply cache: what a fresh reply looks like. */
  let uncached: FastifyInstance;

  beforeAll(async () => {
    t = await buildTestApp({ seed: true, env: { PUBLIC_REPLY_CACHE_SECONDS: '10' } });
    uncached = await buildApp({
      config: loadConfig({ ...t.env, PUBLIC_REPLY_CACHE_SECONDS: '0' }),
      database: t.database,
      logger: false,
    });
    await uncached.ready();
  });
  afterAll(async () => {
    await uncached.close();
    await t.close();
  });

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

  async function someProductPage(): Promise<string> {
    const list = (await get('/api/products?per_page=1')).json().data as ProductList;
    const card = list.products.data[0]!;
    return `/api/product/${card.shop.slug}/${card.slug}/${card.variation.slug}`;
  }

  it('answers a repeated read from memory with exactly what the handler answers, in every encoding', async () => {
    const urls = ['/api/products?sort_by=price&sort_high=0', '/api/home', '/api/categories', await someProductPage()];
    const shop = (await get('/api/products?per_page=1')).json().data.products.data[0].shop.slug as string;
    urls.push(`/api/shop/${shop}/data`, `/api/shop/${shop}/product?page=2`);
    for (const url of urls) {
      const encodings: Record<string, string>[] = [
        {},
        { 'accept-encoding': 'gzip, deflate, br' },
        { 'accept-encoding': 'gzip' },
      ];
      for (const headers of encodings) {
        const first = await get(url, headers);
        const again = await get(url, headers);
        const fresh = await uncached.inject({ method: 'GET', url, headers });
        expect(fresh.statusCode, url).toBe(200);
        expect(fromCache(first), url).toBe(false);
        expect(fromCache(again), url).toBe(true);
        expect(seen(again), `${url} ${JSON.stringify(headers)}`).toEqual(seen(fresh));
        expect(seen(first)).toEqual(seen(fresh));
      }
    }
  });

  it('answers 304 from memory to a matching If-None-Match', async () => {
    const first = await get('/api/brands');
    const revalidated = await get('/api/brands', { 'if-none-match': first.headers.etag as string });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.body).toBe('');
    expect(revalidated.headers.etag).toBe(first.headers.etag);
    expect(fromCache(revalidated)).toBe(true);
  });

  it('shares one entry between the same query parameters in another order', async () => {
    await get('/api/products?sort_by=best_selling&per_page=7');
    expect(fromCache(await get('/api/products?per_page=7&sort_by=best_selling'))).toBe(true);
    expect(normalisedUrl('/api/p?b=2&a=1&b=1&')).toBe('/api/p?a=1&b=2&b=1');
    expect(normalisedUrl('/api/p?category=x&category=y')).not.toBe(normalisedUrl('/api/p?category=y&category=x'));
  });

  it('shows a catalogue write at the next read: the list, the product page and the home page', async () => {
    const listUrl = '/api/products?sort_by=price&sort_high=0&per_page=5';
    const before = (await get(listUrl)).json().data as ProductList;
    const page = await someProductPage();
    const variationId = (await get(page)).json().data.variation.id as number;
    await get('/api/home');
    expect(fromCache(await get(listUrl))).toBe(true);
    expect(fromCache(await get(page))).toBe(true);

    // Cheaper than anything listed: it becomes the first card of the cheapest-first list.
    const cheapest = Math.max(0, (before.products.data[0]?.price ?? 1) - 1);
    await setVariationPrice(t.database.db, variationId, cheapest);

    const after = await get(listUrl);
    expect(fromCache(after)).toBe(false);
    expect((after.json().data as ProductList).products.data[0]!.price).toBe(cheapest);
    const pageAfter = await get(page);
    expect(fromCache(pageAfter)).toBe(false);
    expect(pageAfter.json().data.variations.map((v: { price: number }) => v.price)).toContain(cheapest);
    expect(fromCache(await get('/api/home'))).toBe(false);
  });

  it('never serves nor keeps a reply for a signed-in request', async () => {
    const { token } = await signUp(t.app);
    const url = '/api/products?per_page=3&sort_by=date&sort_high=0';
    const signedIn = await get(url, bearer(token));
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.headers['cache-control']).toBe('private, no-store');
    // The signed-in read left nothing behind for an anonymous one ...
    expect(fromCache(await get(url))).toBe(false);
    // ... and an anonymous entry is never given to a signed-in shopper.
    expect(fromCache(await get(url))).toBe(true);
    const again = await get(url, bearer(token));
    expect(fromCache(again)).toBe(false);
    expect(again.headers['cache-control']).toBe('private, no-store');
  });

  it('keeps no failure', async () => {
    const missing = '/api/product/no-such-shop/no-such-product/none';
    expect((await get(missing)).statusCode).toBe(404);
    const again = await get(missing);
    expect(again.statusCode).toBe(404);
    expect(fromCache(again)).toBe(false);
    expect((await get('/api/products?page=0')).statusCode).toBe(422);
    expect(fromCache(await get('/api/products?page=0'))).toBe(false);
  });
});

describe('the public reply cache, bounded and single-flight', () => {
  let t: TestApp;
  const runs = { slow: 0, cookie: 0, big: 0, degraded: 0 };

  beforeAll(async () => {
    t = await buildTestApp({
      env: { PUBLIC_REPLY_CACHE_SECONDS: '10', PUBLIC_REPLY_CACHE_ENTRIES: '5', PUBLIC_REPLY_CACHE_MB: '1' },
      extend: (app) => {
        app.get('/api/test/slow', { config: { publicCache: true } }, async () => {
          runs.slow++;
          await new Promise((resolve) => setTimeout(resolve, 50));
          return { runs: runs.slow };
        });
        app.get('/api/test/cookie', { config: { publicCache: true } }, async (_request, reply) => {
          runs.cookie++;
          reply.header('set-cookie', 'seen=1');
          return { runs: runs.cookie };
        });
        // A stand-in answer given for want of the real one (the storefront's shell when a page could not be drawn).
        app.get('/api/test/degraded', { config: { publicCache: true } }, async (_request, reply) => {
          runs.degraded++;
          reply.header('cache-control', 'no-store');
          return { runs: runs.degraded };
        });
        app.get('/api/test/big', { config: { publicCache: true } }, async (request) => {
          runs.big++;
          return { n: (request.query as { n?: string }).n, filler: 'x'.repeat(300_000) };
        });
      },
    });
  });
  afterAll(() => t.close());

  const get = (url: string) => t.app.inject({ method: 'GET', url });

  it('runs the handler once for concurrent requests of one key', async () => {
    const replies = await Promise.all(Array.from({ length: 12 }, () => get('/api/test/slow')));
    expect(runs.slow).toBe(1);
    for (const reply of replies) expect(reply.json()).toEqual({ runs: 1 });
  });

  it('keeps no reply that sets a cookie', async () => {
    await get('/api/test/cookie');
    const again = await get('/api/test/cookie');
    expect(fromCache(again)).toBe(false);
    expect(runs.cookie).toBe(2);
  });

  it('keeps no reply its route marked no-store, and sends it so', async () => {
    await get('/api/test/degraded');
    const again = await get('/api/test/degraded');
    expect(fromCache(again)).toBe(false);
    expect(runs.degraded).toBe(2);
    expect(again.headers['cache-control']).toBe('no-store');
  });

  it('holds at most its entries and its bytes, dropping the least recently used', async () => {
    for (let page = 1; page <= 12; page++) await get(`/api/products?page=${page}`);
    expect(t.app.publicReplies.stats.entries).toBeLessThanOrEqual(5);
    expect(fromCache(await get('/api/products?page=12'))).toBe(true);
    expect(fromCache(await get('/api/products?page=1'))).toBe(false);

    // What it counts is what it holds: a compressed reply keeps a memory block of its own size,
    // not the 64 KB block zlib wrote it into.
    await t.app.inject({ method: 'GET', url: '/api/products?page=3', headers: { 'accept-encoding': 'br' } });
    const stored = t.app.publicReplies.lookup('br /api/products?page=3');
    expect(stored).toBeDefined();
    const body = (stored as { body: Buffer }).body;
    expect(body.buffer.byteLength).toBe(body.length);

    for (let n = 1; n <= 6; n++) await get(`/api/test/big?n=${n}`);
    expect(t.app.publicReplies.stats.bytes).toBeLessThanOrEqual(1024 * 1024);
    expect(fromCache(await get('/api/test/big?n=6'))).toBe(true);
    expect(fromCache(await get('/api/test/big?n=1'))).toBe(false);
  });
});

describe('the public reply cache, configured', () => {
  it('is off when public replies may not be cached at all (max-age 0)', async () => {
    const t = await buildTestApp({ env: { PUBLIC_REPLY_CACHE_SECONDS: '10', PUBLIC_CACHE_MAX_AGE_SECONDS: '0' } });
    try {
      await t.app.inject({ method: 'GET', url: '/api/categories' });
      expect(fromCache(await t.app.inject({ method: 'GET', url: '/api/categories' }))).toBe(false);
    } finally {
      await t.close();
    }
  });
});
