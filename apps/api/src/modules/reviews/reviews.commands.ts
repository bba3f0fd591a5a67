import { averageFromHistogram, type Rating } from '@parade/core/rating';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { jsonValue } from '../../db/json-value';
import { reviews } from './reviews.tables';

/**
 * The writes of reviews, each in the caller's transaction (workflows/write-review.ts), and the
 * ratings recomputed from the reviews themselves after every write: a count and average that
 * always equal a direct computation, never a running sum that could drift.
 */

/** The advisory-lock namespace of review writes: the second key is the shop's id. */
const REVIEW_LOCK_NAMESPACE = 70_044;

/**
 * Serialises the review writes of one shop until the transaction ends. A product belongs to one
 * shop, so two writes that change the same product's or shop's rating run one after the other,
 * and the second one's recomputation (a new statement, so a new snapshot) sees the first's rows.
 * Without it, two reviews committed together could each write an average missing the other.
 */
export async function lockShopReviews(tx: DbOrTx, shopId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${REVIEW_LOCK_NAMESPACE}, ${shopId})`);
}

export interface NewReview {
  orderItemId: number;
  orderId: number;
  userId: number;
  productId: number;
  shopId: number;
  variationName: string;
  rating: number;
  body: string;
  photos: string[];
}

/** Writes a review; null when the line has one already (the unique index decides, whatever the race). */
export async function insertReview(tx: DbOrTx, review: NewReview): Promise<number | null> {
  const [row] = await tx
    .insert(reviews)
    .values(review)
    .onConflictDoNothing({ target: reviews.orderItemId })
    .returning({ id: reviews.id });
  return row?.id ?? null;
}

export interface LockedReview {
  id: number;
  userId: number;
  productId: number;
  shopId: number;
  rating: number;
  photos: string[];
  createdAt: Date;
  replyAt: Date | null;
  hiddenAt: Date | null;
}

/**
 * A review locked until the transaction ends (FOR UPDATE), or null when there is none, or it is
 * not the `userId`'s / the `shopId`'s when one is given: another's review answers as a missing one.
 */
export async function lockReview(
  tx: DbOrTx,
  id: number,
  owner: { userId?: number; shopId?: number } = {},
): Promise<LockedReview | null> {
  const [row] = await tx
    .select({
      id: reviews.id,
      userId: reviews.userId,
      productId: reviews.productId,
      shopId: reviews.shopId,
      rating: reviews.rating,
      photos: reviews.photos,
      createdAt: reviews.createdAt,
      replyAt: reviews.replyAt,
      hiddenAt: reviews.hiddenAt,
    })
    .from(reviews)
    .where(
      and(
        eq(reviews.id, id),
        owner.userId === undefined ? undefined : eq(reviews.userId, owner.userId),
        owner.shopId === undefined ? undefined : eq(reviews.shopId, owner.shopId),
      ),
    )
    .for('update');
  if (!row) return null;
  return { ...row, photos: photoList(row.photos) };
}

/** The stored photo list, as strings only. */
export function photoList(stored: unknown): string[] {
  const value = jsonValue(stored);
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}

/** The author's edit: new stars, text and photo list; stars or text left undefined keep their value. */
export async function updateReview(
  tx: DbOrTx,
  id: number,
  change: { rating?: number; body?: string; photos: string[] },
): Promise<void> {
  await tx
    .update(reviews)
    .set({
      photos: change.photos,
      ...(change.rating === undefined ? {} : { rating: change.rating }),
      ...(change.body === undefined ? {} : { body: change.body }),
    })
    .where(eq(reviews.id, id));
}

export async function deleteReview(tx: DbOrTx, id: number): Promise<void> {
  await tx.delete(reviews).where(eq(reviews.id, id));
}

/** The shop's one reply: false when the review has one already. */
export async function setReviewReply(tx: DbOrTx, id: number, body: string): Promise<boolean> {
  const rows = await tx
    .update(reviews)
    .set({ replyBody: body, replyAt: sql`now()`, updatedAt: sql`${reviews.updatedAt}` })
    .where(and(eq(reviews.id, id), isNull(reviews.replyAt)))
    .returning({ id: reviews.id });
  return rows.length > 0;
}

/** Hides a review with the platform's reason, or shows it again (`reason` null). */
export async function setReviewHidden(tx: DbOrTx, id: number, reason: string | null): Promise<void> {
  await tx
    .update(reviews)
    .set({
      hiddenAt: reason === null ? null : sql`now()`,
      hiddenReason: reason,
      updatedAt: sql`${reviews.updatedAt}`,
    })
    .where(eq(reviews.id, id));
}

/** A product's rating from its visible reviews: count, average (two decimals) and histogram. */
export async function productRatingOf(
  tx: DbOrTx,
  productId: number,
): Promise<{ count: number; average: number | null; histogram: number[] }> {
  const rows = await tx
    .select({ rating: reviews.rating, count: sql<number>`count(*)::int` })
    .from(reviews)
    .where(and(eq(reviews.productId, productId), isNull(reviews.hiddenAt)))
    .groupBy(reviews.rating);
  const histogram = [0, 0, 0, 0, 0];
  for (const row of rows) histogram[row.rating - 1] = Number(row.count);
  const count = histogram.reduce((total, n) => total + n, 0);
  return { count, average: averageFromHistogram(histogram), histogram };
}

/** A shop's rating: every visible review of its products. */
export async function shopRatingOf(tx: DbOrTx, shopId: number): Promise<Rating> {
  const [row] = await tx
    .select({
      count: sql<number>`count(*)::int`,
      average: sql<string | null>`round(avg(${reviews.rating}), 2)`,
    })
    .from(reviews)
    .where(and(eq(reviews.shopId, shopId), isNull(reviews.hiddenAt)));
  const count = Number(row?.count ?? 0);
  return { count, average: count === 0 || row?.average == null ? null : Number(row.average) };
}
