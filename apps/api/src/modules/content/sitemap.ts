import { asc, eq, isNotNull, lte, sql } from 'drizzle-orm';
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

/** Whether a blog post of this slug is published (its page is found). */
export async function publishedPostExists(db: DbOrTx, slug: string): Promise<boolean> {
  const [row] = await db
    .select({ id: blogPosts.id })
    .from(blogPosts)
    .where(
      sql`${blogPosts.slug} = ${slug} and ${isNotNull(blogPosts.publishedAt)} and ${lte(blogPosts.publishedAt, sql`now()`)}`,
    )
    .limit(1);
  return row !== undefined;
}

/** Whether a page of this slug exists. */
export async function pageExists(db: DbOrTx, slug: string): Promise<boolean> {
  const [row] = await db.select({ id: pages.id }).from(pages).where(eq(pages.slug, slug)).limit(1);
  return row !== undefined;
}
