import type {
  Brand,
  PriceRange,
  ProductCard,
  ProductList,
  ProductPage,
  Ref,
  ShopData,
  Variation,
} from '@parade/core/catalog-dto';
import { paginate } from '@parade/core/envelope';
import { and, asc, desc, eq, inArray, isNotNull, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { jsonValue } from '../../db/json-value';
import { notFound } from '../../lib/errors';
import { shopHolidays } from '../shops';
import { brands, categories, products, productVariations, subCategories } from './catalog.tables';
import { cachedAggregate, cachedRelated, cachedSearchIds } from './list-cache';
import { currentListIndex, type ListIndex } from './list-index';
import {
  cardColumns,
  cardQuery,
  filterConditions,
  listed,
  matchesAnyReading,
  type ProductFilters,
  type ProductSort,
  priceCondition,
  sortOrder,
  toProductCard,
} from './product-cards';
import { correctedSearchTexts } from './search-vocabulary';

export const PRODUCTS_PER_PAGE = 20;
export const PRODUCTS_MAX_PER_PAGE = 60;
export const RELATED_PRODUCTS = 8;
/**
 * Page depth bound: lists count and page through at most this many products (page 500 at 20 a
 * page). A deeper page is empty, and `total` says at most this many, so `last_page` never points
 * past it. Offset paging costs grow with depth; nobody browses 10,000 cards deep.
 */
export const MAX_LISTED = 10_000;

export interface ProductListRequest {
  filters: ProductFilters;
  sort: ProductSort;
  page: number;
  perPage: number;
}

interface ListAggregate {
  total: number;
  min: number | null;
  max: number | null;
}

/**
 * The count (within the price filter) and the price range (ignoring it) of a filtered list, in
 * ONE statement, each part bounded: the count reads at most MAX_LISTED + 1 rows; the price range
 * (the cheapest card price and the dearest variation price, `topPrice`) of the whole catalogue or
 * of one shop is two index edges (the `price_asc` and `top_price` indexes, or the shop's),
 * and of any other filter the min and max over at most MAX_LISTED + 1 matching rows, exact
 * whenever the filtered set is within the page-depth bound (and an approximation beyond it).
 */
async function listAggregate(db: DbOrTx, filters: ProductFilters): Promise<ListAggregate> {
  const where = filterConditions(db, filters);
  const inPrice = priceCondition(filters);
  const counted = db
    .select({ one: sql`1` })
    .from(products)
    .where(and(...where, ...(inPrice ? [inPrice] : [])))
    .limit(MAX_LISTED + 1)
    .as('counted');
  const total = sql<number>`(select count(*)::int from ${counted})`;
  const edgesOnly = !filters.categories?.length && !filters.sub && !filters.brand && !filters.shop && !filters.search;
  let row: { total: number; min: number | null; max: number | null } | undefined;
  if (edgesOnly) {
    const edge = (price: typeof products.cardPrice | typeof products.topPrice, order: SQL) =>
      db
        .select({ price })
        .from(products)
        .where(and(...where))
        .orderBy(order)
        .limit(1);
    [row] = await db
      .select({
        total,
        min: sql<number | null>`(${edge(products.cardPrice, asc(products.cardPrice))})`,
        max: sql<number | null>`(${edge(products.topPrice, desc(products.topPrice))})`,
      })
      .from(sql`(select 1) as one`);
  } else {
    const scanned = db
      .select({ price: products.cardPrice, top: products.topPrice })
      .from(products)
      .where(and(...where))
      .limit(MAX_LISTED + 1)
      .as('scanned');
    [row] = await db
      .select({
        total,
        min: sql<number | null>`min(${scanned.price})`,
        max: sql<number | null>`max(${scanned.top})`,
      })
      .from(scanned);
  }
  return {
    total: Math.min(Number(row?.total ?? 0), MAX_LISTED),
    min: row?.min === null || row?.min === undefined ? null : Number(row.min),
    max: row?.max === null || row?.max === undefined ? null : Number(row.max),
  };
}

function isUnfiltered(filters: ProductFilters): boolean {
  return (
    !filters.categories?.length &&
    !filters.sub &&
    !filters.brand &&
    !filters.shop &&
    filters.shopId === undefined &&
    !filters.search &&
    filters.minPrice === undefined &&
    filters.maxPrice === undefined
  );
}

const unfilteredPages = new WeakMap<object, Map<string, ReturnType<typeof prepareUnfilteredPage>>>();

function prepareUnfilteredPage(db: DbOrTx, sort: ProductSort, name: string) {
  return cardQuery(db)
    .where(listed())
    .orderBy(...sortOrder(sort))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare(name);
}

/**
 * A page of the whole catalogue in one sort (/products as first opened, and each sort of it),
 * prepared once per database handle and sort: drizzle builds the SQL once and PostgreSQL parses
 * it once per connection, about 0.9 of 4.4 ms per page at 100k products. Filtered lists vary in
 * shape and are built per request.
 */
function unfilteredPage(db: DbOrTx, sort: ProductSort) {
  let bySort = unfilteredPages.get(db);
  if (!bySort) {
    bySort = new Map();
    unfilteredPages.set(db, bySort);
  }
  const name = `catalog_cards_${sort.sortBy}_${sort.descending ? 'desc' : 'asc'}`;
  let statement = bySort.get(name);
  if (!statement) {
    statement = prepareUnfilteredPage(db, sort, name);
    bySort.set(name, statement);
  }
  return statement;
}

/**
 * One page of product cards plus the price range of the filtered set. With the list index in
 * place (list-index.ts, decision 036), the page's products, the count and the price range are
 * worked out in memory, and the cards are ONE statement by primary key (plus, with a search
 * filter, one for the matching products, kept briefly by the corrected search); before it is
 * read, and while it is read again after a repair, from the read model in SQL (listFromSql).
 */
export async function listProducts(db: DbOrTx, request: ProductListRequest): Promise<ProductList> {
  const index = await currentListIndex(db);
  return index ? listFromIndex(db, index, request) : listFromSql(db, request);
}

async function listFromIndex(db: DbOrTx, index: ListIndex, request: ProductListRequest): Promise<ProductList> {
  const { filters, sort, page, perPage } = request;
  const offset = (page - 1) * perPage;
  const limit = Math.min(perPage, MAX_LISTED - offset);
  const searched = filters.search ? await searchedProductIds(db, filters.search) : null;
  const resolved = index.resolve(filters, searched);
  const totals = await cachedAggregate(db, filters, async () => index.aggregate(resolved), 'index');
  const ids = offset >= MAX_LISTED ? [] : index.page(resolved, sort, offset, limit, totals.total);
  const rows = await cardsById(db, ids);
  return {
    products: paginate(rows.map(toProductCard), Math.min(totals.total, MAX_LISTED), page, perPage),
    price_range: { min: totals.min ?? 0, max: totals.max ?? 0 },
  };
}

/** The listable products a list's search filter matches (the same condition as in SQL), kept briefly. */
function searchedProductIds(db: DbOrTx, search: string): Promise<number[]> {
  const corrected = correctedSearchTexts(db, search);
  return cachedSearchIds(db, corrected.join('\n'), async () => {
    const rows = await db
      .select({ id: products.id })
      .from(products)
      .where(and(listed(), matchesAnyReading(corrected, products.searchText)));
    return rows.map((r) => r.id);
  });
}

const cardsByIdStatements = new WeakMap<object, ReturnType<typeof prepareCardsById>>();

function prepareCardsById(db: DbOrTx) {
  return cardQuery(db)
    .where(and(listed(), sql`${products.id} = any(${sql.placeholder('ids')}::int[])`))
    .prepare('catalog_cards_by_id');
}

/**
 * The cards of these products, in the order given, by primary key (prepared once per database
 * handle). A product no longer listable is left out: the list index may not have seen another
 * process's write yet.
 */
export async function cardsById(db: DbOrTx, ids: number[]) {
  if (ids.length === 0) return [];
  let statement = cardsByIdStatements.get(db);
  if (!statement) {
    statement = prepareCardsById(db);
    cardsByIdStatements.set(db, statement);
  }
  const rows = await statement.execute({ ids });
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [row] : [];
  });
}

