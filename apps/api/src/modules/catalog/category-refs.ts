import { inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { categories } from './catalog.tables';

/**
 * The id and name of each top-level category asked for that still exists, in one query (e.g. the
 * category a shop request names). A missing id is simply absent from the map.
 */
export async function categoryRefs(db: DbOrTx, ids: number[]): Promise<Map<number, { id: number; name: string }>> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .select({ id: categories.id, name: categories.name })
    .from(categories)
    .where(inArray(categories.id, wanted));
  return new Map(rows.map((row) => [row.id, row]));
}
