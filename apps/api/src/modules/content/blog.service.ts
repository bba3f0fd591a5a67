import type { BlogCategory, BlogList, BlogPost } from '@parade/core/catalog-dto';
import { paginate } from '@parade/core/envelope';
import { and, asc, desc, eq, lte, ne, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { notFound } from '../../lib/errors';
import { safeImageUrl, sanitizeRichText } from '../../lib/sanitize';
import { blogCategories, blogPosts } from './content.tables';

export const BLOG_PER_PAGE = 9;
export const LATEST_POSTS = 3;
export const RELATED_POSTS = 3;

/** A post is public once its publication time has come (scheduled posts stay hidden). */
const published = (): SQL => lte(blogPosts.publishedAt, sql`now()`);

function postQuery(db: DbOrTx) {
  return db
    .select({
      post: blogPosts,
      category: { id: blogCategories.id, name: blogCategories.name, slug: blogCategories.slug },
    })
    .from(blogPosts)
    .innerJoin(blogCategories, eq(blogCategories.id, blogPosts.categoryId));
}

type PostRow = Awaited<ReturnType<ReturnType<typeof postQuery>['execute']>>[number];

function toBlogPost({ post, category }: PostRow): BlogPost {
  return {
    id: post.id,
    name: post.title,
    title: post.title,
    slug: post.slug,
    excerpt: post.excerpt,
    body: sanitizeRichText(post.body),
    cover_image: post.coverImage ? safeImageUrl(post.coverImage) || null : null,
    author: post.author,
    // Public reads select published posts only (`published()`), so the time is there.
    published_at: (post.publishedAt ?? post.createdAt).toISOString(),
    category,
  };
}

const newestFirst = () => [desc(blogPosts.publishedAt), desc(blogPosts.id)];

/** GET /blog: a page of 9 posts (optionally of one category) and the 3 newest posts overall. */
export async function listBlog(db: DbOrTx, request: { category?: string; page: number }): Promise<BlogList> {
  const where: SQL[] = [published()];
  if (request.category) where.push(eq(blogCategories.slug, request.category));
  const [rows, [counted], latest] = await Promise.all([
    postQuery(db)
      .where(and(...where))
      .orderBy(...newestFirst())
      .limit(BLOG_PER_PAGE)
      .offset((request.page - 1) * BLOG_PER_PAGE),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(blogPosts)
      .innerJoin(blogCategories, eq(blogCategories.id, blogPosts.categoryId))
      .where(and(...where)),
    postQuery(db)
      .where(published())
      .orderBy(...newestFirst())
      .limit(LATEST_POSTS),
  ]);
  return {
    status: true,
    posts: paginate(rows.map(toBlogPost), Number(counted?.total ?? 0), request.page, BLOG_PER_PAGE),
    latestPost: latest.map(toBlogPost),
  };
}

/** GET /blog/categories: every category with its number of published posts. */
export async function listBlogCategories(db: DbOrTx): Promise<BlogCategory[]> {
  const rows = await db
    .select({
      id: blogCategories.id,
      name: blogCategories.name,
      slug: blogCategories.slug,
      postsCount: sql<number>`count(${blogPosts.id})::int`,
    })
    .from(blogCategories)
    .leftJoin(blogPosts, and(eq(blogPosts.categoryId, blogCategories.id), published()))
    .groupBy(blogCategories.id)
    .orderBy(asc(blogCategories.name));
  return rows.map((r) => ({ id: r.id, name: r.name, slug: r.slug, posts_count: Number(r.postsCount) }));
}

/** GET /blog/{slug}: the post and up to 3 newer-first posts of the same category. */
export async function getBlogPost(db: DbOrTx, slug: string): Promise<{ post: BlogPost; related: BlogPost[] }> {
  const [row] = await postQuery(db)
    .where(and(eq(blogPosts.slug, slug), published()))
    .limit(1);
  if (!row) throw notFound('Post not found', 'post_not_found');
  const related = await postQuery(db)
    .where(and(eq(blogPosts.categoryId, row.post.categoryId), ne(blogPosts.id, row.post.id), published()))
    .orderBy(...newestFirst())
    .limit(RELATED_POSTS);
  return { post: toBlogPost(row), related: related.map(toBlogPost) };
}
