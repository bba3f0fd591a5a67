import { and, like, ne, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import type { TakenSlugs } from '../../lib/slugs';
import { startsWithPattern } from '../../lib/text-match';
import type { brands, categories, products, productVariations, subCategories } from './catalog.tables';

/**
 * The slugs of a catalogue table starting with a prefix, within `scope` (a shop's products, a
 * product's variations; the whole table for categories, sub-categories and brands), leaving out
 * the row being renamed: the query lib/slugs.ts freeSlug asks.
 */
export function takenSlugs(
  tx: DbOrTx,
  table: typeof products | typeof productVariations | typeof categories | typeof subCategories | typeof brands,
  { scope, exceptId }: { scope?: SQL; exceptId?: number } = {},
): TakenSlugs {
  return async (prefix) => {
    const rows = await tx
      .select({ slug: table.slug })
      .from(table)
      .where(and(scope, like(table.slug, startsWithPattern(prefix)), exceptId ? ne(table.id, exceptId) : undefined));
    return rows.map((row) => row.slug);
  };
}