/**
 * The same from the read model in SQL: the page is one statement on one table, and the count and
 * price range one more, cached briefly (list-cache.ts) and dropped by every read-model refresh.
 */
export async function listFromSql(db: DbOrTx, request: ProductListRequest): Promise<ProductList> {
  const { filters, sort, page, perPage } = request;
  const offset = (page - 1) * perPage;
  const inPrice = priceCondition(filters);
  const limit = Math.min(perPage, MAX_LISTED - offset);
  const pageRows =
    offset >= MAX_LISTED
      ? Promise.resolve([])
      : isUnfiltered(filters)
        ? unfilteredPage(db, sort).execute({ limit, offset })
        : cardQuery(db)
            .where(and(...filterConditions(db, filters), ...(inPrice ? [inPrice] : [])))
            .orderBy(...sortOrder(sort))
            .limit(limit)
            .offset(offset);
  const [totals, rows] = await Promise.all([cachedAggregate(db, filters, () => listAggregate(db, filters)), pageRows]);
  const priceRange: PriceRange = { min: totals.min ?? 0, max: totals.max ?? 0 };
  return {
    products: paginate(rows.map(toProductCard), totals.total, page, perPage),
    price_range: priceRange,
  };
}

/** A variation as the product page's statement reads it (json_build_object: the column names). */
interface VariationJson {
  id: number;
  name: string;
  slug: string;
  full_name: string;
  price: number;
  compare_at_price: number | null;
  stock: number | null;
  sku: string | null;
  images: string[] | null;
}

