import { type Paginated, paginate } from '@parade/core/envelope';
import {
  type ManagedReview,
  type OwnReview,
  REVIEWS_PER_PAGE,
  type Review,
  type ReviewSort,
  reviewEditableUntil,
} from '@parade/core/review-schemas';
import { and, asc, desc, eq, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { ilikeAny } from '../../lib/text-match';
import { productRefs } from '../catalog';
import { shopRefs } from '../shops';
import { userRefs } from '../users';
import { photoList } from './reviews.commands';
import { reviews } from './reviews.tables';

/**
 * Reviews as each audience reads them: shoppers (a product's visible reviews), their author
 * (their own, hidden ones too, with the reason) and the staff (a shop's, or every shop's).
 * Authors, products and shops are joined through their modules' `*Refs` subqueries.
 */

/** "Sarah Khan" -> "Sarah K.": a review names its author by first name and initial only. */
export function authorName(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return 'A customer';
  if (words.length === 1) return words[0]!;
  return `${words[0]} ${words[words.length - 1]!.charAt(0).toUpperCase()}.`;
}

const iso = (date: Date | null) => (date ? date.toISOString() : null);

function columns(db: DbOrTx) {
  const person = userRefs(db);
  const product = productRefs(db);
  const shop = shopRefs(db);
  const select = {
    id: reviews.id,
    orderId: reviews.orderId,
    orderItemId: reviews.orderItemId,
    rating: reviews.rating,
    body: reviews.body,
    photos: reviews.photos,
    variationName: reviews.variationName,
    createdAt: reviews.createdAt,
    updatedAt: reviews.updatedAt,
    replyBody: reviews.replyBody,
    replyAt: reviews.replyAt,
    hiddenAt: reviews.hiddenAt,
    hiddenReason: reviews.hiddenReason,
    authorName: person.name,
    productId: reviews.productId,
    productName: product.name,
    productSlug: product.slug,
    productShopSlug: product.shopSlug,
    productVariationSlug: product.variationSlug,
    shopId: reviews.shopId,
    shopName: shop.name,
    shopSlug: shop.slug,
  };
  const from = () =>
    db
      .select(select)
      .from(reviews)
      .innerJoin(person, eq(person.id, reviews.userId))
      .innerJoin(product, eq(product.id, reviews.productId))
      .innerJoin(shop, eq(shop.id, reviews.shopId));
  const count = () =>
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(reviews)
      .innerJoin(person, eq(person.id, reviews.userId))
      .innerJoin(product, eq(product.id, reviews.productId));
  return { person, product, from, count };
}

type Row = Awaited<ReturnType<ReturnType<ReturnType<typeof columns>['from']>['execute']>>[number];

function toReview(row: Row): Review {
  return {
    id: row.id,
    rating: row.rating,
    body: row.body,
    photos: photoList(row.photos).map((url) => ({ url })),
    author: authorName(row.authorName),
    verified_purchase: true,
    variation: row.variationName,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    reply: row.replyBody && row.replyAt ? { body: row.replyBody, created_at: row.replyAt.toISOString() } : null,
  };
}

const productOf = (row: Row) => ({
  id: row.productId,
  name: row.productName,
  slug: row.productSlug,
  shop_slug: row.productShopSlug ?? row.shopSlug,
  variation_slug: row.productVariationSlug,
});

function toOwnReview(row: Row): OwnReview {
  return {
    ...toReview(row),
    order_id: row.orderId,
    order_item_id: row.orderItemId,
    product: productOf(row),
    editable_until: reviewEditableUntil(row.createdAt).toISOString(),
    hidden_reason: row.hiddenAt ? row.hiddenReason : null,
  };
}

function toManagedReview(row: Row): ManagedReview {
  return {
    ...toReview(row),
    product: productOf(row),
    shop: { id: row.shopId, name: row.shopName, slug: row.shopSlug },
    order_id: row.orderId,
    hidden_reason: row.hiddenAt ? row.hiddenReason : null,
    hidden_at: iso(row.hiddenAt),
  };
}

async function pageOf<T>(
  query: { rows: Promise<Row[]>; total: Promise<{ total: number }[]> },
  map: (row: Row) => T,
  page: number,
  perPage: number,
): Promise<Paginated<T>> {
  const [rows, [counted]] = await Promise.all([query.rows, query.total]);
  return paginate(rows.map(map), Number(counted?.total ?? 0), page, perPage);
}

/** GET products/{id}/reviews: the visible reviews, newest (default), highest or lowest first. */
export function listProductReviews(
  db: DbOrTx,
  productId: number,
  query: { page: number; sort: ReviewSort },
): Promise<Paginated<Review>> {
  const { from, count } = columns(db);
  const where = and(eq(reviews.productId, productId), isNull(reviews.hiddenAt));
  const newest = [desc(reviews.createdAt), desc(reviews.id)];
  const order =
    query.sort === 'highest'
      ? [desc(reviews.rating), ...newest]
      : query.sort === 'lowest'
        ? [asc(reviews.rating), ...newest]
        : newest;
  return pageOf(
    {
      rows: from()
        .where(where)
        .orderBy(...order)
        .limit(REVIEWS_PER_PAGE)
        .offset((query.page - 1) * REVIEWS_PER_PAGE),
      total: db.select({ total: sql<number>`count(*)::int` }).from(reviews).where(where),
    },
    toReview,
    query.page,
    REVIEWS_PER_PAGE,
  );
}

/** GET user/reviews: the caller's own reviews, newest first, optionally of one order. */
export function listOwnReviews(
  db: DbOrTx,
  userId: number,
  query: { page: number; orderId?: number },
): Promise<Paginated<OwnReview>> {
  const { from } = columns(db);
  const where = and(
    eq(reviews.userId, userId),
    query.orderId === undefined ? undefined : eq(reviews.orderId, query.orderId),
  );
  const perPage = query.orderId === undefined ? REVIEWS_PER_PAGE : 100;
  return pageOf(
    {
      rows: from()
        .where(where)
        .orderBy(desc(reviews.createdAt), desc(reviews.id))
        .limit(perPage)
        .offset((query.page - 1) * perPage),
      total: db.select({ total: sql<number>`count(*)::int` }).from(reviews).where(where),
    },
    toOwnReview,
    query.page,
    perPage,
  );
}

/** One of the caller's own reviews, or null (another's answers as a missing one). */
export async function findOwnReview(db: DbOrTx, userId: number, id: number): Promise<OwnReview | null> {
  const { from } = columns(db);
  const [row] = await from().where(and(eq(reviews.id, id), eq(reviews.userId, userId)));
  return row ? toOwnReview(row) : null;
}

export interface ManagedReviewQuery {
  page: number;
  perPage: number;
  search?: string;
  sort?: { key: 'created_at' | 'rating'; desc: boolean };
  rating?: number;
  replied?: boolean;
  hidden?: boolean;
  shopId?: number;
}

/** GET vendor/reviews (`shopId` from the token) and GET admin/reviews (any shop, or `shopId`). */
export function listManagedReviews(db: DbOrTx, query: ManagedReviewQuery): Promise<Paginated<ManagedReview>> {
  const { from, count, product, person } = columns(db);
  const where: (SQL | undefined)[] = [
    query.shopId === undefined ? undefined : eq(reviews.shopId, query.shopId),
    query.rating === undefined ? undefined : eq(reviews.rating, query.rating),
    query.replied === undefined ? undefined : query.replied ? isNotNull(reviews.replyAt) : isNull(reviews.replyAt),
    query.hidden === undefined ? undefined : query.hidden ? isNotNull(reviews.hiddenAt) : isNull(reviews.hiddenAt),
    ilikeAny(query.search, product.name, reviews.body, reviews.variationName, person.name),
  ];
  const direction = query.sort && !query.sort.desc ? asc : desc;
  const order =
    query.sort?.key === 'rating'
      ? [direction(reviews.rating), desc(reviews.createdAt), desc(reviews.id)]
      : [direction(reviews.createdAt), direction(reviews.id)];
  return pageOf(
    {
      rows: from()
        .where(and(...where))
        .orderBy(...order)
        .limit(query.perPage)
        .offset((query.page - 1) * query.perPage),
      total: count().where(and(...where)),
    },
    toManagedReview,
    query.page,
    query.perPage,
  );
}

/** One review as the staff see it; null for another shop's when `shopId` is given. */
export async function findManagedReview(db: DbOrTx, id: number, shopId?: number): Promise<ManagedReview | null> {
  const { from } = columns(db);
  const [row] = await from().where(
    and(eq(reviews.id, id), shopId === undefined ? undefined : eq(reviews.shopId, shopId)),
  );
  return row ? toManagedReview(row) : null;
}

/** What the mails about a review say: its author and product. */
export async function reviewMailFacts(
  db: DbOrTx,
  id: number,
): Promise<{ email: string; name: string; productName: string; shopName: string } | null> {
  const person = userRefs(db);
  const product = productRefs(db);
  const shop = shopRefs(db);
  const [row] = await db
    .select({ email: person.email, name: person.name, productName: product.name, shopName: shop.name })
    .from(reviews)
    .innerJoin(person, eq(person.id, reviews.userId))
    .innerJoin(product, eq(product.id, reviews.productId))
    .innerJoin(shop, eq(shop.id, reviews.shopId))
    .where(eq(reviews.id, id));
  return row ?? null;
}

/** Order items among `ids` that have a review (the profile's order page shows them reviewed). */
export async function reviewedOrderItems(db: DbOrTx, orderItemIds: number[]): Promise<Set<number>> {
  if (orderItemIds.length === 0) return new Set();
  const rows = await db
    .select({ id: reviews.orderItemId })
    .from(reviews)
    .where(sql`${reviews.orderItemId} in ${orderItemIds}`);
  return new Set(rows.map((row) => row.id));
}
