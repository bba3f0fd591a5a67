/**
 * The reviews module's public surface (decision 044): reviews and the ratings computed from them,
 * favourites, and the review prompt mails, for the write-review and review-prompt workflows.
 */
export { dropFavourite, type FavouriteTarget, favouriteIds, keepFavourite } from './favourites';
export {
  checkReviewMailUnsubscribeToken,
  claimDueReviewPrompts,
  markReviewPromptSent,
  optOutOfReviewMails,
  reviewMailUnsubscribeToken,
  scheduleReviewPrompt,
} from './review-prompts';
export {
  deleteReview,
  insertReview,
  type LockedReview,
  lockReview,
  lockShopReviews,
  type NewReview,
  productRatingOf,
  setReviewHidden,
  setReviewReply,
  shopRatingOf,
  updateReview,
} from './reviews.commands';
export { type ReviewPromptFacts, reviewHiddenMail, reviewPromptMail, reviewReplyMail } from './reviews.mails';
export {
  findManagedReview,
  findOwnReview,
  listManagedReviews,
  listOwnReviews,
  listProductReviews,
  type ManagedReviewQuery,
  reviewedOrderItems,
  reviewMailFacts,
} from './reviews.service';
export { reviewsFileReferences } from './stored-files';
