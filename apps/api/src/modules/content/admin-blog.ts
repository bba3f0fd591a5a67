import {
  type AdminBlogCategory,
  type AdminBlogPost,
  type adminBlogCategoryInputSchema,
  type adminBlogPostInputSchema,
  type BlogPostStatus,
  richTextHasContent,
} from '@parade/core/admin-schemas';
import { type Paginated, paginate } from '@parade/core/envelope';
import { and, eq, getTableColumns, gt, isNull, lte, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import { conflict, invalidField } from '../../lib/errors';
import { plainTextOf, sanitizeRichText } from '../../lib/sanitize';
import { freeSlug, slugRace } from '../../lib/slugs';
import { ilikeAny } from '../../lib/text-match';
import { type ContentListQuery, countAll, orderBy, orNull, takenSlugs } from './admin-lists';
import { blogCategories, blogPosts } from './content.tables';
import { changeContent } from './content-generation';

type CategoryInput = z.output<typeof adminBlogCategoryInputSchema>;
type PostInput = z.output<typeof adminBlogPostInputSchema>;
export type BlogCategorySortKey = 'created_at' | 'name';
export type BlogPostSortKey = 'created_at' | 'title' | 'published_at';

/** Length of an excerpt made from the body when the admin leaves it empty. */
export const EXCERPT_FROM_BODY = 200;

// ---- Categories ----------------------------------------------------------------------------

/**
 * Each category's posts, drafts included. Written with qualified names on purpose: in a
 * one-table select Drizzle writes columns unqualified, and `category_id = id` inside the subquery
 * then compared a post with itself (issue 23: every category showed 1).
 */
const postsCount = sql<number>`(select count(*)::int from ${blogPosts} as counted where counted.category_id = ${sql.raw('"blog_categories"."id"')})`;

function categoryRows(db: DbOrTx) {
  return db
    .select({ ...getTableColumns(blogCategories), postsCount: postsCount.as('posts_count') })
    .from(blogCategories);
}

const toAdminBlogCategory = (row: typeof blogCategories.$inferSelect & { postsCount: number }): AdminBlogCategory => ({
  id: row.id,
  name: row.name,
  slug: row.slug,
  posts_count: Number(row.postsCount),
  created_at: row.createdAt.toISOString(),
});

export async function listAdminBlogCategories(
  db: DbOrTx,
  query: ContentListQuery<BlogCategorySortKey>,
): Promise<Paginated<AdminBlogCategory>> {
  const where = ilikeAny(query.search, blogCategories.name, blogCategories.slug);
  const order = orderBy(
    { created_at: blogCategories.createdAt, name: blogCategories.name },
    blogCategories.createdAt,
    blogCategories.id,
    query.sort,
  );
  const [rows, [counted]] = await Promise.all([
    categoryRows(db)
      .where(where)
      .orderBy(...order)
      .limit(query.perPage)
      .offset((query.page - 1) * query.perPage),
    db.select({ total: countAll() }).from(blogCategories).where(where),
  ]);
  return paginate(rows.map(toAdminBlogCategory), Number(counted?.total ?? 0), query.page, query.perPage);
}

export async function findAdminBlogCategory(db: DbOrTx, id: number): Promise<AdminBlogCategory | null> {
  const [row] = await categoryRows(db).where(eq(blogCategories.id, id));
  return row ? toAdminBlogCategory(row) : null;
}

export async function saveBlogCategory(
  db: DbOrTx,
  id: number | null,
  input: Partial<CategoryInput>,
): Promise<number | null> {
  return changeContent(() =>
    slugRace(() =>
      db.transaction(async (tx) => {
        if (id === null) {
          const name = input.name ?? '';
          const [row] = await tx
            .insert(blogCategories)
            .values({ name, slug: await freeSlug(input.slug, name, takenSlugs(tx, blogCategories)) })
            .returning({ id: blogCategories.id });
          return row?.id ?? null;
        }
        const [current] = await tx.select().from(blogCategories).where(eq(blogCategories.id, id)).for('update');
        if (!current) return null;
        const slug =
          input.slug !== undefined
            ? await freeSlug(input.slug, current.name, takenSlugs(tx, blogCategories, id))
            : undefined;
        const changes = {
          ...(input.name !== undefined ? { name: input.name } : {}),
          ...(slug !== undefined ? { slug } : {}),
        };
        if (Object.keys(changes).length) await tx.update(blogCategories).set(changes).where(eq(blogCategories.id, id));
        return id;
      }),
    ),
  );
}

/**
 * Deletes a category that no post belongs to; a category with posts answers 409 (its posts would
 * lose their place on the storefront's blog, so the admin moves or deletes them first). Answers
 * the category as it was just before (its locked row, `posts_count` 0), or null when there is none.
 */
export async function deleteBlogCategory(db: DbOrTx, id: number): Promise<AdminBlogCategory | null> {
  return changeContent(() =>
    db.transaction(async (tx) => {
      const [current] = await tx.select().from(blogCategories).where(eq(blogCategories.id, id)).for('update');
      if (!current) return null;
      const [used] = await tx.select({ total: countAll() }).from(blogPosts).where(eq(blogPosts.categoryId, id));
      const count = Number(used?.total ?? 0);
      if (count > 0) {
        throw conflict(
          `${current.name} still has ${count} ${count === 1 ? 'post' : 'posts'}: move or delete them first.`,
          {},
          'blog_category_not_empty',
        );
      }
      await tx.delete(blogCategories).where(eq(blogCategories.id, id));
      return toAdminBlogCategory({ ...current, postsCount: count });
    }),
  );
}

// ---- Posts ---------------------------------------------------------------------------------

const statusWhere: Record<BlogPostStatus, () => SQL> = {
  draft: () => isNull(blogPosts.publishedAt),
  scheduled: () => gt(blogPosts.publishedAt, sql`now()`),
  published: () => lte(blogPosts.publishedAt, sql`now()`),
};

function statusOf(publishedAt: Date | null, now = Date.now()): BlogPostStatus {
  if (!publishedAt) return 'draft';
  return publishedAt.getTime() > now ? 'scheduled' : 'published';
}

function postRows(db: DbOrTx) {
  return db
    .select({
      post: blogPosts,
      category: { id: blogCategories.id, name: blogCategories.name, slug: blogCategories.slug },
    })
    .from(blogPosts)
    .innerJoin(blogCategories, eq(blogCategories.id, blogPosts.categoryId));
}
type PostRow = Awaited<ReturnType<ReturnType<typeof postRows>['execute']>>[number];

const toAdminBlogPost = ({ post, category }: PostRow): AdminBlogPost => ({
  id: post.id,
  title: post.title,
  slug: post.slug,
  excerpt: post.excerpt,
  body: post.body,
  cover_image: post.coverImage,
  author: post.author,
  category,
  published_at: post.publishedAt?.toISOString() ?? null,
  status: statusOf(post.publishedAt),
  created_at: post.createdAt.toISOString(),
  updated_at: post.updatedAt.toISOString(),
});

export async function listAdminBlogPosts(
  db: DbOrTx,
  query: ContentListQuery<BlogPostSortKey> & { categoryId?: number; status?: BlogPostStatus },
): Promise<Paginated<AdminBlogPost>> {
  const where = and(
    query.categoryId ? eq(blogPosts.categoryId, query.categoryId) : undefined,
    query.status ? statusWhere[query.status]() : undefined,
    ilikeAny(query.search, blogPosts.title, blogPosts.slug),
  );
  const order = orderBy(
    { created_at: blogPosts.createdAt, title: blogPosts.title, published_at: blogPosts.publishedAt },
    blogPosts.createdAt,
    blogPosts.id,
    query.sort,
  );
  const [rows, [counted]] = await Promise.all([
    postRows(db)
      .where(where)
      .orderBy(...order)
      .limit(query.perPage)
      .offset((query.page - 1) * query.perPage),
    db.select({ total: countAll() }).from(blogPosts).where(where),
  ]);
  return paginate(rows.map(toAdminBlogPost), Number(counted?.total ?? 0), query.page, query.perPage);
}

export async function findAdminBlogPost(db: DbOrTx, id: number): Promise<AdminBlogPost | null> {
  const [row] = await postRows(db).where(eq(blogPosts.id, id));
  return row ? toAdminBlogPost(row) : null;
}

/**
 * The body as stored: the editor's HTML through the allow-list (no script, event handler,
 * style, frame or javascript: link survives). A body that is empty once cleaned is refused.
 */
function cleanBody(html: string): string {
  const body = sanitizeRichText(html);
  if (!richTextHasContent(body)) throw invalidField('body', 'Write the post.');
  return body;
}

/**
 * Creates a post (id null) or changes the fields sent. `author` is the name to show; an empty
 * one (or none, on creation) is `adminName`. An empty excerpt is made from the body. On
 * creation, a post without `published_at` is a draft.
 */
export async function saveBlogPost(
  db: DbOrTx,
  id: number | null,
  input: Partial<PostInput>,
  adminName: string,
): Promise<number | null> {
  return changeContent(() =>
    slugRace(() =>
      db.transaction(async (tx) => {
        if (input.category_id !== undefined) {
          const [category] = await tx
            .select({ id: blogCategories.id })
            .from(blogCategories)
            .where(eq(blogCategories.id, input.category_id));
          if (!category) throw invalidField('category_id', 'No such blog category.');
        }
        const body = input.body !== undefined ? cleanBody(input.body) : undefined;
        const publishedAt =
          input.published_at === undefined ? undefined : input.published_at ? new Date(input.published_at) : null;
        if (id === null) {
          const title = input.title ?? '';
          const [row] = await tx
            .insert(blogPosts)
            .values({
              title,
              slug: await freeSlug(input.slug, title, takenSlugs(tx, blogPosts)),
              categoryId: input.category_id ?? 0,
              body: body ?? '',
              excerpt: input.excerpt || plainTextOf(body ?? '', EXCERPT_FROM_BODY),
              coverImage: orNull(input.cover_image),
              author: input.author || adminName,
              publishedAt: publishedAt ?? null,
            })
            .returning({ id: blogPosts.id });
          return row?.id ?? null;
        }
        const [current] = await tx.select().from(blogPosts).where(eq(blogPosts.id, id)).for('update');
        if (!current) return null;
        const slug =
          input.slug !== undefined
            ? await freeSlug(input.slug, current.title, takenSlugs(tx, blogPosts, id))
            : undefined;
        const changes = {
          ...(input.title !== undefined ? { title: input.title } : {}),
          ...(slug !== undefined ? { slug } : {}),
          ...(input.category_id !== undefined ? { categoryId: input.category_id } : {}),
          ...(body !== undefined ? { body } : {}),
          ...(input.excerpt !== undefined
            ? { excerpt: input.excerpt || plainTextOf(body ?? current.body, EXCERPT_FROM_BODY) }
            : {}),
          ...(input.cover_image !== undefined ? { coverImage: orNull(input.cover_image) } : {}),
          ...(input.author !== undefined ? { author: input.author || adminName } : {}),
          ...(publishedAt !== undefined ? { publishedAt } : {}),
        };
        if (Object.keys(changes).length) await tx.update(blogPosts).set(changes).where(eq(blogPosts.id, id));
        return id;
      }),
    ),
  );
}

/** Deletes a post; answers it as it was just before (read under its row lock), or null when there is none. */
export async function deleteBlogPost(db: DbOrTx, id: number): Promise<AdminBlogPost | null> {
  return changeContent(() =>
    db.transaction(async (tx) => {
      const [row] = await postRows(tx).where(eq(blogPosts.id, id)).for('update', { of: blogPosts });
      if (!row) return null;
      await tx.delete(blogPosts).where(eq(blogPosts.id, id));
      return toAdminBlogPost(row);
    }),
  );
}
