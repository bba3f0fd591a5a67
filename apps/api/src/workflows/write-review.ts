import type { ReviewCreate } from '@parade/core/review-schemas';
import { REVIEW_EDIT_DAYS, REVIEW_PHOTOS_MAX, reviewEditableUntil } from '@parade/core/review-schemas';
import type { DbOrTx } from '../db/client';
import { AppError, conflict, invalidField, notFound } from '../lib/errors';
import { productReadsChanged, setProductRating } from '../modules/catalog';
import { enqueueMail } from '../modules/mail';
import { lockCustomerOrderLine } from '../modules/orders';
import {
  deleteReview,
  insertReview,
  type LockedReview,
  lockReview,
  lockShopReviews,
  productRatingOf,
  reviewHiddenMail,
  reviewMailFacts,
  reviewReplyMail,
  setReviewHidden,
  setReviewReply,
  shopRatingOf,
  updateReview,
} from '../modules/reviews';
import { setShopRating } from '../modules/shops';

/**
 * Every write of a review, each one transaction (reviews + catalog's read model + shops + mail):
 * the review, then the product's and the shop's ratings recomputed from the visible reviews
 * under the shop's review lock (reviews.commands.ts), so concurrent writes cannot leave an
 * average that misses one of them. docs/decisions/044-reviews-and-favourites.md.
 */

const reviewMissing = () => notFound('Review not found.', 'review_not_found');

/** The product's and the shop's ratings, from their visible reviews; the caller holds the shop's review lock. */
async function recomputeRatings(tx: DbOrTx, review: { productId: number; shopId: number }): Promise<void> {
  await setProductRating(tx, review.productId, await productRatingOf(tx, review.productId));
  await setShopRating(tx, review.shopId, await shopRatingOf(tx, review.shopId));
}

/**
 * POST user/reviews: a review of one line of the customer's own delivered order, once per line.
 * Another's line, or none, is 404; before delivery 422 `review_not_delivered`; a second review
 * of the line 409 `review_exists` (also when two arrive at once: the line is locked, and the
 * unique index stands behind it). `photos` are stored already; the caller removes them on a refusal.
 */
export async function createReview(
  db: DbOrTx,
  input: { userId: number; body: Required<Pick<ReviewCreate, 'body'>> & Omit<ReviewCreate, 'body'>; photos: string[] },
): Promise<{ reviewId: number }> {
  const { body } = input;
  return db.transaction(async (tx) => {
    const line = await lockCustomerOrderLine(tx, Number(body.order_item_id), input.userId);
    if (!line) throw notFound('Order item not found.', 'order_item_not_found');
    if (line.orderStatus !== 'delivered') {
      throw invalidField(
        'order_item_id',
        'You can review an item once its order has been delivered.',
        'review_not_delivered',
      );
    }
    await lockShopReviews(tx, line.shopId);
    const reviewId = await insertReview(tx, {
      orderItemId: line.id,
      orderId: line.orderId,
      userId: input.userId,
      productId: line.productId,
      shopId: line.shopId,
      variationName: line.fullName,
      rating: Number(body.rating),
      body: body.body,
      photos: input.photos.slice(0, REVIEW_PHOTOS_MAX),
    });
    if (reviewId === null) {
      throw conflict(
        'You have already reviewed this item. You can edit your review instead.',
        { order_item_id: ['You have already reviewed this item.'] },
        'review_exists',
      );
    }
    await recomputeRatings(tx, { productId: line.productId, shopId: line.shopId });
    return { reviewId };
  });
}

/** The author's own review, locked, still within its edit window at `now`. */
async function lockEditableReview(tx: DbOrTx, userId: number, reviewId: number, now: Date): Promise<LockedReview> {
  const review = await lockReview(tx, reviewId, { userId });
  if (!review) throw reviewMissing();
  if (now.getTime() >= reviewEditableUntil(review.createdAt).getTime()) {
    throw new AppError(
      409,
      `A review can be changed or deleted for ${REVIEW_EDIT_DAYS} days after it was written.`,
      {},
      'review_edit_closed',
    );
  }
  await lockShopReviews(tx, review.shopId);
  return review;
}

