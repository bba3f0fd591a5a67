import type { SearchHit } from '@parade/core/catalog-dto';
import type { DbOrTx } from '../../db/client';
import type { ProductFilters } from './product-cards';
import { readModelGeneration } from './read-model';

/**
 * Short-lived in-process caches of catalogue reads that cost a statement each time and are asked
 * again and again: list aggregates (count and price range, keyed by the normalised filters; sort
 * and page are not part of the key, the aggregate does not depend on them) and search hits (keyed
 * by the folded query: an autocomplete asks the same few prefixes all day). Concurrent misses of
 * one key share one computation.
 *
 * Every read-model refresh bumps a generation and entries of an older generation are ignored,
 * so writes through this process are seen at once. With several API processes, another
 * process's writes are seen within TTL_MS (its refresh cannot reach this cache): a count, a
 * price range or a search may lag a write by that much, never the cards themselves.
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
const pending = new WeakMap<object, Map<string, Promise<unknown>>>();

function filtersKey(filters: ProductFilters, source: string): string {
  return JSON.stringify([
    source,
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

function perDb<V>(map: WeakMap<object, Map<string, V>>, db: DbOrTx): Map<string, V> {
  let found = map.get(db);
  if (!found) {
    found = new Map();
    map.set(db, found);
  }
  return found;
}

async function cached<T>(db: DbOrTx, key: string, compute: () => Promise<T>): Promise<T> {
  const cache = perDb(caches, db);
  const now = Date.now();
  const generation = readModelGeneration();
  const hit = cache.get(key);
  if (hit && hit.generation === generation && hit.expires > now) return hit.value as T;
  const inFlight = perDb(pending, db);
  const running = inFlight.get(key);
  if (running) return running as Promise<T>;
  const computing = compute();
  inFlight.set(key, computing);
  try {
    const value = await computing;
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
  } finally {
    inFlight.delete(key);
  }
}

/**
 * The count and price range of a filtered list, by where it was computed: the list index's are
 * exact, the SQL's bounded (decision 010), so neither stands in for the other.
 */
export function cachedAggregate<T>(
  db: DbOrTx,
  filters: ProductFilters,
  compute: () => Promise<T>,
  source: 'sql' | 'index' = 'sql',
): Promise<T> {
  return cached(db, filtersKey(filters, `aggregate-${source}`), compute);
}

/** A product page's related-card candidates, by its sub-category and category. */
export function cachedRelated<T>(db: DbOrTx, key: [number | null, number | null], compute: () => Promise<T>) {
  return cached(db, JSON.stringify(['related', ...key]), compute);
}

/** The ids of the listable products a list's search filter matches, by its corrected folded text. */
export function cachedSearchIds(db: DbOrTx, corrected: string, compute: () => Promise<number[]>) {
  return cached(db, JSON.stringify(['search-ids', corrected]), compute);
}

/** The hits of one search, by its folded text. */
export function cachedSearchHits(db: DbOrTx, folded: string, compute: () => Promise<SearchHit[]>) {
  return cached(db, JSON.stringify(['search', folded]), compute);
}
