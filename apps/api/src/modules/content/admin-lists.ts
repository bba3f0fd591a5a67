import { and, asc, desc, ne, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { conflict } from '../../lib/errors';
import type { blogCategories, blogPosts, pages } from './content.tables';

/** What every admin list of the content takes (core's manageListQuerySchema, parsed). */
export interface ContentListQuery<K extends string> {
  page: number;
  perPage: number;
  search?: string;
  sort?: { key: K; desc: boolean };
}

/** `%text%` for ilike, with the pattern's own characters escaped. */
export const containing = (text: string) => `%${text.replace(/[\\%_]/g, '\\$&')}%`;

/** `column ilike %search%` over any of the columns. */
export function searchIn(search: string | undefined, ...columns: SQLWrapper[]): SQL | undefined {
  if (!search) return undefined;
  const pattern = containing(search);
  return sql`(${sql.join(
    columns.map((column) => sql`${column} ilike ${pattern}`),
    sql` or `,
  )})`;
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

/** A slug from a name, by the catalogue's rule: lower-case ASCII letters and digits joined by hyphens. */
export function slugFrom(name: string): string {
  const slug = name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 120)
    .replace(/-+$/g, '');
  return slug || 'item';
}

const slugTaken = () => conflict('That slug is already used.', { slug: ['That slug is already used.'] }, 'slug_taken');

/**
 * A free slug in a table whose slugs are unique: the one given (409 slug_taken if another row
 * has it) or one made from the name, numbered when taken (`spring-menu-2`).
 */
export async function freeSlug(
  tx: DbOrTx,
  table: typeof pages | typeof blogCategories | typeof blogPosts,
  given: string | undefined,
  name: string,
  exceptId?: number,
): Promise<string> {
  const base = given?.toLowerCase() ?? slugFrom(name);
  const rows = await tx
    .select({ slug: table.slug })
    .from(table)
    .where(
      and(
        sql`${table.slug} like ${`${base.replace(/[\\%_]/g, '\\$&')}%`}`,
        exceptId ? ne(table.id, exceptId) : undefined,
      ),
    );
  const used = new Set(rows.map((r) => r.slug));
  if (!used.has(base)) return base;
  if (given) throw slugTaken();
  for (let n = 2; ; n++) if (!used.has(`${base}-${n}`)) return `${base}-${n}`;
}

/** Two writers racing for one slug: the unique index refuses the second, answered as the 409 it is. */
export async function slugRace<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
      if ((e as { code?: string }).code === '23505') throw slugTaken();
    }
    throw error;
  }
}

export const countAll = () => sql<number>`count(*)::int`;
