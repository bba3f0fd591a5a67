import { type AnyColumn, and, asc, eq, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { preparedOn, rawStatement } from '../../db/prepared';
import { fold } from '../../lib/text-match';
import { activeShops } from '../shops';
import { brands, products, productVariations } from './catalog.tables';

/**
 * The catalogue read model (decision 010): the columns of `products` that lists read (the card,
 * the listable flag, units sold, folded search text) and of `product_variations` that search
 * reads (listable flag, folded search text).
 *
 * This file is the ONLY place that writes them, and the only place the listable-product rule is
 * computed: active product, active shop (the shops module's own rule, through `activeShops`) and
 * at least one active variation. Every write that changes a product, a variation, a brand or a
 * shop calls refreshProductListings in its own transaction, for the products it touched.
 */

/** Which products to recompute: some ids, one shop's, one brand's, or every product (repair). */
export type ListingScope = { productIds: number[] } | { shopId: number } | { brandId: number } | 'all';

/**
 * Every column of the derived tables below is aliased `rm_*`: drizzle names a derived table's
 * columns unqualified, and the read-model columns of `products` carry the same names.
 */
/** Folded names are joined by a line break: folding collapses whitespace, so no query contains one. */
const LINE = sql.raw(`E'\\n'`);

/** The read-model columns of `products`, all written by refreshProductListings. */
const READ_MODEL_COLUMNS = [
  'listable',
  'shopName',
  'shopSlug',
  'shopLogo',
  'shopOnHoliday',
  'brandName',
  'brandSlug',
  'cardVariationId',
  'cardVariationName',
  'cardVariationSlug',
  'cardVariationFullName',
  'cardPrice',
  'topPrice',
  'cardCompareAtPrice',
  'cardStock',
  'cardInStock',
  'cardThumbnail',
  'unitsSold',
  'searchText',
] as const;

/** Bumped by every refresh: caches of list aggregates keep entries of the current generation only. */
let generation = 0;
export function readModelGeneration(): number {
  return generation;
}

/**
 * Told which products every refresh and every sale touched (the list index, list-index.ts, reads
 * them again). Called inside the write's transaction, before it commits: a listener reads the rows
 * later, on the next request.
 */
type ListingsListener = (scope: ListingScope) => void;
const listeners = new Set<ListingsListener>();
export function onListingsChanged(listener: ListingsListener): void {
  listeners.add(listener);
}
function changed(scope: ListingScope) {
  for (const listener of listeners) listener(scope);
}

/**
 * A change of the catalogue made through this process, as the other API processes are told of
 * it (plugins/peer-changes.ts, decision 043): the products whose listings a write refreshed, or
 * the taxonomy (categories, sub-categories, brands).
 */
export type CatalogueChange = { kind: 'listings'; scope: ListingScope } | { kind: 'structure' };
type CatalogueChangeListener = (change: CatalogueChange) => void;
const localChangeListeners = new Set<CatalogueChangeListener>();

/** Tells `listener` of every catalogue change made through this process; returns the unsubscribe. */
export function onLocalCatalogueChange(listener: CatalogueChangeListener): () => void {
  localChangeListeners.add(listener);
  return () => localChangeListeners.delete(listener);
}
function changedHere(change: CatalogueChange) {
  for (const listener of localChangeListeners) listener(change);
}

/**
 * A change another API process made: this process's caches follow it as they follow a write of
 * its own (the generations drop the cached replies, list aggregates and home parts; the list index
 * reads the products again). Called again a second later by the listener (db/peers.ts), so a
 * read between the announcement and the writer's commit is not kept.
 */
export function applyPeerCatalogueChange(change: CatalogueChange): void {
  generation++;
  if (change.kind === 'structure' || change.scope === 'all' || !('productIds' in change.scope)) {
    structureGeneration++;
  }
  if (change.kind === 'listings') changed(change.scope);
}

/**
 * Bumped after every committed write of the catalogue's taxonomy (categories, sub-categories,
 * brands; admin-taxonomy.ts) and by every refresh of a whole shop, brand or catalogue: the home
 * page's cached category tree, brands and shops (content's home.service.ts) are kept by it.
 */
let structureGeneration = 0;
export function catalogueStructureGeneration(): number {
  return structureGeneration;
}
export async function changeTaxonomy<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } finally {
    structureGeneration++;
    changedHere({ kind: 'structure' });
  }
}

