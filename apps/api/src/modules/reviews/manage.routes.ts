import { paginated, successEnvelope } from '@parade/core/envelope';
import { idParamsSchema } from '@parade/core/ids';
import {
  managedReviewListQuerySchema,
  managedReviewSchema,
  reviewHideInputSchema,
  reviewReplyInputSchema,
} from '@parade/core/review-schemas';
import { manageListArgs } from '@parade/core/vendor-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { failureResponses, ok } from '../../lib/envelope';
import { notFound } from '../../lib/errors';
import { vendorShopId } from '../../plugins/role-guards';
import { replyToReview, setReviewVisibility } from '../../workflows/write-review';
import { findManagedReview, listManagedReviews, type ManagedReviewQuery } from './reviews.service';

const reviewMissing = () => notFound('Review not found.', 'review_not_found');

/** The list filters of both audiences, as the service takes them. */
function listQuery(query: z.output<typeof managedReviewListQuerySchema>): Omit<ManagedReviewQuery, 'shopId'> {
  const args = manageListArgs(query);
  return {
    page: args.page,
    perPage: args.perPage,
    search: args.search,
    sort: args.sort as ManagedReviewQuery['sort'],
    rating: query.rating === undefined ? undefined : Number(query.rating),
    replied: query.replied === undefined ? undefined : query.replied === '1',
    hidden: query.hidden === undefined ? undefined : query.hidden === '1',
  };
}

/**
 * Reviews on the merchant site (decision 044): the shop's own (`/api/vendor/reviews`, the shop
 * from the token; another shop's is 404) with its one reply, and every shop's for the platform
 * (`/api/admin/reviews`), which may hide one with a reason (mailed to the author) or show it again.
 */
export const reviewsManageRoutes: FastifyPluginAsyncZod = async (app) => {
  const security = [{ bearer: [] }];
  const reviewReply = { 200: successEnvelope(managedReviewSchema), ...failureResponses };
  const listReply = { 200: successEnvelope(paginated(managedReviewSchema)), ...failureResponses };

  app.get(
    '/vendor/reviews',
    {
      schema: {
        tags: ['vendor'],
        security,
        summary:
          "Reviews of the shop's products: filter by stars, replied or not, hidden or not; search product, text or author",
        description:
          'Newest first by default (`sort`: created_at, rating, with `-` for descending). Hidden reviews show with the reason.',
        querystring: managedReviewListQuerySchema.omit({ shop: true }),
        response: listReply,
      },
    },
    async (request) =>
      ok(await listManagedReviews(app.db, { ...listQuery(request.query), shopId: vendorShopId(request) })),
  );

  app.post(
    '/vendor/reviews/:id/reply',
    {
      schema: {
        tags: ['vendor'],
        security,
        summary: "Reply to a review of the shop's product, once (shown under it; the author is mailed)",
        description:
          "404 `review_not_found` (none, or another shop's); 409 `review_already_replied` for a second reply.",
        params: idParamsSchema,
        body: reviewReplyInputSchema,
        response: reviewReply,
      },
    },
    async (request) => {
      const shopId = vendorShopId(request);
      const reviewId = Number(request.params.id);
      const { mailIds } = await replyToReview(app.db, {
        shopId,
        reviewId,
        body: request.body.body,
        publicUrl: app.config.publicUrl,
      });
      app.mailer.deliverLater(mailIds);
      const review = await findManagedReview(app.db, reviewId, shopId);
      if (!review) throw reviewMissing();
      return ok(review, 'Your reply is published under the review.');
    },
  );

  app.get(
    '/admin/reviews',
    {
      schema: {
        tags: ['admin'],
        security,
        summary: 'Every review: filter by shop, stars, replied, hidden; search product, text or author',
        querystring: managedReviewListQuerySchema,
        response: listReply,
      },
    },
    async (request) => {
      const { shop } = request.query;
      return ok(
        await listManagedReviews(app.db, {
          ...listQuery(request.query),
          shopId: shop === undefined ? undefined : Number(shop),
        }),
      );
    },
  );

  app.post(
    '/admin/reviews/:id/hide',
    {
      schema: {
        tags: ['admin'],
        security,
        summary:
          'Hide a review with a reason: it leaves the product page and the ratings, and its author is mailed the reason',
        params: idParamsSchema,
        body: reviewHideInputSchema,
        response: reviewReply,
      },
    },
    async (request) => {
      const reviewId = Number(request.params.id);
      const { mailIds } = await setReviewVisibility(app.db, { reviewId, hide: { reason: request.body.reason } });
      app.mailer.deliverLater(mailIds);
      const review = await findManagedReview(app.db, reviewId);
      if (!review) throw reviewMissing();
      return ok(review, 'The review is hidden and its author told why.');
    },
  );

  app.post(
    '/admin/reviews/:id/show',
    {
      schema: {
        tags: ['admin'],
        security,
        summary: 'Show a hidden review again (it counts for the ratings again)',
        params: idParamsSchema,
        response: reviewReply,
      },
    },
    async (request) => {
      const reviewId = Number(request.params.id);
      await setReviewVisibility(app.db, { reviewId, hide: null });
      const review = await findManagedReview(app.db, reviewId);
      if (!review) throw reviewMissing();
      return ok(review, 'The review shows again.');
    },
  );
};