function toVariation(row: VariationJson): Variation {
  const images = row.images ?? [];
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    full_name: row.full_name,
    price: row.price,
    compare_at_price: row.compare_at_price,
    stock: row.stock,
    sku: row.sku,
    thumbnail: images[0] ?? null,
    images: images.map((url) => ({ url })),
  };
}

/**
 * The product's active variations in display order (position, then id), as one JSON array in the
 * product's own row: the product page is one statement, not two round trips.
 */
function variationsJson() {
  const v = productVariations;
  return sql<VariationJson[] | string>`(select coalesce(json_agg(json_build_object(
      'id', ${v.id}, 'name', ${v.name}, 'slug', ${v.slug}, 'full_name', ${v.fullName}, 'price', ${v.price},
      'compare_at_price', ${v.compareAtPrice}, 'stock', ${v.stock}, 'sku', ${v.sku}, 'images', ${v.images})
      order by ${v.position}, ${v.id}), '[]'::json)
    from ${v} where ${v.productId} = ${products.id} and ${v.isActive})`;
}

/**
 * The product page's statements, prepared once per database handle: drizzle builds each SQL text
 * once, and PostgreSQL parses each once per connection and may keep its plan. Their shapes never
 * change; the values are placeholders. About 1 ms less per statement on this machine (a third to
 * a half of each), for every product page the reply cache does not hold. The product comes with
 * its variations in one statement; the related cards are kept per sub-category and category
 * (relatedCards), so most product pages the reply cache does not hold are that one statement.
 */
