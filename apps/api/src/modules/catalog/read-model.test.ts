import type { ProductList } from '@parade/core/catalog-dto';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../lib/errors';
import { foldText } from '../../lib/text-match';
import { brands, products, productVariations, shops } from '../../maintenance/schema';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { setShopStatus } from '../../workflows/set-shop-status';
import {
  recordSale,
  reverseSale,
  setProductActive,
  setVariationActive,
  setVariationPrice,
  setVariationStock,
} from './catalog.commands';
import { repairReadModel } from './read-model';

/**
 * The catalogue read model (decision 010) against two recomputations from scratch: a reference
 * built here in plain TypeScript from the source tables, and the repair command. A seeded PRNG
 * drives a random sequence of writes through the module's commands; set READ_MODEL_SEED to
 * replay another sequence.
 */

let t: TestApp;
const SEED = Number(process.env.READ_MODEL_SEED ?? 20_261_123);

/** mulberry32: a small, fast, seedable PRNG, so a failing sequence can be replayed. */
function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = a;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4_294_967_296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: T[]): T => items[Math.floor(next() * items.length)] as T,
  };
}

/** What the read model of each product should hold, computed here from the source tables. */
async function reference(db: DbOrTx) {
  const [productRows, variationRows, shopRows, brandRows] = await Promise.all([
    db.select().from(products),
    db.select().from(productVariations),
    db.select().from(shops),
    db.select().from(brands),
  ]);
  const shopById = new Map(shopRows.map((s) => [s.id, s]));
  const brandById = new Map(brandRows.map((b) => [b.id, b]));
  const expectedProducts = new Map<number, Record<string, unknown>>();
  const expectedVariations = new Map<number, Record<string, unknown>>();
  const listableById = new Map<number, boolean>();
  for (const p of productRows) {
    const active = variationRows
      .filter((v) => v.productId === p.id && v.isActive)
      .sort((a, b) => a.position - b.position || a.id - b.id);
    const card = [...active].sort((a, b) => a.price - b.price || a.position - b.position || a.id - b.id)[0];
    const shop = shopById.get(p.shopId);
    const brand = p.brandId === null ? undefined : brandById.get(p.brandId);
    const listable = p.isActive && shop?.isActive === true && card !== undefined;
    listableById.set(p.id, listable);
    expectedProducts.set(
      p.id,
      listable && card && shop
        ? {
            listable,
            shopName: shop.name,
            shopSlug: shop.slug,
            shopLogo: shop.logo,
            brandName: brand?.name ?? null,
            brandSlug: brand?.slug ?? null,
            cardVariationId: card.id,
            cardVariationName: card.name,
            cardVariationSlug: card.slug,
            cardVariationFullName: card.fullName,
            cardPrice: card.price,
            cardCompareAtPrice: card.compareAtPrice,
            cardStock: card.stock,
            cardInStock: card.stock === null || card.stock > 0,
            cardThumbnail: card.images[0] ?? null,
            unitsSold: active.reduce((sum, v) => sum + v.unitsSold, 0),
            searchText: [p.name, brand?.name, shop.name, ...active.map((v) => v.fullName)]
              .filter((name) => name !== undefined)
              .map((name) => foldText(name))
              .join('\n'),
          }
        : { listable },
    );
  }
  for (const v of variationRows) {
    const p = productRows.find((row) => row.id === v.productId);
    const listable = v.isActive && listableById.get(v.productId) === true;
    const brand = p?.brandId == null ? undefined : brandById.get(p.brandId);
    const shop = p ? shopById.get(p.shopId) : undefined;
    expectedVariations.set(
      v.id,
      listable && p && shop
        ? {
            listable,
            searchText: [v.fullName, p.name, brand?.name ?? '', shop.name].map((name) => foldText(name)).join('\n'),
          }
        : { listable },
    );
  }
  return { expectedProducts, expectedVariations };
}

/** The stored read model, in the shape of the reference (only the listable flag for hidden rows). */
async function stored(db: DbOrTx) {
  const [productRows, variationRows] = await Promise.all([
    db.select().from(products).orderBy(asc(products.id)),
    db.select().from(productVariations).orderBy(asc(productVariations.id)),
  ]);
  const storedProducts = new Map<number, Record<string, unknown>>();
  for (const p of productRows) {
    storedProducts.set(
      p.id,
      p.listable
        ? {
            listable: p.listable,
            shopName: p.shopName,
            shopSlug: p.shopSlug,
            shopLogo: p.shopLogo,
            brandName: p.brandName,
            brandSlug: p.brandSlug,
            cardVariationId: p.cardVariationId,
            cardVariationName: p.cardVariationName,
            cardVariationSlug: p.cardVariationSlug,
            cardVariationFullName: p.cardVariationFullName,
            cardPrice: p.cardPrice,
            cardCompareAtPrice: p.cardCompareAtPrice,
            cardStock: p.cardStock,
            cardInStock: p.cardInStock,
            cardThumbnail: p.cardThumbnail,
            unitsSold: p.unitsSold,
            searchText: p.searchText,
          }
        : { listable: p.listable },
    );
  }
  const storedVariations = new Map<number, Record<string, unknown>>();
  for (const v of variationRows) {
    storedVariations.set(v.id, v.listable ? { listable: v.listable, searchText: v.searchText } : { listable: false });
  }
  return { storedProducts, storedVariations };
}

