import { and, asc, desc, like, ne, type SQLWrapper, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import type { TakenSlugs } from '../../lib/slugs';
import { startsWithPattern } from '../../lib/text-match';
import type { blogCategories, blogPosts, pages } from './content.tables';

/** What every admin list of the content takes (core's manageListQuerySchema, parsed). */
export interface ContentListQuery<K extends string> {
  page: number;
  perPage: number;
  search?: string;
  sort?: { key: K; desc: boolean };
}

/** The list's order: the sort's column (newest first by default), then id, in one direction. */
export function orderBy<K extends string>(
  columns: Record<K, SQLWrapper>,
  fallback: SQLWrapper,
  id: SQLWrapper,
  sort: ContentListQuery<K>['sort'],
) {
  const direction = sort && !sort.desc ? asc : desc;
  return [direction(sort ? columns[sort.key] : fallback), direction(id)];
}

/** '' or null both mean "none" on the wire; the tables keep null. */
export const orNull = (value: string | null | undefined): string | null => (value ? value : null);

/**
 * The slugs of a content table starting with a prefix, leaving out the row being renamed: the
 * query lib/slugs.ts freeSlug asks (pages, blog categories and posts each have unique slugs).
 */
export function takenSlugs(
  tx: DbOrTx,
  table: typeof pages | typeof blogCategories | typeof blogPosts,
  exceptId?: number,
): TakenSlugs {
  return async (prefix) => {
    const rows = await tx
      .select({ slug: table.slug })
      .from(table)
      .where(and(like(table.slug, startsWithPattern(prefix)), exceptId ? ne(table.id, exceptId) : undefined));
    return rows.map((row) => row.slug);
  };
}

export const countAll = () => sql<number>`count(*)::int`;
