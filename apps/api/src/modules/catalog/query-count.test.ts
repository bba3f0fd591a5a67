import type { ProductList, ProductPage } from '@parade/core/catalog-dto';
import type { Logger } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { setVariationActive } from './catalog.commands';
import { LIST_INDEX_STATEMENT_MARK, loadListIndex } from './list-index';
import { VOCABULARY_STATEMENT_MARK } from './search-vocabulary';

/**
 * SQL statements per request on the catalogue's hot reads: a small constant that does not grow
 * with the page size or the number of variations (no N+1). Counted through the drizzle session's
 * logger, which both drivers call once per statement.
 */

let t: TestApp;
let statements: string[] = [];

beforeAll(async () => {
  t = await buildTestApp({ seed: true });
  // Lists work out their pages, counts and price ranges from the list index once it is read.
  await loadListIndex(t.database.db);
  const logger: Logger = { logQuery: (query) => statements.push(query) };
  (t.database.db as unknown as { session: { logger: Logger } }).session.logger = logger;
});
afterAll(() => t.close());

/**
 * The statements one request makes: the health probe's `select 1` aside, the typo corrector's
 * background read of the catalogue's words (search-vocabulary.ts), which no request waits for,
 * and the list index's reads of the products a write changed (list-index.ts; none here).
 */
async function count(method: 'GET' | 'POST', url: string, payload?: object): Promise<number> {
  statements = [];
  const res = await t.app.inject({ method, url, payload });
  expect(res.statusCode, `${url}: ${res.body.slice(0, 200)}`).toBe(200);
  return statements.filter(
    (q) =>
      !/^select 1$/i.test(q.trim()) &&
      !q.startsWith(VOCABULARY_STATEMENT_MARK) &&
      !q.startsWith(LIST_INDEX_STATEMENT_MARK),
  ).length;
}

describe('statements per request', () => {
  it('a product list: one for the cards of the page, whatever the filters, sort, depth and page size', async () => {
    // The page's products, the count and the price range come from the list index (decision 036).
    expect(await count('GET', '/api/products?per_page=5&min_price=1')).toBe(1);
    expect(await count('GET', '/api/products?per_page=60&min_price=2&sort_by=price&sort_high=0')).toBe(1);
    expect(await count('GET', '/api/products?per_page=60&category=fruit-and-veg&sort_by=best_selling')).toBe(1);
    expect(await count('GET', '/api/products?per_page=20&min_price=1&page=2&sort_by=date&sort_high=0')).toBe(1);
    expect(await count('GET', '/api/products?per_page=5&shop=green-barrow&sort_by=price&page=2')).toBe(1);
    // A search filter: the matching products once (kept by the corrected text), then the cards.
    expect(await count('GET', '/api/products?search=bread&sort_by=price')).toBe(2);
    expect(await count('GET', '/api/products?search=Bread&sort_by=date&sort_high=0')).toBe(1);
    const full = await t.app.inject({ method: 'GET', url: '/api/products?per_page=60' });
    expect((full.json().data as ProductList).products.data).toHaveLength(60);
    // Ratings come with the cards, from the read model (the demo reviews a third of the products):
    // Top rated is one statement too, and a rated card costs nothing more.
    expect(await count('GET', '/api/products?per_page=60&sort_by=rating&sort_high=1')).toBe(1);
    const rated = await t.app.inject({ method: 'GET', url: '/api/products?per_page=60&sort_by=rating&sort_high=1' });
    const cards = (rated.json().data as ProductList).products.data;
    expect(cards[0]!.rating.count).toBeGreaterThan(0);
    expect(cards.filter((card) => card.rating.count > 0).length).toBeGreaterThan(10);
  });

  it('a shop product list and the shop data: the shop, then the read model', async () => {
    expect(await count('GET', '/api/shop/green-barrow/product?per_page=5')).toBe(2);
    expect(await count('GET', '/api/shop/green-barrow/product?per_page=60&sort_by=price')).toBe(2);
    expect(await count('GET', '/api/shop/green-barrow/data')).toBe(4);
  });

  it('a product page: the product with its variations, and the related cards once per sub-category', async () => {
    const list = (await t.app.inject({ method: 'GET', url: '/api/products?per_page=60' })).json().data as ProductList;
    const seen = new Set<string>();
    for (const card of list.products.data.slice(0, 12)) {
      const url = `/api/product/${card.shop.slug}/${card.slug}/${card.variation.slug}`;
      const page = (await t.app.inject({ method: 'GET', url })).json().data as ProductPage;
      const near = `${page.product.sub_category?.id}-${page.product.category?.id}`;
      // The related cards of a sub-category and category are kept (until a catalogue write).
      expect(await count('GET', url), url).toBe(1);
      seen.add(near);
    }
    expect(seen.size).toBeGreaterThan(1);
  });

  it('the home page: a fixed handful, one per section; then its kept parts, and one statement after a write', async () => {
    const first = await count('GET', '/api/home');
    expect(first).toBeLessThanOrEqual(8);
    // Every part is kept (content's home.service.ts, decision 036).
    expect(await count('GET', '/api/home')).toBe(0);
    // A catalogue write: only the newest and best-selling cards are read again, in one statement.
    const list = (await t.app.inject({ method: 'GET', url: '/api/products?per_page=1' })).json().data as ProductList;
    const variation = list.products.data[0]!.variation;
    await setVariationActive(t.database.db, variation.id, false);
    expect(await count('GET', '/api/home')).toBe(1);
    await setVariationActive(t.database.db, variation.id, true);
  });

  it('a search: one statement, for a short, a long and a misspelt query', async () => {
    for (const text of ['ban', 'banana', 'fairtrade bananas bunch', 'bananna']) {
      expect(await count('POST', '/api/search', { search: text }), text).toBe(1);
    }
  });

  it('a search asked again in any case or accents: none, until a catalogue write', async () => {
    const first = await count('POST', '/api/search', { search: 'Bánanas' });
    expect(first).toBe(1);
    const hits = (await t.app.inject({ method: 'POST', url: '/api/search', payload: { search: 'bananas ' } })).json()
      .data;
    expect(await count('POST', '/api/search', { search: 'BANANAS' })).toBe(0);
    // A write through the catalogue's commands refreshes the read model and drops cached hits.
    await setVariationActive(t.database.db, hits[0].id, false);
    statements = [];
    const after = (await t.app.inject({ method: 'POST', url: '/api/search', payload: { search: 'bananas' } })).json()
      .data;
    expect(statements.length).toBe(1);
    expect(after.map((hit: { id: number }) => hit.id)).not.toContain(hits[0].id);
  });
});
