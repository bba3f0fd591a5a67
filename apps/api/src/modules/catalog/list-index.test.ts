import type { HomeData, ProductList } from '@parade/core/catalog-dto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { setShopActive } from '../shops';
import { saveCategory } from './admin-taxonomy';
import { recordSale, reverseSale, setProductActive, setVariationActive, setVariationPrice } from './catalog.commands';
import { brands, categories, products, productVariations, subCategories } from './catalog.tables';
import { currentListIndex, ListIndex, loadListIndex } from './list-index';
import type { ProductFilters, ProductSort } from './product-cards';
import { listFromSql, listProducts, type ProductListRequest } from './products.service';
import { refreshProductListings, repairReadModel } from './read-model';
import { loadSearchVocabulary } from './search-vocabulary';

/**
 * The list index (decision 036) answers every list exactly as the SQL lists do: the same cards in
 * the same order, the same total and price range, for any filter, sort and page, and still after
 * writes of every kind (each re-read on the next list).
 */

// ---- the index alone, against a brute-force reference ------------------------------------------

function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Row {
  id: number;
  price: number | null;
  top: number | null;
  sold: number;
  rating: number | null;
  rating_count: number;
  created: number;
  category: string | null;
  sub: string | null;
  brand: string | null;
  shop_id: number;
  shop: string | null;
  listable: boolean;
}

const SORTS: ProductSort[] = [
  { sortBy: 'price', descending: false },
  { sortBy: 'price', descending: true },
  { sortBy: 'date', descending: true },
  { sortBy: 'date', descending: false },
  { sortBy: 'best_selling', descending: true },
  { sortBy: 'best_selling', descending: false },
  { sortBy: 'rating', descending: true },
  { sortBy: 'rating', descending: false },
];

function reference(rows: Row[], filters: ProductFilters, sort: ProductSort, searched: Set<number> | null) {
  const newest = (a: Row, b: Row) => b.created - a.created || b.id - a.id;
  const compare = (a: Row, b: Row): number => {
    const pa = a.price ?? Number.POSITIVE_INFINITY;
    const pb = b.price ?? Number.POSITIVE_INFINITY;
    if (sort.sortBy === 'price') return (sort.descending ? Math.sign(pb - pa) : Math.sign(pa - pb)) || newest(a, b);
    if (sort.sortBy === 'best_selling') return (sort.descending ? b.sold - a.sold : a.sold - b.sold) || newest(a, b);
    if (sort.sortBy === 'rating') {
      // Unrated last either way; more reviews first among equal averages (SQL: nulls last, count desc).
      if ((a.rating === null) !== (b.rating === null)) return a.rating === null ? 1 : -1;
      const byAverage =
        a.rating === null || b.rating === null
          ? 0
          : sort.descending
            ? Math.sign(b.rating - a.rating)
            : Math.sign(a.rating - b.rating);
      return byAverage || b.rating_count - a.rating_count || newest(a, b);
    }
    return sort.descending ? newest(a, b) : -newest(a, b);
  };
  const facets = rows.filter(
    (r) =>
      r.listable &&
      (!filters.categories?.length || (r.category !== null && filters.categories.includes(r.category))) &&
      (filters.sub === undefined || r.sub === filters.sub) &&
      (filters.brand === undefined || r.brand === filters.brand) &&
      (filters.shop === undefined || r.shop === filters.shop) &&
      (filters.shopId === undefined || r.shop_id === filters.shopId) &&
      (searched === null || searched.has(r.id)),
  );
  const inPrice = facets.filter(
    (r) =>
      r.price !== null &&
      (filters.minPrice === undefined || r.price >= filters.minPrice) &&
      (filters.maxPrice === undefined || r.price <= filters.maxPrice),
  );
  const prices = facets.flatMap((r) => (r.price === null ? [] : [r.price]));
  const tops = facets.flatMap((r) => (r.price === null ? [] : [r.top ?? r.price]));
  return {
    ordered: [...(filters.minPrice === undefined && filters.maxPrice === undefined ? facets : inPrice)]
      .sort(compare)
      .map((r) => r.id),
    total: (filters.minPrice === undefined && filters.maxPrice === undefined ? facets : inPrice).length,
    min: prices.length ? Math.min(...prices) : null,
    max: tops.length ? Math.max(...tops) : null,
  };
}