/**
 * A product-ids scope is one array parameter (`= any($1)`), not `in ($1, $2, ...)`: the text of
 * the statement is then the same however many products a write touched, so it can be prepared.
 */
const PRODUCT_IDS = sql.placeholder('productIds');

function scopeCondition(scope: ListingScope): SQL | undefined {
  if (scope === 'all') return undefined;
  if ('productIds' in scope) return sql`${products.id} = any(${PRODUCT_IDS}::int[])`;
  if ('shopId' in scope) return eq(products.shopId, scope.shopId);
  return eq(products.brandId, scope.brandId);
}

/**
 * Whether a variation is for sale: active, and, for a digital product, with its file (a paid order
 * unlocks the file; without one the shopper would pay for nothing, so the variation is not listed
 * and checkout refuses it). Attaching or removing the file refreshes the read model.
 */
function variationForSale(type: SQL | AnyColumn, isActive: SQL | AnyColumn, digitalFile: SQL | AnyColumn): SQL {
  return sql`(${isActive} and (${type} <> 'Digital' or ${digitalFile} is not null))`;
}

/** The read-model values of each product in scope, computed from the source tables. */
function computedListings(db: DbOrTx, scope: ListingScope) {
  const v = productVariations;
  const shop = activeShops(db);
  const forSale = variationForSale(products.type, v.isActive, v.digitalFile);
  // The card variation: the cheapest active variation (ties: lowest position, then id).
  const card = db
    .select({
      id: sql<number>`${v.id}`.as('rm_card_id'),
      name: sql<string>`${v.name}`.as('rm_card_name'),
      slug: sql<string>`${v.slug}`.as('rm_card_slug'),
      fullName: sql<string>`${v.fullName}`.as('rm_card_full_name'),
      price: sql<number>`${v.price}`.as('rm_card_price'),
      compareAtPrice: sql<number | null>`${v.compareAtPrice}`.as('rm_card_compare_at_price'),
      stock: sql<number | null>`${v.stock}`.as('rm_card_stock'),
      thumbnail: sql<string | null>`${v.images}->>0`.as('rm_card_thumbnail'),
    })
    .from(v)
    .where(and(eq(v.productId, products.id), forSale))
    .orderBy(asc(v.price), asc(v.position), asc(v.id))
    .limit(1)
    .as('card');
  const totals = db
    .select({
      unitsSold: sql<number>`coalesce(sum(${v.unitsSold}), 0)::int`.as('rm_units_sold_total'),
      topPrice: sql<number | null>`max(${v.price}) filter (where ${forSale})`.as('rm_top_price'),
      names: sql<string | null>`string_agg(${fold(v.fullName)}, ${LINE} order by ${v.position}, ${v.id})`.as(
        'rm_variation_names',
      ),
    })
    .from(v)
    .where(and(eq(v.productId, products.id), sql`${v.isActive}`))
    .as('totals');
  return db
    .select({
      id: sql<number>`${products.id}`.as('rm_product_id'),
      listable: sql<boolean>`(${products.isActive} and ${shop.id} is not null and ${card.id} is not null)`.as(
        'rm_is_listable',
      ),
      shopName: sql<string | null>`${shop.name}`.as('rm_shop_name'),
      shopSlug: sql<string | null>`${shop.slug}`.as('rm_shop_slug'),
      shopLogo: sql<string | null>`${shop.logo}`.as('rm_shop_logo'),
      shopOnHoliday: sql<boolean>`coalesce(${shop.holidayMode}, false)`.as('rm_shop_on_holiday'),
      brandName: sql<string | null>`${brands.name}`.as('rm_brand_name'),
      brandSlug: sql<string | null>`${brands.slug}`.as('rm_brand_slug'),
      cardVariationId: card.id,
      cardVariationName: card.name,
      cardVariationSlug: card.slug,
      cardVariationFullName: card.fullName,
      cardPrice: card.price,
      topPrice: sql<number | null>`${totals.topPrice}`.as('rm_product_top_price'),
      cardCompareAtPrice: card.compareAtPrice,
      cardStock: card.stock,
      cardInStock: sql<boolean>`(${card.id} is not null and (${card.stock} is null or ${card.stock} > 0))`.as(
        'rm_card_in_stock',
      ),
      cardThumbnail: card.thumbnail,
      unitsSold: sql<number>`coalesce(${totals.unitsSold}, 0)`.as('rm_units_sold'),
      searchText:
        sql<string>`concat_ws(${LINE}, ${fold(products.name)}, ${fold(brands.name)}, ${fold(shop.name)}, ${totals.names})`.as(
          'rm_search_text',
        ),
    })
    .from(products)
    .leftJoin(shop, eq(shop.id, products.shopId))
    .leftJoin(brands, eq(brands.id, products.brandId))
    .leftJoinLateral(card, sql`true`)
    .leftJoinLateral(totals, sql`true`)
    .where(scopeCondition(scope));
}

