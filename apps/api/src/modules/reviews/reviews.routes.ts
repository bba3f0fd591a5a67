import multipart from '@fastify/multipart';
import { emptyPayloadSchema, type FieldErrors, paginated, successEnvelope } from '@parade/core/envelope';
import {
  buyAgainMessage,
  buyAgainSchema,
  favouriteFieldsSchema,
  favouriteInputSchema,
  favouritesSchema,
  planBuyAgain,
} from '@parade/core/favourite-schemas';
import { idParamsSchema } from '@parade/core/ids';
import { messages } from '@parade/core/messages';
import {
  ownReviewListQuerySchema,
  ownReviewSchema,
  REVIEW_PHOTOS_MAX,
  reviewCreateSchema,
  reviewListQuerySchema,
  reviewMailUnsubscribeSchema,
  reviewSchema,
  reviewUpdateSchema,
} from '@parade/core/review-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { failureResponses, ok } from '../../lib/envelope';
import { AppError, invalidField, notFound } from '../../lib/errors';
import { cleanUpload, imageBytes, imageInvalidOn, imageRules } from '../../lib/image-upload';
import { IMAGE_MAX_BYTES, removeImages, saveImage } from '../../lib/images';
import { formParts } from '../../lib/multipart';
import { requireUser } from '../../plugins/auth';
import { fileField, withFiles } from '../../plugins/openapi';
import { createReview, editReview, removeReview } from '../../workflows/write-review';
import { cartVariations, countListableProducts, listedCardsByIds, productShopId } from '../catalog';
import { loadDownloadLinkSecret } from '../downloads';
import { customerOrderLines } from '../orders';
import { openShopCards, shopNames } from '../shops';
import { dropFavourite, type FavouriteTarget, favouriteIds, keepFavourite } from './favourites';
import { checkReviewMailUnsubscribeToken, optOutOfReviewMails } from './review-prompts';
import { findOwnReview, listOwnReviews, listProductReviews } from './reviews.service';

/** Where review photos are stored under uploads/ (served at /uploads/reviews/). */
const PHOTO_FOLDER = 'reviews';

const photoRefusal = imageInvalidOn('photos', {
  subject: 'Each photo',
  notImage: 'Each photo must be a PNG, JPEG, WebP or GIF picture.',
});

/** A form's fields and its photos, from JSON or multipart/form-data (`photos`, repeated). */
async function readReviewForm(request: Parameters<typeof formParts>[0]): Promise<{
  fields: Record<string, unknown>;
  photos: Buffer[];
}> {
  const fields: Record<string, unknown> = {};
  const photos: Buffer[] = [];
  if (request.isMultipart()) {
    const keep: string[] = [];
    for await (const part of formParts(request)) {
      if (part.type === 'file') {
        if (part.fieldname !== 'photos') {
          part.file.resume();
          continue;
        }
        const bytes = await imageBytes(part, photoRefusal);
        // An empty file input (nothing chosen) is not a photo.
        if (bytes.length > 0) photos.push(bytes);
      } else if (part.fieldname === 'keep_photos') {
        keep.push(String(part.value));
      } else {
        fields[part.fieldname] = String(part.value);
      }
    }
    if (keep.length > 0) fields.keep_photos = keep;
  } else if (request.body && typeof request.body === 'object') {
    Object.assign(fields, request.body);
  }
  return { fields, photos };
}

/** A zod failure in the envelope: 422 with the messages by field. */
function refusal(error: z.ZodError): AppError {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.join('.') || 'body';
    errors[key] = [...(errors[key] ?? []), issue.message];
  }
  return new AppError(422, messages.validationFailed, errors, 'validation_failed');
}

/**
 * Shoppers' reviews and favourites (decision 044): a product's reviews (public), the customer's
 * own reviews (write, edit, delete within 30 days), favourites, buying a past order again, and
 * the review prompts' unsubscribe link (no sign-in: the link is signed).
 */