function randomRow(next: () => number, id: number): Row {
  const pick = <T>(items: T[]) => items[Math.floor(next() * items.length)]!;
  const shop = Math.floor(next() * 12);
  const category = pick(['fruit', 'bakery', 'books', null]);
  const price = next() < 0.02 ? null : 50 + Math.floor(next() * 40) * 25;
  return {
    id,
    price,
    // The dearest variation: often the card's own price, sometimes dearer.
    top: price === null ? null : price + (next() < 0.7 ? 0 : Math.floor(next() * 20) * 25),
    sold: Math.floor(next() * 6),
    // Few distinct averages and counts, and many unrated, so the tie-breaks matter.
    ...(next() < 0.4
      ? { rating: null, rating_count: 0 }
      : { rating: pick([3, 3.5, 4.33, 5]), rating_count: 1 + Math.floor(next() * 3) }),
    // Few distinct times, so the tie-breaks matter.
    created: 1_700_000_000_000_000 + Math.floor(next() * 30) * 1_000_000,
    category,
    sub: category === null ? null : pick([`${category}-a`, `${category}-b`, null]),
    brand: pick(['north', 'south', 'east', null]),
    shop_id: shop + 1,
    shop: `shop-${shop}`,
    listable: next() < 0.9,
  };
}

function randomFilters(next: () => number, rows: Row[]): { filters: ProductFilters; searched: Set<number> | null } {
  const filters: ProductFilters = {};
  if (next() < 0.3) filters.categories = next() < 0.3 ? ['fruit', 'books'] : [next() < 0.5 ? 'bakery' : 'fruit'];
  if (next() < 0.2) filters.sub = next() < 0.5 ? 'bakery-a' : 'fruit-b';
  if (next() < 0.2) filters.brand = next() < 0.8 ? 'north' : 'nowhere';
  if (next() < 0.2) filters.shop = `shop-${Math.floor(next() * 13)}`;
  if (next() < 0.1) filters.shopId = 1 + Math.floor(next() * 12);
  if (next() < 0.3) filters.minPrice = 50 + Math.floor(next() * 20) * 25;
  if (next() < 0.3) filters.maxPrice = 100 + Math.floor(next() * 40) * 25;
  const searched = next() < 0.2 ? new Set(rows.filter(() => next() < 0.3).map((r) => r.id)) : null;
  if (searched) filters.search = 'anything';
  return { filters, searched };
}

function check(index: ListIndex, rows: Row[], next: () => number, rounds: number) {
  for (let round = 0; round < rounds; round++) {
    const { filters, searched } = randomFilters(next, rows);
    const sort = SORTS[Math.floor(next() * SORTS.length)]!;
    const want = reference(rows, filters, sort, searched);
    const resolved = index.resolve(filters, searched ? [...searched] : null);
    const perPage = 1 + Math.floor(next() * 25);
    const page = 1 + Math.floor(next() * Math.max(1, Math.ceil(want.total / perPage) + 1));
    const offset = (page - 1) * perPage;
    const label = JSON.stringify({ filters, sort, page, perPage });
    expect(index.page(resolved, sort, offset, perPage), label).toEqual(want.ordered.slice(offset, offset + perPage));
    expect(index.aggregate(resolved), label).toEqual({ total: want.total, min: want.min, max: want.max });
  }
}

