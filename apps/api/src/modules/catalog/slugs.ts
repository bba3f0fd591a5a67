import { and, like, ne, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { invalidField } from '../../lib/errors';
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

/**
 * Refuses a category, sub-category (within its category) or brand name that another row already
 * has, whatever its case: a second "Books" got a slug of its own (`books-2`) and the storefront's
 * menu then showed two (an outside audit). 422 under `name`; nothing is written.
 */
export async function refuseTakenName(
  tx: DbOrTx,
  table: typeof categories | typeof subCategories | typeof brands,
  name: string | undefined,
  { what, scope, exceptId }: { what: string; scope?: SQL; exceptId?: number | null },
): Promise<void> {
  if (name === undefined) return;
  const [taken] = await tx
    .select({ id: table.id })
    .from(table)
    .where(and(scope, sql`lower(${table.name}) = lower(${name.trim()})`, exceptId ? ne(table.id, exceptId) : undefined))
    .limit(1);
  if (taken) throw invalidField('name', `There is already a ${what} named "${name.trim()}".`);
}