function productPageStatements(db: DbOrTx) {
  const related = new Map<string, ReturnType<typeof relatedStatement>>();
  // The shop's holiday notice is not in the read model (no list shows it): one more join by
  // primary key in the same statement, so it is current without a refresh and costs no round trip.
  const holiday = shopHolidays(db);
  return {
    product: db
      .select({
        product: products,
        category: { id: categories.id, name: categories.name, slug: categories.slug },
        subCategory: { id: subCategories.id, name: subCategories.name, slug: subCategories.slug },
        onHoliday: holiday.onHoliday,
        holidayMessage: holiday.message,
        variations: variationsJson(),
      })
      .from(products)
      .leftJoin(categories, eq(categories.id, products.categoryId))
      .leftJoin(subCategories, eq(subCategories.id, products.subCategoryId))
      .leftJoin(holiday, eq(holiday.id, products.shopId))
      .where(
        and(listed(), eq(products.shopSlug, sql.placeholder('vendor')), eq(products.slug, sql.placeholder('product'))),
      )
      .limit(1)
      .prepare('catalog_product_page_with_variations'),
    /** One statement per shape: with a sub-category, a category, both or neither. */
    related(shape: RelatedShape) {
      const key = `${shape.sub}-${shape.category}`;
      let statement = related.get(key);
      if (!statement) {
        statement = relatedStatement(db, shape);
        related.set(key, statement);
      }
      return statement;
    },
  };
}

const pageStatements = new WeakMap<object, ReturnType<typeof productPageStatements>>();

function statementsFor(db: DbOrTx) {
  let found = pageStatements.get(db);
  if (!found) {
    found = productPageStatements(db);
    pageStatements.set(db, found);
  }
  return found;
}

/**
 * The product page of /{vendor}/product/{product}/{variation}: 404 unless the shop is active, the
 * product is active and belongs to it, and the variation is active and belongs to the product.
 */
export async function getProductPage(
  db: DbOrTx,
  slugs: { vendor: string; product: string; variation: string },
): Promise<ProductPage> {
  const statements = statementsFor(db);
  const [found] = await statements.product.execute({ vendor: slugs.vendor, product: slugs.product });
  if (!found) throw notFound('Product not found', 'product_not_found');

  const p = found.product;
  const variationRows = jsonValue(found.variations) as VariationJson[];
  const current = variationRows.find((row) => row.slug === slugs.variation);
  if (!current) throw notFound('Product not found', 'product_not_found');
  const related = await listRelated(db, statements, p);

  return {
    product: {
      id: p.id,
      name: p.name,
      slug: p.slug,
      type: p.type,
      description: p.description,
      shop: {
        id: p.shopId,
        name: p.shopName ?? '',
        slug: p.shopSlug ?? '',
        logo: p.shopLogo ? { url: p.shopLogo } : null,
        holiday_mode: found.onHoliday === true,
        holiday_message: found.onHoliday ? found.holidayMessage : null,
      },
      brand:
        p.brandId !== null && p.brandName !== null && p.brandSlug !== null
          ? { id: p.brandId, name: p.brandName, slug: p.brandSlug }
          : null,
      category: found.category,
      sub_category: found.subCategory,
    },
    variation: toVariation(current),
    variations: variationRows.map(toVariation),
    related,
    rating: {
      average: p.ratingAverage === null ? null : Number(p.ratingAverage),
      count: p.ratingCount,
      histogram: ratingHistogramOf(p.ratingHistogram),
    },
  };
}

/** The stored histogram as five counts. */
function ratingHistogramOf(stored: unknown): number[] {
  const value = jsonValue(stored);
  const counts = Array.isArray(value) ? value.map(Number) : [];
  return [0, 1, 2, 3, 4].map((i) => (Number.isFinite(counts[i]) ? counts[i]! : 0));
}

interface RelatedShape {
  sub: boolean;
  category: boolean;
}

/**
 * The best sellers of a sub-category, then of the rest of its category: RELATED_PRODUCTS + 1 of
 * each (one may be the product asked about, left out by listRelated), ordered as related products
 * are. One statement: two index-served top-9 queries (the `sub_sold` and `category_sold` list
 * indexes) glued by UNION ALL. Placeholders: `categoryId`, `subCategoryId`. The same for every
 * product of that sub-category and category, so it is kept (list-cache.ts).
 */