describe('the list index against a brute-force reference', () => {
  it('pages, counts and price ranges any filter and sort, before and after random changes', () => {
    const next = random(36);
    let rows = Array.from({ length: 600 }, (_, i) => randomRow(next, i + 1));
    const index = ListIndex.build(rows);
    check(index, rows, next, 400);
    for (let step = 0; step < 60; step++) {
      // A few products change (moves), or many at once (a merge), or come and go.
      const many = step % 10 === 9;
      const ids = new Set<number>();
      const count = many ? 80 + Math.floor(next() * 80) : 1 + Math.floor(next() * 4);
      while (ids.size < count) ids.add(1 + Math.floor(next() * (rows.length + 20)));
      const changed: Row[] = [];
      for (const id of ids) {
        if (next() < 0.1) continue; // deleted: no row comes back
        const before = rows.find((r) => r.id === id);
        const row = randomRow(next, id);
        // Often only a sale or a price change.
        changed.push(
          before && next() < 0.5
            ? next() < 0.5
              ? { ...before, sold: before.sold + 1 }
              : {
                  ...before,
                  rating: next() < 0.2 ? null : 1 + Math.floor(next() * 16) / 4,
                  rating_count: before.rating_count + 1,
                }
            : row,
        );
      }
      index.apply(ids, changed);
      const byId = new Map(rows.map((r) => [r.id, r]));
      for (const id of ids) byId.delete(id);
      for (const row of changed) byId.set(row.id, row);
      rows = [...byId.values()];
      check(index, rows, next, 40);
    }
  });
});

// ---- through the API's lists, against the SQL lists --------------------------------------------

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({ seed: true });
  await loadListIndex(t.database.db);
  // The catalogue's words, so that a typo's readings ("masure tape") are what both sides compare.
  await loadSearchVocabulary(t.database.db);
});
afterAll(() => t.close());

async function compareWithSql(requests: ProductListRequest[]) {
  const db = t.database.db;
  expect(await currentListIndex(db)).not.toBeNull();
  for (const request of requests) {
    const fromIndex: ProductList = await listProducts(db, request);
    const fromSql: ProductList = await listFromSql(db, request);
    expect(fromIndex, JSON.stringify(request)).toEqual(fromSql);
  }
}

async function someRequests(count: number, seed: number): Promise<ProductListRequest[]> {
  const db = t.database.db;
  const next = random(seed);
  const pick = <T>(items: T[]) => items[Math.floor(next() * items.length)]!;
  const categorySlugs = (await db.select({ slug: categories.slug }).from(categories)).map((r) => r.slug);
  const subSlugs = (await db.select({ slug: subCategories.slug }).from(subCategories)).map((r) => r.slug);
  const brandSlugs = (await db.select({ slug: brands.slug }).from(brands)).map((r) => r.slug);
  const shopRows = await db.selectDistinct({ id: products.shopId, slug: products.shopSlug }).from(products);
  const requests: ProductListRequest[] = [];
  for (let i = 0; i < count; i++) {
    const filters: ProductFilters = {};
    if (next() < 0.35)
      filters.categories = next() < 0.2 ? [pick(categorySlugs), pick(categorySlugs)] : [pick(categorySlugs)];
    if (next() < 0.2) filters.sub = pick(subSlugs);
    if (next() < 0.2) filters.brand = pick(brandSlugs);
    if (next() < 0.2) filters.shop = pick(shopRows).slug ?? undefined;
    if (next() < 0.1) filters.shopId = pick(shopRows).id;
    if (next() < 0.15) filters.search = pick(['bread', 'organic', 'tea', 'chiken', 'masure tape', 'zzqqxxv']);
    if (next() < 0.3) filters.minPrice = Math.floor(next() * 600);
    if (next() < 0.3) filters.maxPrice = 200 + Math.floor(next() * 2000);
    requests.push({
      filters,
      sort: pick(SORTS),
      page: 1 + Math.floor(next() * 4),
      perPage: pick([5, 20, 60]),
    });
  }
  return requests;
}