export const reviewsRoutes: FastifyPluginAsyncZod = async (app) => {
  // Multipart in this scope only (review photos); the limits stop a large file as it streams in.
  await app.register(multipart, {
    limits: { fileSize: IMAGE_MAX_BYTES, files: REVIEW_PHOTOS_MAX, fields: 12, fieldSize: 16 * 1024, parts: 16 },
  });
  const security = [{ bearer: [] }];

  /** Checks, re-encodes and stores photos; removes what it stored if one fails. */
  async function storePhotos(userId: number, photos: Buffer[]): Promise<string[]> {
    if (photos.length > REVIEW_PHOTOS_MAX) {
      throw invalidField('photos', `A review has at most ${REVIEW_PHOTOS_MAX} photos.`, 'image_invalid');
    }
    const cleaned = [];
    for (const bytes of photos) cleaned.push(await cleanUpload(bytes, photoRefusal));
    const urls: string[] = [];
    try {
      for (const image of cleaned) urls.push(await saveImage(app.storage, PHOTO_FOLDER, `${userId}`, image));
    } catch (error) {
      await removeImages(app.storage, urls);
      throw error;
    }
    return urls;
  }

  app.get(
    '/products/:id/reviews',
    {
      config: { publicCache: true },
      schema: {
        tags: ['reviews'],
        summary: "A product's visible reviews, newest (default), highest or lowest first, 10 a page",
        description:
          "Every review is from a delivered order line (`verified_purchase` is always true), with the shop's reply when it has one. Hidden reviews are not listed. The rating and its histogram are on the product page (`GET product/{vendor}/{product}/{variation}` → `rating`). 404 `product_not_found` for no such product.",
        params: idParamsSchema,
        querystring: reviewListQuerySchema,
        response: { 200: successEnvelope(paginated(reviewSchema)), ...failureResponses },
      },
    },
    async (request) => {
      const productId = Number(request.params.id);
      if ((await productShopId(app.db, productId)) === null) throw notFound('Product not found', 'product_not_found');
      const { page, sort } = request.query;
      return ok(await listProductReviews(app.db, productId, { page: Number(page ?? 1), sort: sort ?? 'newest' }));
    },
  );

  app.get(
    '/user/reviews',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['reviews'],
        security,
        summary: 'My reviews, newest first (10 a page; all of one order with `order_id`), hidden ones with the reason',
        querystring: ownReviewListQuerySchema,
        response: { 200: successEnvelope(paginated(ownReviewSchema)), ...failureResponses },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      const { page, order_id } = request.query;
      return ok(
        await listOwnReviews(app.db, user.id, {
          page: Number(page ?? 1),
          orderId: order_id === undefined ? undefined : Number(order_id),
        }),
      );
    },
  );

  app.post(
    '/user/reviews',
    {
      onRequest: app.authenticate,
      config: {
        documentedBody: withFiles(reviewCreateSchema, {
          photos: z.array(fileField('A photo (multipart only)')).max(REVIEW_PHOTOS_MAX).optional(),
        }),
      },
      schema: {
        tags: ['reviews'],
        security,
        summary:
          'Review a line of one of my delivered orders (once per line): JSON, or multipart/form-data with photos',
        description: [
          'Fields: `order_item_id`, `rating` (1 to 5 stars), `body` (optional, at most 2,000 characters) and, multipart',
          `only, up to ${REVIEW_PHOTOS_MAX} \`photos\` (${imageRules()}; else 422 \`image_invalid\` on \`photos\`).`,
          "Refusals: 404 `order_item_not_found` (no such line, or another customer's); 422 `review_not_delivered`",
          '(`errors.order_item_id`) before the order is delivered; 409 `review_exists` for a second review of the line.',
          "The product's and the shop's ratings include it at once. Answers the review (201).",
        ].join(' '),
        consumes: ['application/json', 'multipart/form-data'],
        response: { 201: successEnvelope(ownReviewSchema), ...failureResponses },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request);
      const form = await readReviewForm(request);
      const parsed = reviewCreateSchema.safeParse(form.fields);
      if (!parsed.success) throw refusal(parsed.error);
      const photos = await storePhotos(user.id, form.photos);
      let reviewId: number;
      try {
        ({ reviewId } = await createReview(app.db, { userId: user.id, body: parsed.data, photos }));
      } catch (error) {
        await removeImages(app.storage, photos);
        throw error;
      }
      const review = await findOwnReview(app.db, user.id, reviewId);
      if (!review) throw new Error(`review ${reviewId} vanished`);
      return reply.code(201).send(ok(review, 'Thank you: your review is published.'));
    },
  );

  app.put(
    '/user/reviews/:id',
    {
      onRequest: app.authenticate,
      config: {
        documentedBody: withFiles(reviewUpdateSchema, {
          photos: z.array(fileField('A new photo (multipart only)')).max(REVIEW_PHOTOS_MAX).optional(),
        }),
      },
      schema: {
        tags: ['reviews'],
        security,
        summary: 'Edit my review within 30 days of writing it: stars, text and photos',
        description: [
          '`rating` and `body` as when writing; each keeps its value when not sent (an empty `body` clears the text).',
          'Photos: `keep_photos` lists the current photo URLs to keep (all are kept',
          `when it is absent); multipart \`photos\` add new ones, ${REVIEW_PHOTOS_MAX} in all. 404 \`review_not_found\``,
          "(none, or another's); 409 `review_edit_closed` after 30 days.",
        ].join(' '),
        params: idParamsSchema,
        consumes: ['application/json', 'multipart/form-data'],
        response: { 200: successEnvelope(ownReviewSchema), ...failureResponses },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      const reviewId = Number(request.params.id);
      const form = await readReviewForm(request);
      const parsed = reviewUpdateSchema.safeParse(form.fields);
      if (!parsed.success) throw refusal(parsed.error);
      const added = await storePhotos(user.id, form.photos);
      try {
        const { removedPhotos } = await editReview(app.db, {
          userId: user.id,
          reviewId,
          rating: parsed.data.rating === undefined ? undefined : Number(parsed.data.rating),
          body: parsed.data.body,
          keepPhotos: parsed.data.keep_photos,
          addedPhotos: added,
        });
        await removeImages(app.storage, removedPhotos);
      } catch (error) {
        await removeImages(app.storage, added);
        throw error;
      }
      const review = await findOwnReview(app.db, user.id, reviewId);
      if (!review) throw notFound('Review not found.', 'review_not_found');
      return ok(review, 'Your review is updated.');
    },
  );

  app.delete(
    '/user/reviews/:id',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['reviews'],
        security,
        summary: 'Delete my review within 30 days of writing it (the line may then be reviewed again)',
        params: idParamsSchema,
        response: { 200: successEnvelope(emptyPayloadSchema), ...failureResponses },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      const { removedPhotos } = await removeReview(app.db, { userId: user.id, reviewId: Number(request.params.id) });
      await removeImages(app.storage, removedPhotos);
      return ok({}, 'Your review is deleted.');
    },
  );

  // ---- Favourites ------------------------------------------------------------------------------

  async function favouritesOf(userId: number) {
    const ids = await favouriteIds(app.db, userId);
    const [products, shops] = await Promise.all([
      listedCardsByIds(app.db, ids.productIds),
      openShopCards(app.db, ids.shopIds),
    ]);
    const counts = await countListableProducts(
      app.db,
      shops.map((shop) => shop.id),
    );
    return {
      products,
      shops: shops.map((shop) => ({ ...shop, product_count: counts.get(shop.id) ?? 0 })),
      product_ids: ids.productIds,
      shop_ids: ids.shopIds,
    };
  }

  /** The request's target, checked to exist: 404 `product_not_found` / `shop_not_found`. */
  async function favouriteTarget(input: z.output<typeof favouriteInputSchema>): Promise<FavouriteTarget> {
    if (input.product_id !== undefined) {
      const productId = Number(input.product_id);
      if ((await productShopId(app.db, productId)) === null) throw notFound('Product not found', 'product_not_found');
      return { productId };
    }
    const shopId = Number(input.shop_id);
    if (!(await shopNames(app.db, [shopId])).has(shopId)) throw notFound('Shop not found', 'shop_not_found');
    return { shopId };
  }

  const favouritesReply = { 200: successEnvelope(favouritesSchema), ...failureResponses };

  app.get(
    '/user/favourites',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['favourites'],
        security,
        summary:
          'My favourite products (still listed, as cards) and shops (open), newest kept first, with every kept id',
        response: favouritesReply,
      },
    },
    async (request) => ok(await favouritesOf((await requireUser(request)).id)),
  );

  app.post(
    '/user/favourites',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['favourites'],
        security,
        summary: 'Keep a product (`product_id`) or a shop (`shop_id`) as a favourite; keeping it again changes nothing',
        description: '404 `product_not_found` / `shop_not_found` for none. Answers every favourite.',
        body: favouriteInputSchema,
        response: favouritesReply,
      },
    },
    async (request) => {
      const user = await requireUser(request);
      await keepFavourite(app.db, user.id, await favouriteTarget(request.body));
      return ok(await favouritesOf(user.id), 'Saved to your favourites.');
    },
  );

  app.delete(
    '/user/favourites',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['favourites'],
        security,
        summary: 'Let go of a favourite product or shop (JSON body or query: `product_id` or `shop_id`); idempotent',
        querystring: favouriteFieldsSchema,
        body: favouriteFieldsSchema.nullish(),
        response: favouritesReply,
      },
    },
    async (request) => {
      const user = await requireUser(request);
      const given = request.body && Object.keys(request.body).length > 0 ? request.body : request.query;
      const parsed = favouriteInputSchema.safeParse(given);
      if (!parsed.success) throw refusal(parsed.error);
      const target: FavouriteTarget =
        parsed.data.product_id !== undefined
          ? { productId: Number(parsed.data.product_id) }
          : { shopId: Number(parsed.data.shop_id) };
      await dropFavourite(app.db, user.id, target);
      return ok(await favouritesOf(user.id), 'Removed from your favourites.');
    },
  );

  // ---- Buy again -------------------------------------------------------------------------------

  app.post(
    '/user/order/:id/buy-again',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['orders'],
        security,
        summary: "One of my orders' lines as cart lines at today's prices, with what could not be added as ordered",
        description: [
          'Nothing is stored: the storefront adds `lines` to its cart. A line whose product is no longer sold',
          '(`unavailable`), whose shop is on holiday (`shop_on_holiday`) or that is out of stock (`out_of_stock`) is',
          'left out; one with less stock than ordered is added with what is left (`short`). Each is named in',
          "`skipped` and in `message`. 404 `order_not_found` for another customer's order.",
        ].join(' '),
        params: idParamsSchema,
        response: { 200: successEnvelope(buyAgainSchema), ...failureResponses },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      const order = await customerOrderLines(app.db, Number(request.params.id), user.id);
      if (!order) throw notFound('Order not found.', 'order_not_found');
      const today = await cartVariations(
        app.db,
        order.lines.flatMap((line) => (line.variationId === null ? [] : [line.variationId])),
      );
      const plan = planBuyAgain(order.lines, today);
      const message = buyAgainMessage(plan.skipped);
      return ok({ ...plan, message }, message ?? 'Every item is back in your cart.');
    },
  );

  // ---- Review prompts' unsubscribe ---------------------------------------------------------------

  const oneClickUnsubscribe: FastifyPluginAsyncZod = async (scope) => {
    // RFC 8058: a mail app's one-click unsubscribe POSTs `List-Unsubscribe=One-Click` as a form,
    // so this route, and no other, takes a form body.
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    });
    scope.post(
      '/review-mails/unsubscribe',
      {
        config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
        schema: {
          tags: ['reviews'],
          summary:
            "Stop the review request mails: the signed token of the mail's link, no sign-in (RFC 8058 one-click too)",
          description:
            "The token comes in the JSON body, or in the query as the mail's `List-Unsubscribe` header gives it (a mail app POSTs `List-Unsubscribe=One-Click` to it). 422 `review_mail_link_invalid` for a token we did not make. Saying it twice changes nothing.",
          querystring: reviewMailUnsubscribeSchema.partial(),
          body: reviewMailUnsubscribeSchema.partial().nullish(),
          response: { 200: successEnvelope(emptyPayloadSchema), ...failureResponses },
        },
      },
      async (request) => {
        const token = request.body?.token ?? request.query.token ?? '';
        const userId = checkReviewMailUnsubscribeToken(await loadDownloadLinkSecret(app.config), token);
        if (userId === null) {
          throw invalidField('token', 'This unsubscribe link is not valid.', 'review_mail_link_invalid');
        }
        await optOutOfReviewMails(app.db, userId);
        return ok({}, 'You will get no more review requests by e-mail.');
      },
    );
  };
  await app.register(oneClickUnsubscribe);
};