function relatedStatement(db: DbOrTx, shape: RelatedShape) {
  const categoryId = sql.placeholder('categoryId');
  const subCategoryId = sql.placeholder('subCategoryId');
  const ranked = [desc(products.unitsSold), desc(products.createdAt), desc(products.id)];
  const near = (rank: number, where: SQL) =>
    db
      .select({
        ...cardColumns,
        near: sql<number>`${rank}`.as('near'),
        unitsSold: products.unitsSold,
        createdAt: products.createdAt,
      })
      .from(products)
      .where(and(listed(), where))
      .orderBy(...ranked)
      .limit(RELATED_PRODUCTS + 1);
  const name = `catalog_related_near_${shape.sub ? 'sub' : 'nosub'}_${shape.category ? 'cat' : 'nocat'}`;
  const sameSub = near(0, eq(products.subCategoryId, subCategoryId));
  const sameCategory = near(
    1,
    shape.sub
      ? sql`${products.categoryId} = ${categoryId} and ${products.subCategoryId} is distinct from ${subCategoryId}`
      : eq(products.categoryId, categoryId),
  );
  if (shape.sub && shape.category) {
    return sameSub
      .unionAll(sameCategory)
      .orderBy(sql`"near"`, sql`"units_sold" desc`, sql`"created_at" desc`, sql`"id" desc`)
      .prepare(name);
  }
  return (shape.sub ? sameSub : sameCategory).prepare(name);
}

/**
 * Up to 8 cards from the same sub-category first, then the same category; never the product
 * itself. Best sellers first within each (ties: newest first). The candidates of a sub-category
 * and category are kept a few seconds and dropped by every read-model refresh (list-cache.ts).
 */
async function listRelated(
  db: DbOrTx,
  statements: ReturnType<typeof productPageStatements>,
  product: { id: number; categoryId: number | null; subCategoryId: number | null },
): Promise<ProductCard[]> {
  const { id, categoryId, subCategoryId } = product;
  if (subCategoryId === null && categoryId === null) return [];
  const near = await cachedRelated(db, [subCategoryId, categoryId], async () => {
    const rows = await statements
      .related({ sub: subCategoryId !== null, category: categoryId !== null })
      .execute({ categoryId, subCategoryId });
    return rows.map((row) => ({ near: Number(row.near), card: toProductCard(row) }));
  });
  // Each part is in order already; without the product itself, the first 8 of each, nearest first.
  const cards: ProductCard[] = [];
  for (const rank of [0, 1]) {
    let taken = 0;
    for (const entry of near) {
      if (entry.near !== rank || entry.card.id === id || taken === RELATED_PRODUCTS) continue;
      cards.push(entry.card);
      taken++;
    }
  }
  return cards.slice(0, RELATED_PRODUCTS);
}

/** Every brand, by name. */
export async function listBrands(db: DbOrTx): Promise<Brand[]> {
  const rows = await db.select().from(brands).orderBy(asc(brands.name), asc(brands.id));
  return rows.map((b) => ({ id: b.id, name: b.name, slug: b.slug, logo: b.logo ? { url: b.logo } : null }));
}

/** Every brand as a reference (id, name, slug), by name: the home page's brand row. */
export async function listBrandRefs(db: DbOrTx): Promise<Ref[]> {
  const rows = await db
    .select({ id: brands.id, name: brands.name, slug: brands.slug })
    .from(brands)
    .orderBy(asc(brands.name), asc(brands.id));
  return rows.map((b): Ref => ({ id: b.id, name: b.name, slug: b.slug }));
}

/** Up to `limit` cards of the whole catalogue in a list sort (the home page's newest and popular rows). */
export async function topCards(db: DbOrTx, sort: ProductSort, limit: number): Promise<ProductCard[]> {
  const rows = await unfilteredPage(db, sort).execute({ limit, offset: 0 });
  return rows.map(toProductCard);
}

/**
 * The home page's two rows of cards: the newest and the best sellers of the whole catalogue. From
 * the list index, one statement for both (24 cards by primary key); before it is read, two.
 */
