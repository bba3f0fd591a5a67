import { sql } from 'drizzle-orm';
import type { Database, DbOrTx } from '../db/client';
import { type ObjectStore, STORAGE_PREFIXES } from '../lib/storage/object-store';
import { catalogFileReferences } from '../modules/catalog';
import { contentFileReferences } from '../modules/content';
import { offersFileReferences } from '../modules/offers';
import { ordersFileReferences } from '../modules/orders';
import { reviewsFileReferences } from '../modules/reviews';
import { shopRequestsFileReferences } from '../modules/shop-requests';
import { shopsFileReferences } from '../modules/shops';
import { usersFileReferences } from '../modules/users';

/**
 * A key as rows mention it: `/uploads/...` URLs (alone, in JSON, in HTML) and `digital/...` keys.
 * Greedy on purpose: text that merely looks like a key keeps a file, never the other way round.
 */
const KEY_IN_TEXT = /(?:uploads(?:\/[A-Za-z0-9][\w.-]*)+|digital\/[A-Za-z0-9][\w.-]*)/g;

/** Every key some row of some module mentions (catalogue, content, offers, orders, shop requests, shops, users). */
export async function referencedObjectKeys(db: DbOrTx): Promise<Set<string>> {
  const sources = [
    catalogFileReferences,
    contentFileReferences,
    offersFileReferences,
    ordersFileReferences,
    reviewsFileReferences,
    shopRequestsFileReferences,
    shopsFileReferences,
    usersFileReferences,
  ];
  const keys = new Set<string>();
  for (const source of sources) {
    for (const text of await source(db)) {
      for (const [found] of text.matchAll(KEY_IN_TEXT)) {
        keys.add(found);
        // "…/uploads/a.png." at the end of a sentence still names uploads/a.png.
        keys.add(found.replace(/[.-]+$/, ''));
      }
    }
  }
  return keys;
}

export interface SweepResult {
  /** Keys deleted: no row mentioned them and they were older than the grace period. */
  deleted: string[];
  /** Objects looked at (under uploads/ and digital/). */
  listed: number;
  /** True when another process was sweeping already (PostgreSQL), so this run did nothing. */
  busy: boolean;
}

/** The advisory lock that makes sweeps take turns across API processes; an arbitrary constant of this site's. */
export const SWEEP_LOCK_KEY = 2_026_041;

/**
 * Deletes stored objects no row mentions any more (a deleted product's pictures, a replaced
 * avatar, a slide taken down, a digital file no variation sells): docs/decisions/041. Only
 * objects older than `graceMs` are considered, so a file uploaded a moment ago, whose row is
 * still being written (or a content picture an editor has yet to place), is never taken. The
 * references are read again just before deleting, so a row written during the run keeps its
 * file. On PostgreSQL one process sweeps at a time (an advisory lock held by the run's
 * transaction; the others skip); PGlite is one process and never holds its only connection for
 * a run.
 */
export async function sweepStoredObjects(
  database: Database,
  store: ObjectStore,
  options: { graceMs: number; now?: number },
): Promise<SweepResult> {
  const cutoff = (options.now ?? Date.now()) - options.graceMs;
  const run = async (db: DbOrTx): Promise<SweepResult> => {
    const old: string[] = [];
    let listed = 0;
    for (const prefix of STORAGE_PREFIXES) {
      for await (const object of store.list(prefix)) {
        listed += 1;
        if (object.lastModified.getTime() < cutoff) old.push(object.key);
      }
    }
    if (old.length === 0) return { deleted: [], listed, busy: false };
    const referenced = await referencedObjectKeys(db);
    const unreferenced = old.filter((key) => !referenced.has(key));
    if (unreferenced.length === 0) return { deleted: [], listed, busy: false };
    // Read again at the last moment: a row that took one of them up since is seen.
    const still = await referencedObjectKeys(db);
    const deleted: string[] = [];
    for (const key of unreferenced) {
      if (still.has(key)) continue;
      await store.delete(key);
      deleted.push(key);
    }
    return { deleted, listed, busy: false };
  };
  if (database.kind === 'pglite') return run(database.db);
  return database.db.transaction(async (tx) => {
    // node-postgres' result (this branch never runs on PGlite).
    const result = (await tx.execute(
      sql`select pg_try_advisory_xact_lock(${SWEEP_LOCK_KEY}::bigint) as locked`,
    )) as unknown as {
      rows: { locked: boolean }[];
    };
    if (!result.rows[0]?.locked) return { deleted: [], listed: 0, busy: true };
    return run(tx);
  });
}