/**
 * PUT user/reviews/{id}: new stars, text and photos (those kept plus those added, three at most);
 * stars or text not given keep their value. Answers the photos no longer used, for the caller to
 * remove once committed.
 */
export async function editReview(
  db: DbOrTx,
  input: {
    userId: number;
    reviewId: number;
    rating?: number;
    body?: string;
    keepPhotos?: string[];
    addedPhotos: string[];
    now?: Date;
  },
): Promise<{ removedPhotos: string[] }> {
  return db.transaction(async (tx) => {
    const review = await lockEditableReview(tx, input.userId, input.reviewId, input.now ?? new Date());
    const kept = input.keepPhotos ? review.photos.filter((url) => input.keepPhotos!.includes(url)) : review.photos;
    const photos = [...kept, ...input.addedPhotos];
    if (photos.length > REVIEW_PHOTOS_MAX) {
      throw invalidField('photos', `A review has at most ${REVIEW_PHOTOS_MAX} photos.`, 'image_invalid');
    }
    await updateReview(tx, review.id, { rating: input.rating, body: input.body, photos });
    await recomputeRatings(tx, review);
    return { removedPhotos: review.photos.filter((url) => !photos.includes(url)) };
  });
}

/** DELETE user/reviews/{id}: within the edit window. Answers its photos, to remove once committed. */
export async function removeReview(
  db: DbOrTx,
  input: { userId: number; reviewId: number; now?: Date },
): Promise<{ removedPhotos: string[] }> {
  return db.transaction(async (tx) => {
    const review = await lockEditableReview(tx, input.userId, input.reviewId, input.now ?? new Date());
    await deleteReview(tx, review.id);
    await recomputeRatings(tx, review);
    return { removedPhotos: review.photos };
  });
}

/**
 * POST vendor/reviews/{id}/reply: the shop's one reply (409 `review_already_replied` for a second),
 * and a mail to the author. Another shop's review is 404.
 */
export async function replyToReview(
  db: DbOrTx,
  input: { shopId: number; reviewId: number; body: string; publicUrl: string },
): Promise<{ mailIds: number[] }> {
  const replied = await db.transaction(async (tx) => {
    const review = await lockReview(tx, input.reviewId, { shopId: input.shopId });
    if (!review) throw reviewMissing();
    if (!(await setReviewReply(tx, review.id, input.body))) {
      throw conflict('This review has a reply already.', {}, 'review_already_replied');
    }
    const facts = await reviewMailFacts(tx, review.id);
    if (!facts) return { productId: review.productId, mailIds: [] };
    const mail = reviewReplyMail(input.publicUrl, facts, { ...facts, reply: input.body });
    return { productId: review.productId, mailIds: [await enqueueMail(tx, mail)] };
  });
  // The product's reviews show the reply: cached reads of them go, once it is committed.
  productReadsChanged(replied.productId);
  return { mailIds: replied.mailIds };
}

/**
 * POST admin/reviews/{id}/hide (with a reason, mailed to the author) and /show: a hidden review
 * leaves the product's and the shop's ratings and every public list.
 */
export async function setReviewVisibility(
  db: DbOrTx,
  input: { reviewId: number; hide: { reason: string } | null },
): Promise<{ mailIds: number[] }> {
  return db.transaction(async (tx) => {
    const review = await lockReview(tx, input.reviewId);
    if (!review) throw reviewMissing();
    await lockShopReviews(tx, review.shopId);
    await setReviewHidden(tx, review.id, input.hide?.reason ?? null);
    await recomputeRatings(tx, review);
    // The author is told when it is hidden (again with a new reason too), not when it shows again.
    if (!input.hide) return { mailIds: [] };
    const facts = await reviewMailFacts(tx, review.id);
    if (!facts) return { mailIds: [] };
    return { mailIds: [await enqueueMail(tx, reviewHiddenMail(facts, { ...facts, reason: input.hide.reason }))] };
  });
}
