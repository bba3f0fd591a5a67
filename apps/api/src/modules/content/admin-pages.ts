import type { AdminPage, adminPageInputSchema } from '@parade/core/admin-schemas';
import { type Paginated, paginate } from '@parade/core/envelope';
import { asc, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import { sanitizeRichText } from '../../lib/sanitize';
import { freeSlug, slugRace } from '../../lib/slugs';
import { ilikeAny } from '../../lib/text-match';
import { type ContentListQuery, countAll, orderBy, takenSlugs } from './admin-lists';
import { pageSettings, pages } from './content.tables';
import { changeContent } from './content-generation';

type PageInput = z.output<typeof adminPageInputSchema>;
export type PageSortKey = 'created_at' | 'title' | 'slug';

/** Pages with their settings rows in display order: one query for the rows of the whole page of pages. */
async function toAdminPages(db: DbOrTx, rows: (typeof pages.$inferSelect)[]): Promise<AdminPage[]> {
  const settings = rows.length
    ? await db
        .select()
        .from(pageSettings)
        .where(
          inArray(
            pageSettings.pageId,
            rows.map((r) => r.id),
          ),
        )
        .orderBy(asc(pageSettings.position), asc(pageSettings.id))
    : [];
  return rows.map((row) => ({
    id: row.id,
    slug: row.slug,
    title: row.title,
    in_footer: row.inFooter,
    settings: settings
      .filter((s) => s.pageId === row.id)
      .map((s) => ({
        id: s.id,
        section: s.section,
        key: s.key,
        value: s.value,
        value_type: s.valueType,
        position: s.position,
      })),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  }));
}

export async function listAdminPages(db: DbOrTx, query: ContentListQuery<PageSortKey>): Promise<Paginated<AdminPage>> {
  const where = ilikeAny(query.search, pages.title, pages.slug);
  const order = orderBy(
    { created_at: pages.createdAt, title: pages.title, slug: pages.slug },
    pages.createdAt,
    pages.id,
    query.sort,
  );
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(pages)
      .where(where)
      .orderBy(...order)
      .limit(query.perPage)
      .offset((query.page - 1) * query.perPage),
    db.select({ total: countAll() }).from(pages).where(where),
  ]);
  return paginate(await toAdminPages(db, rows), Number(counted?.total ?? 0), query.page, query.perPage);
}

export async function findAdminPage(db: DbOrTx, id: number): Promise<AdminPage | null> {
  const rows = await db.select().from(pages).where(eq(pages.id, id));
  return (await toAdminPages(db, rows))[0] ?? null;
}

/**
 * A settings row as stored: text values are HTML from the admin, sanitised here before they are
 * stored (and again as they are served); image values were checked as a site path or an
 * https address by the schema (@parade/core/safe-links).
 */
function storedSettings(pageId: number, settings: NonNullable<PageInput['settings']>) {
  return settings.map((setting, index) => {
    const valueType = setting.value_type ?? 'text';
    return {
      pageId,
      section: setting.section,
      key: setting.key,
      value: valueType === 'image' ? setting.value.trim() : sanitizeRichText(setting.value),
      valueType,
      position: index,
    };
  });
}

/** Creates a page (id null) or changes the fields sent; `settings` replaces the page's rows. */
export async function savePage(db: DbOrTx, id: number | null, input: Partial<PageInput>): Promise<number | null> {
  return changeContent(() =>
    slugRace(() =>
      db.transaction(async (tx) => {
        let pageId = id;
        if (pageId === null) {
          const title = input.title ?? '';
          const [row] = await tx
            .insert(pages)
            .values({
              title,
              slug: await freeSlug(input.slug, title, takenSlugs(tx, pages)),
              inFooter: input.in_footer ?? false,
            })
            .returning({ id: pages.id });
          pageId = row?.id ?? null;
          if (pageId === null) return null;
        } else {
          const [current] = await tx.select().from(pages).where(eq(pages.id, pageId)).for('update');
          if (!current) return null;
          const slug =
            input.slug !== undefined
              ? await freeSlug(input.slug, current.title, takenSlugs(tx, pages, pageId))
              : undefined;
          await tx
            .update(pages)
            .set({
              ...(input.title !== undefined ? { title: input.title } : {}),
              ...(slug !== undefined ? { slug } : {}),
              ...(input.in_footer !== undefined ? { inFooter: input.in_footer } : {}),
              // Saving only the settings still marks the page as changed.
              updatedAt: new Date(),
            })
            .where(eq(pages.id, pageId));
        }
        if (input.settings !== undefined) {
          await tx.delete(pageSettings).where(eq(pageSettings.pageId, pageId));
          if (input.settings.length) await tx.insert(pageSettings).values(storedSettings(pageId, input.settings));
        }
        return pageId;
      }),
    ),
  );
}

/**
 * Deletes a page with its settings (the rows cascade). Answers the page with its settings rows as
 * it was just before (read under its row lock, which a save takes first), or null when there is none.
 */
export async function deletePage(db: DbOrTx, id: number): Promise<AdminPage | null> {
  return changeContent(() =>
    db.transaction(async (tx) => {
      const rows = await tx.select().from(pages).where(eq(pages.id, id)).for('update');
      const [page] = await toAdminPages(tx, rows);
      if (!page) return null;
      await tx.delete(pages).where(eq(pages.id, id));
      return page;
    }),
  );
}