export async function homeCardRows(
  db: DbOrTx,
  limit: number,
): Promise<{ newest: ProductCard[]; popular: ProductCard[] }> {
  const newestFirst: ProductSort = { sortBy: 'date', descending: true };
  const bestSelling: ProductSort = { sortBy: 'best_selling', descending: true };
  const index = await currentListIndex(db);
  if (!index) {
    const [newest, popular] = await Promise.all([topCards(db, newestFirst, limit), topCards(db, bestSelling, limit)]);
    return { newest, popular };
  }
  const all = index.resolve({}, null);
  const newestIds = index.page(all, newestFirst, 0, limit);
  const popularIds = index.page(all, bestSelling, 0, limit);
  const rows = await cardsById(db, [...new Set([...newestIds, ...popularIds])]);
  const cards = new Map(rows.map((row) => [row.id, toProductCard(row)]));
  const pick = (ids: number[]) => ids.flatMap((id) => cards.get(id) ?? []);
  return { newest: pick(newestIds), popular: pick(popularIds) };
}

/**
 * The shops with a listed product, from the list index, with a key that changes whenever that set
 * may have; null before the index is read (ask SQL: hasListedProducts).
 */
export async function listedShops(db: DbOrTx): Promise<{ key: string; ids: () => number[] } | null> {
  const index = await currentListIndex(db);
  return index ? { key: `${index.serial}:${index.shopsVersion}`, ids: () => index.listedShopIds() } : null;
}

/** Listable products per shop, for a batch of shops (one query): the shop cards' product count. */
export async function countListableProducts(db: DbOrTx, shopIds: number[]): Promise<Map<number, number>> {
  if (shopIds.length === 0) return new Map();
  const rows = await db
    .select({ shopId: products.shopId, count: sql<number>`count(*)::int` })
    .from(products)
    .where(and(listed(), inArray(products.shopId, shopIds)))
    .groupBy(products.shopId);
  return new Map(rows.map((r) => [r.shopId, Number(r.count)]));
}

/**
 * A shop's catalogue at a glance (GET /shop/{slug}/data): the categories and brands it has
 * listable products in, the price range of its product cards (the cheapest active variation of
 * each product) and its listable product count. All from the read model, by the `shop` indexes.
 */
export async function shopListing(db: DbOrTx, shopId: number): Promise<ShopData> {
  const ofShop = and(listed(), eq(products.shopId, shopId));
  const [categoryRows, brandRows, [summary]] = await Promise.all([
    // From the shop's products (its `shop` index) to their categories, not the other way round.
    db
      .selectDistinct({
        id: categories.id,
        name: categories.name,
        slug: categories.slug,
        position: categories.position,
      })
      .from(products)
      .innerJoin(categories, eq(categories.id, products.categoryId))
      .where(ofShop)
      .orderBy(asc(categories.position), asc(categories.name)),
    db
      .selectDistinct({ id: products.brandId, name: products.brandName, slug: products.brandSlug })
      .from(products)
      .where(and(ofShop, isNotNull(products.brandId)))
      .orderBy(asc(products.brandName)),
    db
      .select({
        count: sql<number>`count(*)::int`,
        min: sql<number | null>`min(${products.cardPrice})`,
        max: sql<number | null>`max(${products.topPrice})`,
      })
      .from(products)
      .where(ofShop),
  ]);
  const ref = (r: Ref): Ref => ({ id: r.id, name: r.name, slug: r.slug });
  return {
    categories: categoryRows.map(ref),
    brands: brandRows.map((b) => ref({ id: b.id ?? 0, name: b.name ?? '', slug: b.slug ?? '' })),
    price_range: {
      min: summary?.min === null || summary?.min === undefined ? 0 : Number(summary.min),
      max: summary?.max === null || summary?.max === undefined ? 0 : Number(summary.max),
    },
    product_count: Number(summary?.count ?? 0),
  };
}
