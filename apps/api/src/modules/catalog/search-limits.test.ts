import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { SEARCH_RATE_LIMIT } from './search-limits';

/**
 * The cost of GET /products?search= (issue 14): a search is rate-limited per address as POST
 * /search is, plain browsing is not; a search the trigram index cannot narrow (under 3 letters
 * or digits once folded) or over 100 characters is refused with 422 rather than run. With the
 * reply cache on, a repeated URL is answered from memory before the limit counts it: only
 * misses (which query the database) are limited.
 */
let t: TestApp;
let cached: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ seed: true });
  cached = await buildTestApp({ seed: true, env: { PUBLIC_REPLY_CACHE_SECONDS: '30' } });
}, 120_000);
afterAll(async () => {
  await t?.close();
  await cached?.close();
});

let address = 0;
/** A client address of its own, so each test starts with a full allowance. */
const newAddress = () => {
  address += 1;
  return `10.77.${Math.floor(address / 250)}.${(address % 250) + 1}`;
};

const list = (app: TestApp, query: string, remoteAddress: string) =>
  app.app.inject({ method: 'GET', url: `/api/products${query}`, remoteAddress });

function expectRateLimited(res: LightMyRequestResponse) {
  expect(res.statusCode, res.body).toBe(429);
  expect(res.json()).toEqual({ status: false, message: expect.any(String), code: 'rate_limited', errors: {} });
}

describe('GET /api/products?search=', () => {
  it('is limited per address as POST /search is, in the envelope; plain browsing is not', async () => {
    expect(SEARCH_RATE_LIMIT).toEqual({ max: 120, timeWindow: '1 minute' });
    const client = newAddress();
    for (let i = 0; i < SEARCH_RATE_LIMIT.max; i += 1) {
      const res = await list(t, `?search=jam${i}`, client);
      expect(res.statusCode, res.body).toBe(200);
    }
    expectRateLimited(await list(t, '?search=bread', client));
    // A search sent with other filters is still a search.
    expectRateLimited(await list(t, '?sort_by=price&search=bread&page=2', client));
    // The same client may still browse, and another client may still search.
    expect((await list(t, '', client)).statusCode).toBe(200);
    expect((await list(t, '?sort_by=price&sort_high=0&search=', client)).statusCode).toBe(200);
    expect((await list(t, '?search=bread', newAddress())).statusCode).toBe(200);
  });

  it('never limits plain list calls', async () => {
    const client = newAddress();
    for (let i = 0; i < SEARCH_RATE_LIMIT.max + 30; i += 1) {
      const res = await list(t, `?page=${(i % 3) + 1}&sort_by=${i % 2 ? 'price' : 'date'}`, client);
      expect(res.statusCode, res.body).toBe(200);
    }
  });

  it('refuses a search under 3 letters or digits (folded, spaces not counted) or over 100 characters', async () => {
    const client = newAddress();
    for (const search of ['ab', 'q', ' 7 ', 's 1', 'a.b', '&&&', 'é-è', '%%%', '___']) {
      const res = await list(t, `?search=${encodeURIComponent(search)}`, client);
      expect(res.statusCode, `${search}: ${res.body}`).toBe(422);
      expect(res.json()).toMatchObject({
        status: false,
        code: 'validation_failed',
        errors: { search: [expect.any(String)] },
      });
    }
    const tooLong = await list(t, `?search=${'a'.repeat(101)}`, client);
    expect(tooLong.statusCode).toBe(422);
    expect(Object.keys(tooLong.json().errors)).toEqual(['search']);
    for (const search of ['abc', 'a b c', 'Crème', 'x'.repeat(100), '']) {
      const res = await list(t, `?search=${encodeURIComponent(search)}`, client);
      expect(res.statusCode, `${search}: ${res.body}`).toBe(200);
    }
  });

  it('with the reply cache on, limits only the searches that reach the database', async () => {
    const client = newAddress();
    const first = await list(cached, '?search=apple', client);
    expect(first.statusCode).toBe(200);
    for (let i = 1; i < SEARCH_RATE_LIMIT.max; i += 1) {
      expect((await list(cached, `?search=pear${i}`, client)).statusCode).toBe(200);
    }
    // Over the limit: a new search (a cache miss) is refused...
    expectRateLimited(await list(cached, '?search=plum', client));
    // ...while the search already in memory is answered from it, without a query.
    const again = await list(cached, '?search=apple', client);
    expect(again.statusCode).toBe(200);
    expect(again.headers.age).toBeDefined();
    expect(again.body).toBe(first.body);
  });
});
