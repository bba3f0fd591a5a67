import { inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { brands, categories, subCategories } from './catalog.tables';

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

/**
 * Whether every category, sub-category and brand a product list's URL filters by exists (by
 * slug), for the storefront's status code: `/products?category=nope` is a page of nothing,
 * answered 404 so that search engines do not keep it (issue 25, "Real status codes").
 */
export async function listFiltersExist(
  db: DbOrTx,
  filter: { categories: string[]; subs: string[]; brands: string[] },
): Promise<boolean> {
  const allFound = async (table: typeof categories | typeof subCategories | typeof brands, slugs: string[]) => {
    const wanted = [...new Set(slugs)];
    if (wanted.length === 0) return true;
    const rows = await db.selectDistinct({ slug: table.slug }).from(table).where(inArray(table.slug, wanted));
    return rows.length === wanted.length;
  };
  const found = await Promise.all([
    allFound(categories, filter.categories),
    allFound(subCategories, filter.subs),
    allFound(brands, filter.brands),
  ]);
  return found.every(Boolean);
}
