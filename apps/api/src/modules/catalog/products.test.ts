import type { ProductCard, ProductList, ProductPage } from '@parade/core/catalog-dto';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shops } from '../../maintenance/schema';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { setProductActive, setVariationActive } from './catalog.commands';
import { brands, categories, products, productVariations, subCategories } from './catalog.tables';
import { refreshProductListings } from './read-model';

/**
 * /api/products and the product page against the demo marketplace. Expectations come from a
 * reference model built here in plain TypeScript from the tables, not from the service's SQL.
 */

let t: TestApp;

interface ReferenceProduct {
  id: number;
  name: string;
  createdAt: number;
  shopSlug: string;
  brandSlug: string | null;
  categorySlug: string | null;
  subSlug: string | null;
  subCategoryId: number | null;
  categoryId: number | null;
  cardVariationId: number;
  cardVariationSlug: string;
  price: number;
  /** The dearest active variation's price. */
  topPrice: number;
  unitsSold: number;
}

let reference: ReferenceProduct[];
/** A product whose cheapest variation the test switched off. */
let repricedProduct: { id: number; nextCheapestId: number; nextCheapestPrice: number };
/** Hidden by the test: an inactive product, a product without active variations, a closed shop's product. */
let hiddenProductIds: number[];

async function get<T>(
  url: string,
): Promise<{ status: number; body: { status: boolean; data: T; errors?: Record<string, string[]> } }> {
  const res = await t.app.inject({ method: 'GET', url });
  return { status: res.statusCode, body: res.json() };
}

