import type { PageContent } from '@parade/core/catalog-dto';
import { asc } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { safeImageUrl, sanitizeRichText } from '../../lib/sanitize';
import { pageSettings, pages } from './content.tables';

/**
 * GET /pages: every static page with its settings in display order. Image values must be a
 * site path or an http(s) URL; every other value is HTML and leaves sanitised.
 */
export async function listPages(db: DbOrTx): Promise<PageContent[]> {
  const [pageRows, settingRows] = await Promise.all([
    db.select().from(pages).orderBy(asc(pages.slug)),
    db.select().from(pageSettings).orderBy(asc(pageSettings.pageId), asc(pageSettings.position), asc(pageSettings.id)),
  ]);
  return pageRows.map((page) => ({
    slug: page.slug,
    title: page.title,
    in_footer: page.inFooter,
    settings: settingRows
      .filter((s) => s.pageId === page.id)
      .map((s) => ({
        section: s.section,
        key: s.key,
        value: s.valueType === 'image' ? safeImageUrl(s.value) : sanitizeRichText(s.value),
        value_type: s.valueType,
      })),
  }));
}