describe('lists from the list index', () => {
  it('answer as the SQL lists do, for random filters, sorts and pages', async () => {
    await compareWithSql(await someRequests(250, 1));
  });

  it('follow every kind of write on the next list', async () => {
    const db = t.database.db;
    const variations = await db
      .select({ id: productVariations.id, productId: productVariations.productId, price: productVariations.price })
      .from(productVariations)
      .limit(40);
    // Prices (moves in the price orders), a variation and a product switched off and on.
    for (const v of variations.slice(0, 6)) await setVariationPrice(db, v.id, v.price + 333);
    await setVariationActive(db, variations[7]!.id, false);
    await setProductActive(db, variations[9]!.productId, false);
    await compareWithSql(await someRequests(60, 2));
    await setProductActive(db, variations[9]!.productId, true);
    await setVariationActive(db, variations[7]!.id, true);
    // Sales (the best-selling orders) and their cancellation.
    const lines = variations.slice(10, 14).map((v) => ({ variationId: v.id, quantity: 2 }));
    await db.transaction((tx) => recordSale(tx, lines));
    await compareWithSql(await someRequests(60, 3));
    await reverseSale(db, lines);
    // A shop closed: many products at once.
    const [shop] = await db.select({ id: products.shopId }).from(products).limit(1);
    const setShopStatus = (isActive: boolean) =>
      db.transaction(async (tx) => {
        await setShopActive(tx, shop!.id, isActive);
        await refreshProductListings(tx, { shopId: shop!.id });
      });
    await setShopStatus(false);
    await compareWithSql(await someRequests(60, 4));
    await setShopStatus(true);
    await compareWithSql(await someRequests(60, 5));
  });

  it('answer from SQL while a repair is read again, then from the index', async () => {
    const db = t.database.db;
    // A change no command announced, then the repair that makes the read model right again.
    const [row] = await db.select({ id: products.id, createdAt: products.createdAt }).from(products).limit(1);
    await db
      .update(products)
      .set({ createdAt: new Date(row!.createdAt.getTime() - 86_400_000) })
      .where(eq(products.id, row!.id));
    await repairReadModel(db);
    expect(await currentListIndex(db)).toBeNull();
    await loadListIndex(db);
    await compareWithSql(await someRequests(40, 6));
    // A product refreshed by id after a change by hand is re-read too.
    await db
      .update(products)
      .set({ createdAt: new Date(row!.createdAt.getTime() + 86_400_000) })
      .where(eq(products.id, row!.id));
    await refreshProductListings(db, { productIds: [row!.id] });
    await compareWithSql(await someRequests(40, 7));
    // Another process's writes (none announced here): seen once the index is read again.
    const some = await db.select({ id: products.id }).from(products).where(eq(products.listable, true)).limit(30);
    for (const [i, { id }] of some.entries()) {
      await db
        .update(products)
        .set(i % 3 === 0 ? { listable: false } : { unitsSold: 1000 + i, cardPrice: 7 + i })
        .where(eq(products.id, id));
    }
    await loadListIndex(db);
    await compareWithSql(await someRequests(40, 8));
    await repairReadModel(db);
    await loadListIndex(db);
    await compareWithSql(await someRequests(20, 9));
  });
});

describe('the home page from kept parts', () => {
  it('follows catalogue and taxonomy writes on the next request, from its kept parts (decision 036)', async () => {
    const db = t.database.db;
    const home = async () => (await t.app.inject('/api/home')).json().data as HomeData;
    const before = await home();
    // A price change of a card on the home page: its newest row is read again.
    const card = before.products[0]!;
    await setVariationPrice(db, card.variation.id, card.price + 111);
    const repriced = await home();
    expect(repriced.products.find((c) => c.id === card.id)?.price).toBe(card.price + 111);
    await setVariationPrice(db, card.variation.id, card.price);
    // A category renamed by the platform: the tree is read again.
    const category = before.categories[0]!;
    await saveCategory(db, category.id, { name: `${category.name} and more` });
    expect((await home()).categories[0]!.name).toBe(`${category.name} and more`);
    await saveCategory(db, category.id, { name: category.name });
    expect((await home()).categories[0]!.name).toBe(category.name);
    // The same parts make the same bytes.
    const [first, second] = await Promise.all([t.app.inject('/api/home'), t.app.inject('/api/home')]);
    expect(second.body).toBe(first.body);
  });
});