/**
 * Recompute the read model of the products in `scope` (and of their variations) from the source
 * tables: two set-based UPDATEs. Call it inside the transaction of every write that changes a
 * product, a variation, a brand or a shop, after the write; the demo seed and the scale seed call
 * it after inserting. Also drops the in-process caches of list aggregates.
 */
export async function refreshProductListings(tx: DbOrTx, scope: ListingScope): Promise<void> {
  generation++;
  if (scope === 'all' || !('productIds' in scope)) structureGeneration++;
  changed(scope);
  changedHere({ kind: 'listings', scope });
  if (scope !== 'all' && 'productIds' in scope) {
    if (scope.productIds.length === 0) return;
    // Writes of a few products (every sale, every vendor edit) run as named prepared statements,
    // built once per database connection: drizzle does not build these joins again (about 1 ms
    // of the API's time), and PostgreSQL parses them once per connection.
    const values = { productIds: scope.productIds };
    await preparedOn(tx, 'read_model_refresh_products', () => productRowsUpdate(tx, scope)).execute(values);
    await preparedOn(tx, 'read_model_refresh_variations', () => variationRowsUpdate(tx, scope)).execute(values);
  } else {
    // The other scopes are rare (a shop, a brand, a repair): built and run as they come.
    await productRowsUpdate(tx, scope);
    await variationRowsUpdate(tx, scope);
  }
  generation++;
}

/** Writes the computed read-model columns of the products in scope that differ from them. */
function productRowsUpdate(tx: DbOrTx, scope: ListingScope) {
  const src = computedListings(tx, scope).as('src');
  const set: Record<string, SQL> = {};
  for (const column of READ_MODEL_COLUMNS) set[column] = sql`${src[column]}`;
  return (
    tx
      .update(products)
      // A read-model refresh is not an edit of the product.
      .set({ ...set, updatedAt: sql`${products.updatedAt}` })
      .from(src)
      .where(
        and(
          eq(products.id, src.id),
          // Rows already right are not rewritten (nor their index entries): a repair, or a
          // shop's refresh, writes only what changed.
          sql`(${sql.join(
            READ_MODEL_COLUMNS.map((c) => products[c]),
            sql`, `,
          )}) is distinct from (${sql.join(
            READ_MODEL_COLUMNS.map((c) => src[c]),
            sql`, `,
          )})`,
        ),
      )
  );
}

/**
 * The variations of the same products: listable when active and of a listable product; their
 * search text is four lines (variation full name, product, brand, shop) that search ranks apart.
 */
function variationRowsUpdate(tx: DbOrTx, scope: ListingScope) {
  const v = productVariations;
  const listableVariation = sql`(${variationForSale(products.type, v.isActive, v.digitalFile)} and ${products.listable})`;
  const variationText = sql`concat_ws(${LINE}, ${fold(v.fullName)}, ${fold(products.name)}, coalesce(${fold(products.brandName)}, ''), coalesce(${fold(products.shopName)}, ''))`;
  return tx
    .update(v)
    .set({
      updatedAt: sql`${v.updatedAt}`,
      listable: listableVariation,
      searchText: variationText,
    })
    .from(products)
    .where(
      and(
        eq(v.productId, products.id),
        scopeCondition(scope),
        sql`(${v.listable}, ${v.searchText}) is distinct from (${listableVariation}, ${variationText})`,
      ),
    );
}

/**
 * Recompute the read model of every product, in one transaction: `npm run db:repair-read-model`,
 * and the scale seed after its bulk inserts.
 */
export async function repairReadModel(db: DbOrTx): Promise<void> {
  await db.transaction(async (tx) => {
    await refreshProductListings(tx, 'all');
  });
}

