import { asc, isNotNull, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { blogPosts, pages } from './content.tables';

/** The published blog posts and the pages, for the sitemap: their slugs and last change. */
export async function contentSitemapEntries(db: DbOrTx): Promise<{
  posts: { slug: string; updatedAt: Date }[];
  pages: { slug: string; updatedAt: Date }[];
}> {
  const [posts, pageRows] = await Promise.all([
    db
      .select({ slug: blogPosts.slug, updatedAt: blogPosts.updatedAt })
      .from(blogPosts)
      .where(sql`${isNotNull(blogPosts.publishedAt)} and ${lte(blogPosts.publishedAt, sql`now()`)}`)
      .orderBy(asc(blogPosts.slug)),
    db.select({ slug: pages.slug, updatedAt: pages.updatedAt }).from(pages).orderBy(asc(pages.slug)),
  ]);
  return { posts, pages: pageRows };
}