async function list(query: string): Promise<ProductList> {
  const res = await get<ProductList>(`/api/products${query ? `?${query}` : ''}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

/** Every card of a query, walking all pages of 60. */
async function allCards(query: string): Promise<ProductCard[]> {
  const cards: ProductCard[] = [];
  for (let page = 1; ; page++) {
    const { products: paged } = await list(`${query}${query ? '&' : ''}per_page=60&page=${page}`);
    cards.push(...paged.data);
    if (page >= paged.last_page) return cards;
  }
}

const ids = (cards: { id: number }[]) => cards.map((c) => c.id);

type Compare = (a: ReferenceProduct, b: ReferenceProduct) => number;
const newestFirst: Compare = (a, b) => b.createdAt - a.createdAt || b.id - a.id;
const sorts: Record<string, Compare> = {
  'sort_by=date&sort_high=1': newestFirst,
  'sort_by=date&sort_high=0': (a, b) => a.createdAt - b.createdAt || a.id - b.id,
  'sort_by=price&sort_high=0': (a, b) => a.price - b.price || newestFirst(a, b),
  'sort_by=price&sort_high=1': (a, b) => b.price - a.price || newestFirst(a, b),
  'sort_by=best_selling&sort_high=1': (a, b) => b.unitsSold - a.unitsSold || newestFirst(a, b),
  'sort_by=best_selling&sort_high=0': (a, b) => a.unitsSold - b.unitsSold || newestFirst(a, b),
};

function expected(filter: (p: ReferenceProduct) => boolean, compare: Compare = newestFirst): number[] {
  return reference
    .filter(filter)
    .sort(compare)
    .map((p) => p.id);
}

/** The contract's price range: the min/max variation price (of active variations) of the filtered set. */
function rangeOf(filter: (p: ReferenceProduct) => boolean) {
  const chosen = reference.filter(filter);
  return chosen.length === 0
    ? { min: 0, max: 0 }
    : { min: Math.min(...chosen.map((p) => p.price)), max: Math.max(...chosen.map((p) => p.topPrice)) };
}

async function buildReference(): Promise<ReferenceProduct[]> {
  const db = t.database.db;
  const [productRows, variationRows, shopRows, brandRows, categoryRows, subRows] = await Promise.all([
    db.select().from(products),
    db.select().from(productVariations),
    db.select().from(shops),
    db.select().from(brands),
    db.select().from(categories),
    db.select().from(subCategories),
  ]);
  const shopById = new Map(shopRows.map((s) => [s.id, s]));
  const slugOf = <T extends { id: number; slug: string }>(rows: T[], id: number | null) =>
    id === null ? null : (rows.find((r) => r.id === id)?.slug ?? null);
  const result: ReferenceProduct[] = [];
  for (const p of productRows) {
    const shop = shopById.get(p.shopId);
    if (!p.isActive || !shop?.isActive) continue;
    const active = variationRows
      .filter((v) => v.productId === p.id && v.isActive)
      .sort((a, b) => a.price - b.price || a.position - b.position || a.id - b.id);
    const card = active[0];
    if (!card) continue;
    result.push({
      id: p.id,
      name: p.name,
      createdAt: p.createdAt.getTime(),
      shopSlug: shop.slug,
      brandSlug: slugOf(brandRows, p.brandId),
      categorySlug: slugOf(categoryRows, p.categoryId),
      subSlug: slugOf(subRows, p.subCategoryId),
      subCategoryId: p.subCategoryId,
      categoryId: p.categoryId,
      cardVariationId: card.id,
      cardVariationSlug: card.slug,
      price: card.price,
      topPrice: Math.max(...active.map((v) => v.price)),
      unitsSold: active.reduce((sum, v) => sum + v.unitsSold, 0),
    });
  }
  return result;
}

beforeAll(async () => {
  t = await buildTestApp({ seed: true });
  const db = t.database.db;

  // 1. A product with 2+ variations loses its cheapest one: the card must move to the next cheapest.
  const variationRows = await db.select().from(productVariations).orderBy(asc(productVariations.id));
  const byProduct = new Map<number, typeof variationRows>();
  for (const v of variationRows) byProduct.set(v.productId, [...(byProduct.get(v.productId) ?? []), v]);
  const [productId, variations] = [...byProduct.entries()].find(([, vs]) => vs.length >= 3) ?? [];
  if (!productId || !variations) throw new Error('the demo catalogue has no product with three variations');
  const byPrice = [...variations].sort((a, b) => a.price - b.price || a.position - b.position || a.id - b.id);
  await setVariationActive(db, byPrice[0]!.id, false);
  repricedProduct = { id: productId, nextCheapestId: byPrice[1]!.id, nextCheapestPrice: byPrice[1]!.price };

  // 2. An inactive product, and a product whose every variation is inactive.
  const [inactive, noVariations] = [...byProduct.keys()].filter((id) => id !== productId).slice(-2);
  await setProductActive(db, inactive!, false);
  for (const v of byProduct.get(noVariations!) ?? []) await setVariationActive(db, v.id, false);

  // 3. A closed shop with a product that would otherwise match everything.
  const [closed] = await db
    .insert(shops)
    .values({ name: 'Closed Corner', slug: 'closed-corner', address: '1 Nowhere', postcode: 'E1 6AN', isActive: false })
    .returning();
  const [closedProduct] = await db
    .insert(products)
    .values({ shopId: closed!.id, name: 'Fairtrade Bananas Closed', slug: 'closed-bananas' })
    .returning();
  await db.insert(productVariations).values({
    productId: closedProduct!.id,
    name: 'Each',
    slug: 'each',
    fullName: 'Fairtrade Bananas Closed Each',
    price: 1,
  });
  // Rows written by hand, as a bulk import would: the read model follows once refreshed.
  await refreshProductListings(db, { productIds: [closedProduct!.id] });
  hiddenProductIds = [inactive!, noVariations!, closedProduct!.id];

  reference = await buildReference();
});
afterAll(() => t.close());

describe('GET /api/products: defaults, membership and the card rule', () => {
  it('lists newest first, 20 a page, with the total and price range of every listable product', async () => {
    const data = await list('');
    expect(data.products.per_page).toBe(20);
    expect(data.products.current_page).toBe(1);
    expect(data.products.total).toBe(reference.length);
    expect(data.products.total).toBeGreaterThanOrEqual(150);
    expect(ids(data.products.data)).toEqual(expected(() => true).slice(0, 20));
    expect(data.price_range).toEqual(rangeOf(() => true));
  });

  it('never lists inactive products, products without active variations or products of closed shops', async () => {
    const all = ids(await allCards(''));
    expect(all).toHaveLength(reference.length);
    for (const id of hiddenProductIds) expect(all).not.toContain(id);
  });

  it('links each card to its cheapest active variation and shows that price', async () => {
    const cards = await allCards('');
    for (const card of cards) {
      const ref = reference.find((p) => p.id === card.id)!;
      expect(card.variation.id).toBe(ref.cardVariationId);
      expect(card.variation.slug).toBe(ref.cardVariationSlug);
      expect(card.price).toBe(ref.price);
      expect(card.variation.price).toBe(card.price);
      expect(card.shop.slug).toBe(ref.shopSlug);
    }
    const repriced = cards.find((c) => c.id === repricedProduct.id)!;
    expect(repriced.variation.id).toBe(repricedProduct.nextCheapestId);
    expect(repriced.price).toBe(repricedProduct.nextCheapestPrice);
  });

  it('gives every card the contract fields', async () => {
    const [card] = (await list('per_page=1')).products.data;
    expect(Object.keys(card!).sort()).toEqual(
      [
        'brand',
        'compare_at_price',
        'id',
        'name',
        'price',
        'rating',
        'shop',
        'slug',
        'thumbnail',
        'type',
        'variation',
      ].sort(),
    );
    expect(Object.keys(card!.variation).sort()).toEqual(['full_name', 'id', 'name', 'price', 'slug', 'stock']);
    expect(Object.keys(card!.shop).sort()).toEqual(['holiday_mode', 'id', 'name', 'slug']);
    expect(Object.keys(card!.rating).sort()).toEqual(['average', 'count']);
  });
});

describe('GET /api/products: sorting', () => {
  for (const [query, compare] of Object.entries(sorts)) {
    it(`orders every page by ${query}`, async () => {
      expect(ids(await allCards(query))).toEqual(expected(() => true, compare));
    });
  }

  it('defaults to date descending, and sort_high alone flips the default', async () => {
    expect(ids(await allCards(''))).toEqual(expected(() => true, sorts['sort_by=date&sort_high=1']));
    expect(ids(await allCards('sort_high=0'))).toEqual(expected(() => true, sorts['sort_by=date&sort_high=0']));
    expect(ids(await allCards('sort_by=price'))).toEqual(expected(() => true, sorts['sort_by=price&sort_high=1']));
  });
});

describe('GET /api/products: filters', () => {
  const twoCategories = () => {
    const slugs = [...new Set(reference.map((p) => p.categorySlug))].filter((s): s is string => s !== null).slice(0, 2);
    expect(slugs).toHaveLength(2);
    return slugs as [string, string];
  };

  it('filters by a list of categories in all three query forms', async () => {
    const [a, b] = twoCategories();
    const want = expected((p) => p.categorySlug === a || p.categorySlug === b);
    expect(want.length).toBeGreaterThan(0);
    expect(ids(await allCards(`category[0]=${a}&category[1]=${b}`))).toEqual(want);
    expect(ids(await allCards(`category%5B0%5D=${a}&category%5B1%5D=${b}`))).toEqual(want);
    expect(ids(await allCards(`category=${a}&category=${b}`))).toEqual(want);
    expect(ids(await allCards(`category[]=${a}&category[]=${b}`))).toEqual(want);
    expect(ids(await allCards(`category=${a}`))).toEqual(expected((p) => p.categorySlug === a));
  });

  it('filters by sub-category, brand and shop, alone and together', async () => {
    const sample = reference.find((p) => p.subSlug && p.brandSlug)!;
    const sub = sample.subSlug!;
    const brand = sample.brandSlug!;
    const shop = sample.shopSlug;
    expect(ids(await allCards(`sub=${sub}`))).toEqual(expected((p) => p.subSlug === sub));
    expect(ids(await allCards(`brand=${brand}`))).toEqual(expected((p) => p.brandSlug === brand));
    expect(ids(await allCards(`shop=${shop}`))).toEqual(expected((p) => p.shopSlug === shop));
    // Written with brackets, as a client that writes every filter so may: the same filter, not an unknown field.
    expect(ids(await allCards(`shop[]=${shop}`))).toEqual(expected((p) => p.shopSlug === shop));
    expect(ids(await allCards(`brand[0]=${brand}`))).toEqual(expected((p) => p.brandSlug === brand));
    const combined = expected(
      (p) => p.categorySlug === sample.categorySlug && p.subSlug === sub && p.brandSlug === brand,
    );
    expect(combined).toContain(sample.id);
    expect(ids(await allCards(`category[0]=${sample.categorySlug}&sub=${sub}&brand=${brand}`))).toEqual(combined);
  });

  it('answers an unknown slug with an empty list and a zero price range', async () => {
    const data = await list('brand=no-such-brand');
    expect(data.products.data).toEqual([]);
    expect(data.products.total).toBe(0);
    expect(data.products.last_page).toBe(1);
    expect(data.price_range).toEqual({ min: 0, max: 0 });
  });

  it('ignores empty filters', async () => {
    expect(ids(await allCards('brand=&sub=&search=&category='))).toEqual(expected(() => true));
  });

  it('filters by price on the card price, inclusive, while price_range ignores the price filter', async () => {
    const [a] = twoCategories();
    const inCategory = (p: ReferenceProduct) => p.categorySlug === a;
    const full = rangeOf(inCategory);
    const min = full.min + 1;
    const max = Math.floor((full.min + full.max) / 2);
    const data = await list(`category=${a}&min_price=${min}&max_price=${max}&per_page=60`);
    const want = expected((p) => inCategory(p) && p.price >= min && p.price <= max);
    expect(want.length).toBeGreaterThan(0);
    expect(ids(data.products.data)).toEqual(want);
    expect(data.products.total).toBe(want.length);
    expect(data.price_range).toEqual(full);
    for (const card of data.products.data) expect(card.price).toBeGreaterThanOrEqual(min);

    // Bounds are inclusive: the exact cheapest price is kept by min_price, the dearest by max_price.
    const dearestCard = Math.max(...reference.filter(inCategory).map((p) => p.price));
    expect(ids((await list(`category=${a}&min_price=${dearestCard}&per_page=60`)).products.data)).toEqual(
      expected((p) => inCategory(p) && p.price === dearestCard),
    );
    expect(ids((await list(`category=${a}&max_price=${full.min}&per_page=60`)).products.data)).toEqual(
      expected((p) => inCategory(p) && p.price === full.min),
    );
  });

  it("price_range runs from the cheapest card to the dearest variation, not only the cards' prices", async () => {
    const dearestCard = Math.max(...reference.map((p) => p.price));
    const dearestVariation = Math.max(...reference.map((p) => p.topPrice));
    // The demo sells products whose larger sizes cost more than any card shows.
    expect(dearestVariation).toBeGreaterThan(dearestCard);
    expect((await list('')).price_range).toEqual({
      min: Math.min(...reference.map((p) => p.price)),
      max: dearestVariation,
    });
    const owner = reference.find((p) => p.topPrice === dearestVariation)!;
    const inShop = (p: ReferenceProduct) => p.shopSlug === owner.shopSlug;
    expect((await list(`shop=${owner.shopSlug}`)).price_range).toEqual(rangeOf(inShop));
    expect((await list(`shop=${owner.shopSlug}&min_price=1&max_price=2`)).price_range).toEqual(rangeOf(inShop));
  });

  it('searches product, brand and shop names, ignoring case and accents and tolerating typos', async () => {
    const bananas = reference.find((p) => p.name === 'Fairtrade Bananas')!;
    expect(ids(await allCards('search=bananna'))).toContain(bananas.id);
    expect(ids(await allCards('search=BANANAS'))).toContain(bananas.id);
    expect(ids(await allCards(`search=${encodeURIComponent('FAIRTRÂDE bânanas')}`))).toContain(bananas.id);
    // A shop name selects that shop's products.
    const shopProducts = expected((p) => p.shopSlug === bananas.shopSlug);
    const byShop = ids(await allCards('search=green%20barrow'));
    for (const id of shopProducts) expect(byShop).toContain(id);
    // A brand name selects that brand's products.
    const brand = bananas.brandSlug!;
    const [brandRow] = await t.database.db.select().from(brands).where(eq(brands.slug, brand));
    const byBrand = ids(await allCards(`search=${encodeURIComponent(brandRow!.name.toLowerCase())}`));
    for (const id of expected((p) => p.brandSlug === brand)) expect(byBrand).toContain(id);
    // Search combines with the other filters and keeps the requested sort.
    const sorted = await allCards(`search=bananas&sort_by=price&sort_high=0&shop=${bananas.shopSlug}`);
    expect(ids(sorted)).toContain(bananas.id);
    expect(sorted.map((c) => c.price)).toEqual([...sorted.map((c) => c.price)].sort((x, y) => x - y));
    // Nothing matches gibberish, and a hidden product is never found.
    expect((await list('search=zzqqxxv')).products.total).toBe(0);
    expect(ids(await allCards('search=closed%20bananas'))).not.toContain(hiddenProductIds[2]);
  });
});

describe('GET /api/products: paging', () => {
  it('pages with per_page, reports last_page and total, and answers a page beyond the end with no data', async () => {
    const total = reference.length;
    const lastPage = Math.ceil(total / 7);
    const first = await list('per_page=7');
    expect(first.products).toMatchObject({ current_page: 1, per_page: 7, total, last_page: lastPage });
    const last = await list(`per_page=7&page=${lastPage}`);
    expect(last.products.data).toHaveLength(total - 7 * (lastPage - 1));
    expect(ids(last.products.data)).toEqual(expected(() => true).slice(7 * (lastPage - 1)));
    const beyond = await list(`per_page=7&page=${lastPage + 1}`);
    expect(beyond.products).toMatchObject({ data: [], current_page: lastPage + 1, total, last_page: lastPage });
    expect(beyond.price_range).toEqual(rangeOf(() => true));
  });

  it('accepts per_page up to 60', async () => {
    expect((await list('per_page=60')).products.data).toHaveLength(60);
  });
});

describe('GET /api/products: bad parameters', () => {
  const cases: [string, string][] = [
    ['page=abc', 'page'],
    ['page=0', 'page'],
    ['page=-2', 'page'],
    ['page=1.5', 'page'],
    ['per_page=61', 'per_page'],
    ['per_page=0', 'per_page'],
    ['sort_by=stars', 'sort_by'],
    ['sort_high=2', 'sort_high'],
    ['sort_high=yes', 'sort_high'],
    ['min_price=-1', 'min_price'],
    ['max_price=-5', 'max_price'],
    ['min_price=abc', 'min_price'],
    ['max_price=12.5', 'max_price'],
    ['min_price=500&max_price=100', 'min_price'],
    ['category[0]=not%20a%20slug!', 'category.0'],
    ['brand=%3Cscript%3E', 'brand'],
    ['page=1&page=2', 'page'],
    // Two values where one goes, bracketed or not, are refused rather than one picked.
    ['shop[]=green-barrow&shop[]=the-stepney-deli', 'shop'],
    ['page[]=2&page[]=3', 'page'],
    ['brand=a&brand[]=b', 'brand'],
    ['min_price[0]=abc', 'min_price'],
  ];
  for (const [query, field] of cases) {
    it(`answers ${query} with 422 naming ${field}`, async () => {
      const res = await get(`/api/products?${query}`);
      expect(res.status).toBe(422);
      expect(res.body.status).toBe(false);
      expect(res.body.errors?.[field]?.length, JSON.stringify(res.body)).toBeGreaterThan(0);
    });
  }

  it('names every bad field at once', async () => {
    const res = await get('/api/products?page=x&sort_by=y&min_price=-1');
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors ?? {}).sort()).toEqual(['min_price', 'page', 'sort_by']);
  });
});

describe('GET /api/product/{vendor}/{product}/{variation}', () => {
  async function productSlugs(productId: number) {
    const [row] = await t.database.db
      .select({ product: products.slug, vendor: shops.slug })
      .from(products)
      .innerJoin(shops, eq(shops.id, products.shopId))
      .where(eq(products.id, productId));
    return row!;
  }

  it('answers the product, the chosen variation, its active variations and related cards', async () => {
    const { product, vendor } = await productSlugs(repricedProduct.id);
    const active = await t.database.db
      .select()
      .from(productVariations)
      .where(and(eq(productVariations.productId, repricedProduct.id), eq(productVariations.isActive, true)))
      .orderBy(asc(productVariations.position), asc(productVariations.id));
    const chosen = active[active.length - 1]!;
    const res = await get<ProductPage>(`/api/product/${vendor}/${product}/${chosen.slug}`);
    expect(res.status).toBe(200);
    const page = res.body.data;
    expect(page.product).toMatchObject({ id: repricedProduct.id, slug: product, shop: { slug: vendor } });
    expect(page.variation).toMatchObject({ id: chosen.id, slug: chosen.slug, price: chosen.price, sku: chosen.sku });
    expect(page.variation.images.length).toBeGreaterThan(0);
    expect(page.variation.thumbnail).toBe(page.variation.images[0]!.url);
    expect(ids(page.variations)).toEqual(ids(active));

    const self = reference.find((p) => p.id === repricedProduct.id)!;
    expect(page.related.length).toBeGreaterThan(0);
    expect(page.related.length).toBeLessThanOrEqual(8);
    expect(ids(page.related)).not.toContain(self.id);
    const sameSub = reference.filter((p) => p.subCategoryId === self.subCategoryId && p.id !== self.id).length;
    // Same sub-category first, then the rest of the category.
    page.related.forEach((card, index) => {
      const ref = reference.find((p) => p.id === card.id)!;
      expect(ref.categoryId).toBe(self.categoryId);
      if (index < Math.min(sameSub, 8)) expect(ref.subCategoryId).toBe(self.subCategoryId);
    });
    expect(page.related).toHaveLength(
      Math.min(8, reference.filter((p) => p.categoryId === self.categoryId).length - 1),
    );
  });

  it('answers 404 when a slug does not match, or the variation or product belongs elsewhere', async () => {
    const { product, vendor } = await productSlugs(repricedProduct.id);
    const other = reference.find((p) => p.shopSlug !== vendor)!;
    const { product: otherProduct } = await productSlugs(other.id);
    const [inactiveVariation] = await t.database.db
      .select()
      .from(productVariations)
      .where(and(eq(productVariations.productId, repricedProduct.id), eq(productVariations.isActive, false)));
    const ownSlugs = (
      await t.database.db.select().from(productVariations).where(eq(productVariations.productId, repricedProduct.id))
    ).map((v) => v.slug);
    const foreignVariation = (
      await t.database.db.select().from(productVariations).where(eq(productVariations.isActive, true))
    ).find((v) => !ownSlugs.includes(v.slug))!;
    const urls = [
      `/api/product/no-such-shop/${product}/${inactiveVariation!.slug}`,
      `/api/product/${vendor}/no-such-product/each`,
      `/api/product/${vendor}/${product}/no-such-variation`,
      `/api/product/${vendor}/${product}/${inactiveVariation!.slug}`,
      `/api/product/${vendor}/${otherProduct}/${other.cardVariationSlug}`,
      `/api/product/${other.shopSlug}/${product}/${inactiveVariation!.slug}`,
      `/api/product/${vendor}/${product}/${foreignVariation.slug}`,
    ];
    for (const url of urls) {
      const res = await get(url);
      expect(res.status, url).toBe(404);
      expect(res.body.status).toBe(false);
    }
  });

  it('answers 404 for an inactive product and for a closed shop', async () => {
    for (const id of [hiddenProductIds[0]!, hiddenProductIds[2]!]) {
      const { product, vendor } = await productSlugs(id);
      const [variation] = await t.database.db
        .select()
        .from(productVariations)
        .where(eq(productVariations.productId, id));
      expect((await get(`/api/product/${vendor}/${product}/${variation!.slug}`)).status).toBe(404);
    }
  });
});

describe('GET /api/brands', () => {
  it('lists every brand with its logo', async () => {
    const res = await get<{ id: number; name: string; slug: string; logo: { url: string } | null }[]>('/api/brands');
    expect(res.status).toBe(200);
    const rows = await t.database.db.select().from(brands);
    expect(ids(res.body.data).sort((a, b) => a - b)).toEqual(ids(rows).sort((a, b) => a - b));
    expect(Object.keys(res.body.data[0]!).sort()).toEqual(['id', 'logo', 'name', 'slug']);
  });
});

describe('the OpenAPI document', () => {
  it('documents the catalogue routes with tags and summaries', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    for (const path of ['/api/products', '/api/product/{vendor}/{product}/{variation}', '/api/brands']) {
      expect(doc.paths[path]?.get?.tags, path).toEqual(['catalog']);
      expect(doc.paths[path].get.summary, path).toBeTruthy();
    }
    const params = doc.paths['/api/products'].get.parameters.map((p: { name: string }) => p.name);
    expect(params).toEqual(
      expect.arrayContaining(['sort_by', 'sort_high', 'category', 'min_price', 'max_price', 'page']),
    );
  });
});