/**
 * A sale's stock and its read model in ONE statement (every checkout runs it): each line's guarded
 * update (`stock >= quantity`, unlimited stock stays unlimited, units sold up), then the listing
 * columns a sale can change, from the rows just updated: units sold (active variations only, as
 * the full refresh counts them) and the card's stock when the card variation was sold. A sale
 * changes nothing else of the read model (the card is chosen by price and position, never by
 * stock), so the full refresh, which folds every name of the product again, is not needed here.
 *
 * Increments, not a recount: under READ COMMITTED a product row updated by a concurrent sale is
 * re-read at its newest version once its lock is ours, so `units_sold + n` counts both sales,
 * where a recount from this statement's snapshot would miss the other one. The read-model test
 * checks the result against a full recomputation after random sales, cancellations and edits.
 *
 * Lines are passed sorted by variation id, and PostgreSQL joins a handful of them to the primary
 * key in that order (a nested loop), so concurrent sales lock their rows in the same order. A
 * deadlock that order does not rule out (two sales of different variations of the same two
 * products) is retried by placeOrder. Returns the ids of the variations taken; a line missing
 * from them was short, and the caller rolls back.
 */
export async function takeStockForSale(
  tx: DbOrTx,
  lines: { variationId: number; quantity: number }[],
): Promise<number[]> {
  const sorted = [...lines].sort((a, b) => a.variationId - b.variationId);
  generation++;
  const { rows } = await preparedOn(tx, 'catalog_take_stock_for_sale', () =>
    rawStatement<{ id: number; product_id: number }>(tx, saleStatement),
  ).execute({
    variationIds: sorted.map((l) => l.variationId),
    quantities: sorted.map((l) => l.quantity),
  });
  generation++;
  changed({ productIds: [...new Set(rows.map((r) => Number(r.product_id)))] });
  return rows.map((r) => r.id);
}

const saleStatement = sql`
  with wanted as (
    select * from unnest(${sql.placeholder('variationIds')}::int[], ${sql.placeholder('quantities')}::int[])
      as w(variation_id, quantity)
  ),
  taken as (
    update product_variations v
    set stock = case when v.stock is null then null else v.stock - w.quantity end,
        units_sold = v.units_sold + w.quantity
    from wanted w
    where v.id = w.variation_id and (v.stock is null or v.stock >= w.quantity)
    returning v.id, v.product_id, v.stock, v.is_active, w.quantity
  ),
  sold as (
    select product_id, coalesce(sum(quantity) filter (where is_active), 0)::int as units
    from taken
    group by product_id
  ),
  listings as (
    update products p
    set units_sold = p.units_sold + sold.units,
        card_stock = case
          when exists (select 1 from taken t where t.id = p.card_variation_id)
          then (select t.stock from taken t where t.id = p.card_variation_id)
          else p.card_stock end,
        card_in_stock = case
          when exists (select 1 from taken t where t.id = p.card_variation_id)
          then (select t.stock is null or t.stock > 0 from taken t where t.id = p.card_variation_id)
          else p.card_in_stock end
    from sold
    where p.id = sold.product_id
  )
  select id, product_id from taken`;

/** A product's rating as the reviews module computed it from the visible reviews (decision 044). */
/**
 * A write that changes what a product's public reads show without touching its read-model columns
 * (a shop's reply under one of its reviews): the reply cache and the other processes drop what
 * they hold of it, as after a refresh.
 */
export function productReadsChanged(productId: number): void {
  generation++;
  const scope = { productIds: [productId] };
  changed(scope);
  changedHere({ kind: 'listings', scope });
}

export interface ProductRating {
  count: number;
  /** Rounded to two decimals; null with no reviews. */
  average: number | null;
  /** How many gave 1..5 stars. */
  histogram: number[];
}

/**
 * Writes a product's rating into the read model (the card carries it, the "Top rated" sort and
 * the list index order by it), in the transaction of the review write that changed it. Like a
 * refresh, it drops the list caches and tells the list index and the other processes.
 */
export async function setProductRating(tx: DbOrTx, productId: number, rating: ProductRating): Promise<void> {
  generation++;
  const scope = { productIds: [productId] };
  changed(scope);
  changedHere({ kind: 'listings', scope });
  await tx
    .update(products)
    .set({
      ratingCount: rating.count,
      ratingAverage: rating.average,
      ratingHistogram: rating.histogram,
      // A rating is not an edit of the product.
      updatedAt: sql`${products.updatedAt}`,
    })
    .where(eq(products.id, productId));
  generation++;
}