/** Every read-model column of every row, exactly as stored (for comparing with the repair). */
async function rawReadModel(db: DbOrTx) {
  const { storedProducts, storedVariations } = await stored(db);
  const all = await db.execute(
    sql`select id, listable, shop_name, shop_slug, shop_logo, brand_name, brand_slug, card_variation_id,
      card_variation_name, card_variation_slug, card_variation_full_name, card_price, card_compare_at_price,
      card_stock, card_in_stock, card_thumbnail, units_sold, search_text from products order by id`,
  );
  const vars = await db.execute(sql`select id, listable, search_text from product_variations order by id`);
  // Both drivers answer `{ rows }`.
  const rows = (result: unknown) => (result as { rows: unknown[] }).rows;
  return { storedProducts, storedVariations, products: rows(all), variations: rows(vars) };
}

async function expectAgreesWithReference(step: string) {
  const db = t.database.db;
  const { expectedProducts, expectedVariations } = await reference(db);
  const { storedProducts, storedVariations } = await stored(db);
  for (const [id, expected] of expectedProducts)
    expect(storedProducts.get(id), `${step}: product ${id}`).toEqual(expected);
  for (const [id, expected] of expectedVariations) {
    expect(storedVariations.get(id), `${step}: variation ${id}`).toEqual(expected);
  }
  // And the API sees it at once: the count of /api/products is the listable products.
  const listable = [...expectedProducts.values()].filter((p) => p.listable).length;
  const res = await t.app.inject({ method: 'GET', url: '/api/products?per_page=1' });
  expect((res.json().data as ProductList).products.total, `${step}: /api/products total`).toBe(listable);
}

beforeAll(async () => {
  t = await buildTestApp({ seed: true });
});
afterAll(() => t.close());

describe('the catalogue read model', () => {
  it('is right after the demo seed', async () => {
    await expectAgreesWithReference('seed');
  });

  it('agrees with a from-scratch recomputation after a random sequence of writes', async () => {
    const db = t.database.db;
    const random = prng(SEED);
    const variationIds = (await db.select({ id: productVariations.id }).from(productVariations)).map((r) => r.id);
    const productIds = (await db.select({ id: products.id }).from(products)).map((r) => r.id);
    const shopIds = (await db.select({ id: shops.id }).from(shops)).map((r) => r.id);
    const writes: Record<string, () => Promise<unknown>> = {
      price: () =>
        setVariationPrice(db, random.pick(variationIds), random.int(0, 2_500), random.next() < 0.3 ? null : undefined),
      stock: () => setVariationStock(db, random.pick(variationIds), random.next() < 0.2 ? null : random.int(0, 4)),
      variationActive: () => setVariationActive(db, random.pick(variationIds), random.next() < 0.6),
      productActive: () => setProductActive(db, random.pick(productIds), random.next() < 0.7),
      shopStatus: () => setShopStatus(db, random.pick(shopIds), random.next() < 0.6),
      sale: () =>
        db
          .transaction((tx) =>
            recordSale(tx, [
              { variationId: random.pick(variationIds), quantity: random.int(1, 3) },
              { variationId: random.pick(variationIds), quantity: random.int(1, 3) },
            ]),
          )
          .catch((error: unknown) => {
            // Not enough stock: the whole sale is refused and nothing is written.
            if (!(error instanceof AppError) || error.code !== 'out_of_stock') throw error;
          }),
      cancellation: () => reverseSale(db, [{ variationId: random.pick(variationIds), quantity: random.int(1, 2) }]),
      // Several commands in one caller's transaction (a workflow), and one that rolls back.
      workflow: () =>
        db.transaction(async (tx) => {
          await setVariationPrice(tx, random.pick(variationIds), random.int(1, 900));
          await setProductActive(tx, random.pick(productIds), true);
        }),
      rolledBack: () =>
        db
          .transaction(async (tx) => {
            await setVariationActive(tx, random.pick(variationIds), false);
            await setShopStatus(tx, random.pick(shopIds), false);
            throw new Error('rolled back on purpose');
          })
          .catch((error: unknown) => {
            if (!(error instanceof Error) || error.message !== 'rolled back on purpose') throw error;
          }),
    };
    const kinds = Object.keys(writes);
    const done: string[] = [];
    for (let step = 1; step <= 120; step++) {
      const kind = random.pick(kinds);
      done.push(kind);
      await writes[kind]?.();
      if (step % 30 === 0) await expectAgreesWithReference(`seed ${SEED}, step ${step} (${done.join(', ')})`);
    }
    // The sequence exercised every kind of write.
    expect(new Set(done)).toEqual(new Set(kinds));

    // The repair command, from scratch in SQL, changes nothing.
    const before = await rawReadModel(db);
    await repairReadModel(db);
    expect(await rawReadModel(db)).toEqual(before);
  });

  it('is repaired by the repair command after a row is corrupted', async () => {
    const db = t.database.db;
    await setShopStatus(db, (await db.select({ id: shops.id }).from(shops).limit(1))[0]!.id, true);
    const [victim] = await db
      .select({ id: products.id })
      .from(products)
      .where(eq(products.listable, true))
      .orderBy(asc(products.id))
      .limit(1);
    const before = await rawReadModel(db);
    await db.execute(
      sql`update products set listable = false, card_price = 999999, units_sold = 7, search_text = 'corrupt', shop_name = 'x' where id = ${victim!.id}`,
    );
    await db.execute(
      sql`update product_variations set listable = false, search_text = '' where product_id = ${victim!.id}`,
    );
    expect(await rawReadModel(db)).not.toEqual(before);
    await repairReadModel(db);
    expect(await rawReadModel(db)).toEqual(before);
    await expectAgreesWithReference('after repair');
  });
});
