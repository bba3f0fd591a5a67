/**
 * Reviews and ratings (api-contract.md: "Reviews and favourites"; docs/decisions/044): a customer
 * reviews a product once per delivered order line, the shop replies once, the admin may hide a
 * review with a reason. The wire shapes of every audience and the pure rules they share.
 */
import { z } from 'zod';
import { imageRefSchema } from './catalog-schemas';
import { idSchema, wholeNumberOrDigits } from './ids';
import { manageListQuerySchema } from './vendor-schemas';

// ---- Rules ---------------------------------------------------------------------------------

export const REVIEW_BODY_MAX = 2000;
export const REVIEW_REPLY_MAX = 1000;
export const REVIEW_HIDE_REASON_MAX = 500;
export const REVIEW_PHOTOS_MAX = 3;
/** A review may be edited or deleted by its author for this many days after it was written. */
export const REVIEW_EDIT_DAYS = 30;
export const REVIEWS_PER_PAGE = 10;
/** The review prompt mail goes this many days after the order became delivered. */
export const REVIEW_PROMPT_DELAY_DAYS = 2;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Until when the author may still edit or delete a review written at `createdAt`. */
export function reviewEditableUntil(createdAt: Date): Date {
  return new Date(createdAt.getTime() + REVIEW_EDIT_DAYS * DAY_MS);
}

// ---- Shapes --------------------------------------------------------------------------------

export const reviewStarsSchema = wholeNumberOrDigits(
  z
    .number({ error: 'Choose from 1 to 5 stars.' })
    .int('Choose from 1 to 5 stars.')
    .min(1, 'Choose from 1 to 5 stars.')
    .max(5, 'Choose from 1 to 5 stars.'),
);

/** The shop's one reply under a review. */
export const reviewReplySchema = z.object({ body: z.string(), created_at: z.string() });

/**
 * A review as shoppers see it (`GET products/{id}/reviews`). Every review is from a delivered
 * order line, so each is a verified purchase; `author` is the first name and initial only.
 */
export const reviewSchema = z.object({
  id: z.number().int(),
  rating: z.number().int(),
  body: z.string(),
  photos: z.array(imageRefSchema),
  author: z.string(),
  /** Always true: a review can only be written from a delivered order line. */
  verified_purchase: z.literal(true),
  /** The variation bought ("Sourdough loaf - Large"). */
  variation: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  reply: reviewReplySchema.nullable(),
});
export type Review = z.infer<typeof reviewSchema>;

export const reviewSortValues = ['newest', 'highest', 'lowest'] as const;
export type ReviewSort = (typeof reviewSortValues)[number];

/** GET products/{id}/reviews?page&sort. */
export const reviewListQuerySchema = z.object({
  page: wholeNumberOrDigits(z.number().int().min(1).max(100_000)).optional(),
  sort: z.enum(reviewSortValues, { error: `Must be one of: ${reviewSortValues.join(', ')}.` }).optional(),
});

/** Where a review's product lives on the storefront (its page's three slugs). */
export const reviewProductSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  shop_slug: z.string(),
  variation_slug: z.string().nullable(),
});

/** One of the signed-in customer's own reviews (`GET user/reviews`, the reply of a write). */
export const ownReviewSchema = reviewSchema.extend({
  order_id: z.number().int(),
  order_item_id: z.number().int(),
  product: reviewProductSchema,
  /** Until when it may be edited or deleted. */
  editable_until: z.string(),
  /** Set when the platform hid it (it then counts for no rating and shows nowhere but here). */
  hidden_reason: z.string().nullable(),
});
export type OwnReview = z.infer<typeof ownReviewSchema>;

/** GET user/reviews?order_id&page. */
export const ownReviewListQuerySchema = z.object({
  order_id: idSchema.optional(),
  page: wholeNumberOrDigits(z.number().int().min(1).max(100_000)).optional(),
});

const reviewBodySchema = z
  .string({ error: 'Write a few words, or leave it empty.' })
  .trim()
  .max(REVIEW_BODY_MAX, `A review is at most ${REVIEW_BODY_MAX.toLocaleString('en-GB')} characters.`);

/** POST user/reviews: JSON, or multipart/form-data with up to three `photos`. */
export const reviewCreateSchema = z.object({
  order_item_id: idSchema,
  rating: reviewStarsSchema,
  body: reviewBodySchema.optional().default(''),
});
export type ReviewCreate = z.input<typeof reviewCreateSchema>;

/**
 * PUT user/reviews/{id}: what is sent changes, what is not keeps its value (stars, text; an empty
 * `body` clears the text). Photos: `keep_photos` names the current photo URLs to keep (all kept
 * when it is absent); multipart `photos` add new ones (three at most in all).
 */
export const reviewUpdateSchema = z.object({
  rating: reviewStarsSchema.optional(),
  body: reviewBodySchema.optional(),
  keep_photos: z.array(z.string().max(300)).max(REVIEW_PHOTOS_MAX).optional(),
});
export type ReviewUpdate = z.input<typeof reviewUpdateSchema>;

/** POST vendor/reviews/{id}/reply. */
export const reviewReplyInputSchema = z.object({
  body: z
    .string()
    .trim()
    .min(1, 'Write your reply.')
    .max(REVIEW_REPLY_MAX, `A reply is at most ${REVIEW_REPLY_MAX.toLocaleString('en-GB')} characters.`),
});

/** POST admin/reviews/{id}/hide: the reason is mailed to the author. */
export const reviewHideInputSchema = z.object({
  reason: z
    .string()
    .trim()
    .min(3, 'Say why the review is hidden: the author is told.')
    .max(REVIEW_HIDE_REASON_MAX, `A reason is at most ${REVIEW_HIDE_REASON_MAX} characters.`),
});

/** A review as the merchant and the platform see it. */
export const managedReviewSchema = reviewSchema.extend({
  product: reviewProductSchema,
  shop: z.object({ id: z.number().int(), name: z.string(), slug: z.string() }),
  order_id: z.number().int(),
  hidden_reason: z.string().nullable(),
  hidden_at: z.string().nullable(),
});
export type ManagedReview = z.infer<typeof managedReviewSchema>;

const zeroOrOne = z.enum(['0', '1'], { error: 'Must be 0 or 1.' });

/**
 * GET vendor/reviews and GET admin/reviews: `rating` (1-5 stars), `replied` (0: awaiting the
 * shop's reply, 1: replied), `hidden` (0/1), `search` (product or text), newest first; the admin
 * may add `shop` (a shop id).
 */
export const managedReviewListQuerySchema = manageListQuerySchema(['created_at', 'rating'] as const).extend({
  rating: reviewStarsSchema.optional(),
  replied: zeroOrOne.optional(),
  hidden: zeroOrOne.optional(),
  shop: idSchema.optional(),
});

// ---- Review prompts ------------------------------------------------------------------------

/** POST review-mails/unsubscribe: the signed token of the prompt mail's link (no sign-in needed). */
export const reviewMailUnsubscribeSchema = z.object({ token: z.string().trim().min(10).max(300) });
