import type { DbOrTx } from '../../db/client';
import type { ProductFilters } from './product-cards';
import { readModelGeneration } from './read-model';

/**
 * A short-lived in-process cache of list aggregates (count and price range), keyed by the
 * normalised filters: a page of a list costs one statement, not two. Sort and page are not
 * part of the key; the aggregate does not depend on them.
 *
 * Every read-model refresh bumps a generation and entries of an older generation are ignored,
 * so writes through this process are seen at once. With several API processes, another
 * process's writes are seen within TTL_MS (its refresh cannot reach this cache): a count or a
 * price range may lag a write by that much, never the cards themselves.
 */
const TTL_MS = 5_000;
const MAX_ENTRIES = 1_000;

interface Entry<T> {
  value: T;
  generation: number;
  expires: number;
}

/** One cache per database handle, so two apps in one process (tests) never share entries. */
const caches = new WeakMap<object, Map<string, Entry<unknown>>>();

function keyOf(filters: ProductFilters): string {
  return JSON.stringify([
    filters.categories ? [...new Set(filters.categories)].sort() : null,
    filters.sub ?? null,
    filters.brand ?? null,
    filters.shop ?? null,
    filters.shopId ?? null,
    filters.search?.trim().toLowerCase() ?? null,
    filters.minPrice ?? null,
    filters.maxPrice ?? null,
  ]);
}

export async function cachedAggregate<T>(db: DbOrTx, filters: ProductFilters, compute: () => Promise<T>): Promise<T> {
  let cache = caches.get(db);
  if (!cache) {
    cache = new Map();
    caches.set(db, cache);
  }
  const key = keyOf(filters);
  const now = Date.now();
  const generation = readModelGeneration();
  const hit = cache.get(key);
  if (hit && hit.generation === generation && hit.expires > now) return hit.value as T;
  const value = await compute();
  // A refresh that ran while computing makes the value suspect: answer it, do not keep it.
  if (readModelGeneration() === generation) {
    cache.delete(key);
    if (cache.size >= MAX_ENTRIES) {
      const oldest = cache.keys().next().value;
      if (oldest !== undefined) cache.delete(oldest);
    }
    cache.set(key, { value, generation, expires: now + TTL_MS });
  }
  return value;
}
