import multipart from '@fastify/multipart';
import { emptyPayloadSchema, type FieldErrors, successEnvelope } from '@parade/core/envelope';
import { idParamsSchema } from '@parade/core/ids';
import { messages } from '@parade/core/messages';
import {
  confirmClaimBodySchema,
  markClaimUsedBodySchema,
  OFFER_IMAGE_FIELD,
  OFFER_IMAGE_MAX_BYTES,
  offerFormToInput,
  offerListSchema,
  offerPayloadSchema,
  offerStatsSchema,
  offerTogglePayloadSchema,
  vendorCancelClaimBodySchema,
  vendorClaimListQuerySchema,
  vendorClaimListSchema,
  vendorClaimPayloadSchema,
  vendorOfferCreateSchema,
  vendorOfferListQuerySchema,
  vendorOfferStatsSchema,
  vendorOfferUpdateSchema,
} from '@parade/core/offer-schemas';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { failureResponses, ok } from '../../lib/envelope';
import { AppError } from '../../lib/errors';
import { cleanUpload, imageBytes, imageInvalidOn } from '../../lib/image-upload';
import { removeImages, saveImage } from '../../lib/images';
import { formParts } from '../../lib/multipart';
import { isOwnPicture } from '../../lib/own-pictures';
import { fileField, withFiles } from '../../plugins/openapi';
import { vendorShopId } from '../../plugins/role-guards';
import { confirmClaim, markClaimUsed, vendorCancelClaim } from '../../workflows/change-claim-status';
import { claimMissing, findVendorClaim, listVendorClaims } from './claims.service';
import {
  createOffer,
  deleteOffer,
  findVendorOffer,
  listVendorOffers,
  offerMissing,
  offerStats,
  toggleOffer,
  updateOffer,
  vendorStats,
} from './offers.service';

const tags = ['vendor-offers'];
const security = [{ bearer: [] }];
/** Where offer pictures are stored under uploads/ of the object store (served at /uploads/offers/). */
const IMAGE_FOLDER = 'offers';

const pictureRefusal = imageInvalidOn(OFFER_IMAGE_FIELD, {
  subject: 'The picture',
  maxBytes: OFFER_IMAGE_MAX_BYTES,
  notImage: 'The picture must be a PNG, JPEG, WebP or GIF image.',
});
const imageInvalid = (message: string) => pictureRefusal.invalid(message, 'not_image');

function validationFailed(issues: z.core.$ZodIssue[]): AppError {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const key = issue.path.join('.') || 'body';
    errors[key] = [...(errors[key] ?? []), issue.message];
  }
  return new AppError(422, messages.validationFailed, errors, 'validation_failed');
}

/**
 * Reads an offer write as JSON or as multipart/form-data (text fields plus the picture in the
 * file field `image`). The picture is checked by its content (PNG, JPEG, WebP or GIF, at most 5
 * MB and IMAGE_MAX_PIXELS) before anything is stored. A JSON `image` may only clear the
 * picture (null) or keep one already under /uploads/: a vendor cannot point an offer at an
 * outside address (and checkImageRef keeps it to the shop's own pictures).
 */
async function readOfferWrite(
  request: FastifyRequest,
): Promise<{ fields: Record<string, unknown>; image: Buffer | null }> {
  let fields: Record<string, unknown> = {};
  let image: Buffer | null = null;
  if (request.isMultipart()) {
    const text: Record<string, string> = {};
    for await (const part of formParts(request)) {
      if (part.type === 'file') {
        if (part.fieldname !== OFFER_IMAGE_FIELD) {
          part.file.resume();
          continue;
        }
        image = await imageBytes(part, pictureRefusal);
      } else {
        text[part.fieldname] = String(part.value);
      }
    }
    // A file input sends no text `image`; an empty file (none chosen) is not an upload.
    delete text.image;
    fields = offerFormToInput(text);
    if (image && image.length === 0) image = null;
  } else if (request.body && typeof request.body === 'object') {
    fields = { ...(request.body as Record<string, unknown>) };
    const url = fields.image;
    if (typeof url === 'string' && !/^\/uploads\/[\w-]+\/[\w.-]+$/.test(url.trim())) {
      throw imageInvalid('Upload the picture as the `image` file; a link to elsewhere is not accepted.');
    }
  }
  return { fields, image };
}

/** Checks and stores an uploaded picture; answers its URL under /uploads/offers/. */
async function storeImage(app: FastifyInstance, shopId: number, bytes: Buffer): Promise<string> {
  return saveImage(app.storage, IMAGE_FOLDER, `shop${shopId}`, await cleanUpload(bytes, pictureRefusal));
}

/** The start of every picture this shop uploaded for its offers (storeImage names them `shop{id}-...`). */
const ownImagePrefix = (shopId: number) => `/uploads/${IMAGE_FOLDER}/shop${shopId}-`;

/**
 * A picture named in JSON must be the shop's own: one it uploaded for its offers, or the one the
 * offer already shows (sent back as it is). Another shop's picture is refused: its URL is public,
 * and re-picturing or deleting the offer would then delete the other shop's file.
 */
function checkImageRef(image: string | null | undefined, shopId: number, current: string | null = null): void {
  if (typeof image !== 'string' || isOwnPicture(image, [ownImagePrefix(shopId)], [current])) return;
  throw imageInvalid('Choose a picture of your own: upload it as the `image` file.');
}

const offerBodyDoc = [
  'JSON, or multipart/form-data with the same fields as text (numbers as digits, booleans `true`/`false`,',
  'an empty `max_claims`/`terms` clears them) and the picture in the file field `image` (PNG, JPEG, WebP or GIF',
  'by content, at most 5 MB, else 422 `image_invalid`). In JSON, `image` may be null (remove the picture) or one of',
  "the shop's own offer pictures; another shop's picture is 422 `image_invalid`.",
  '`discount_type` percent (value 1-100) or fixed (pence); `ends_at` after `starts_at`; bad input 422 `validation_failed`.',
].join(' ');

/**
 * The merchant's offer and claim calls (`/api/vendor-offers/vendor/offers...` and
 * `vendor/claims...`; register with the `/vendor-offers` prefix). The role guard protects them
 * as it does `/api/vendor/` (plugins/role-guards.ts) and sets the caller's shop: another shop's
 * offer or claim answers 404 exactly as a missing one.
 */
export const vendorOffersRoutes: FastifyPluginAsyncZod = async (app) => {
  // Multipart in this scope only (the offer picture); the limits stop a large file as it streams in.
  await app.register(multipart, {
    limits: { fileSize: OFFER_IMAGE_MAX_BYTES, files: 1, fields: 20, fieldSize: 16 * 1024, parts: 22 },
  });
  const offerReply = { 200: successEnvelope(offerPayloadSchema), ...failureResponses };
  const claimReply = { 200: successEnvelope(vendorClaimPayloadSchema), ...failureResponses };

  const claimPayload = async (shopId: number, claimId: number) => {
    const claim = await findVendorClaim(app.db, shopId, claimId);
    if (!claim) throw claimMissing();
    return { claim };
  };

  // ---- Offers ----

  app.get(
    '/vendor/offers',
    {
      schema: {
        tags,
        security,
        summary: "The shop's offers, any state, newest first, 15 a page: `{offers, pagination}`",
        description:
          '`status` is one state: `active` (claimable), `upcoming`, `ended`, `full` or `inactive` (switched off); `search` matches the title and description.',
        querystring: vendorOfferListQuerySchema,
        response: { 200: successEnvelope(offerListSchema), ...failureResponses },
      },
    },
    async (request) => {
      const { status, featured, search, page } = request.query;
      return ok(
        await listVendorOffers(app.db, vendorShopId(request), {
          status,
          featured,
          search: search || undefined,
          page: page ?? 1,
        }),
      );
    },
  );

  app.get(
    '/vendor/offers/:id',
    {
      schema: {
        tags,
        security,
        summary: 'One offer of the shop, any state: `{offer}`',
        params: idParamsSchema,
        response: offerReply,
      },
    },
    async (request) => {
      const offer = await findVendorOffer(app.db, vendorShopId(request), request.params.id);
      if (!offer) throw offerMissing();
      return ok({ offer });
    },
  );

  app.post(
    '/vendor/offers',
    {
      config: {
        documentedBody: withFiles(vendorOfferCreateSchema, {
          [OFFER_IMAGE_FIELD]: fileField('The offer picture (multipart only)').optional(),
        }),
      },
      schema: {
        tags,
        security,
        summary: 'Create an offer of the shop (201 `{offer}`)',
        description: `${offerBodyDoc} Defaults: min_spend 0, max_claims null (no limit), max_claims_per_user 1, is_active true, is_featured false, qr_only false, points_reward 0.`,
        consumes: ['application/json', 'multipart/form-data'],
        response: { 201: successEnvelope(offerPayloadSchema), ...failureResponses },
      },
    },
    async (request, reply) => {
      const shopId = vendorShopId(request);
      const { fields, image } = await readOfferWrite(request);
      const parsed = vendorOfferCreateSchema.safeParse(fields);
      if (!parsed.success) throw validationFailed(parsed.error.issues);
      checkImageRef(parsed.data.image, shopId);
      // Stored before the insert (no file I/O inside a transaction) and removed again if it fails.
      const url = image ? await storeImage(app, shopId, image) : null;
      try {
        const offer = await createOffer(app.db, shopId, { ...parsed.data, ...(url ? { image: url } : {}) });
        return reply.code(201).send(ok({ offer }, 'Offer created.'));
      } catch (error) {
        if (url) await removeImages(app.storage, [url]);
        throw error;
      }
    },
  );

  app.put(
    '/vendor/offers/:id',
    {
      config: {
        documentedBody: withFiles(vendorOfferUpdateSchema, {
          [OFFER_IMAGE_FIELD]: fileField('A new offer picture (multipart only)').optional(),
        }),
      },
      schema: {
        tags,
        security,
        summary: 'Update an offer of the shop: only the fields sent (`{offer}`)',
        description: `${offerBodyDoc} The rules are checked on the merged offer; \`max_claims\` below the claims already counted is 422.`,
        consumes: ['application/json', 'multipart/form-data'],
        params: idParamsSchema,
        response: offerReply,
      },
    },
    async (request) => {
      const shopId = vendorShopId(request);
      // Before any upload is stored: another shop's offer is 404 at once.
      const existing = await findVendorOffer(app.db, shopId, request.params.id);
      if (!existing) throw offerMissing();
      const { fields, image } = await readOfferWrite(request);
      const parsed = vendorOfferUpdateSchema.safeParse(fields);
      if (!parsed.success) throw validationFailed(parsed.error.issues);
      checkImageRef(parsed.data.image, shopId, existing.image);
      const url = image ? await storeImage(app, shopId, image) : null;
      try {
        const input = { ...parsed.data, ...(url ? { image: url } : {}) };
        const { offer } = await app.db.transaction((tx) => updateOffer(tx, shopId, request.params.id, input));
        // The picture let go of is the sweep's to delete once no row mentions it: one of the
        // shop's slides may show it (docs/decisions/041).
        return ok({ offer }, 'Offer saved.');
      } catch (error) {
        if (url) await removeImages(app.storage, [url]);
        throw error;
      }
    },
  );

  app.delete(
    '/vendor/offers/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Delete an offer of the shop and its unused claims (`{}`)',
        description:
          'An offer with a used claim stays for the record (points were awarded, the stats count it): 409 `offer_has_used_claims`; switch it off instead.',
        params: idParamsSchema,
        response: { 200: successEnvelope(emptyPayloadSchema), ...failureResponses },
      },
    },
    async (request) => {
      const shopId = vendorShopId(request);
      // Its picture is left to the sweep, which deletes it once no row (a slide) mentions it.
      await app.db.transaction((tx) => deleteOffer(tx, shopId, request.params.id));
      return ok({}, 'Offer deleted.');
    },
  );

  app.post(
    '/vendor/offers/:id/toggle-status',
    {
      schema: {
        tags,
        security,
        summary: 'Switch an offer on or off: answers the stored `{is_active}`',
        params: idParamsSchema,
        response: { 200: successEnvelope(offerTogglePayloadSchema), ...failureResponses },
      },
    },
    async (request) => ok({ is_active: await toggleOffer(app.db, vendorShopId(request), request.params.id) }),
  );

  app.get(
    '/vendor/offers/:id/stats',
    {
      schema: {
        tags,
        security,
        summary: "One offer's claim counts, discount and points totals and conversion rate",
        description:
          'Statuses as read now (expired computed); discount and points summed over used claims; `conversion_rate` = used / all claims (0 when none).',
        params: idParamsSchema,
        response: { 200: successEnvelope(offerStatsSchema), ...failureResponses },
      },
    },
    async (request) => ok(await offerStats(app.db, vendorShopId(request), request.params.id)),
  );

  // ---- Claims ----

  app.get(
    '/vendor/claims',
    {
      schema: {
        tags,
        security,
        summary: "The shop's claims with their customers, newest first, 15 a page: `{data, pagination}`",
        description: [
          "`status` as read now (a stale pending or confirmed claim is `expired`); `offer_id` one of the shop's offers;",
          "`from`/`to` London days (YYYY-MM-DD, inclusive) by claim time; `search` matches the code, the customer's",
          'name and e-mail and the offer title.',
        ].join(' '),
        querystring: vendorClaimListQuerySchema,
        response: { 200: successEnvelope(vendorClaimListSchema), ...failureResponses },
      },
    },
    async (request) => {
      const { status, offer_id, from, to, search, page } = request.query;
      return ok(
        await listVendorClaims(app.db, vendorShopId(request), {
          status,
          offerId: offer_id,
          from,
          to,
          search: search || undefined,
          page: page ?? 1,
        }),
      );
    },
  );

  app.get(
    '/vendor/claims/stats',
    {
      schema: {
        tags,
        security,
        summary: "The shop's offer and claim stats (spec section 3's vendor stats)",
        description: [
          '`active_offers`: switched on, started, not ended, not full. Claim counts by status as read now;',
          '`total_discount_applied` (pence) and `total_points_awarded` over used claims; `conversion_rate` = used / all',
          'claims (0 when none).',
        ].join(' '),
        response: { 200: successEnvelope(vendorOfferStatsSchema), ...failureResponses },
      },
    },
    async (request) => ok(await vendorStats(app.db, vendorShopId(request))),
  );

  app.get(
    '/vendor/claims/:id',
    {
      schema: {
        tags,
        security,
        summary: 'One claim of the shop with its customer: `{claim}`',
        params: idParamsSchema,
        response: claimReply,
      },
    },
    async (request) => ok(await claimPayload(vendorShopId(request), request.params.id)),
  );

  app.post(
    '/vendor/claims/:id/confirm',
    {
      schema: {
        tags,
        security,
        summary: 'Confirm a pending claim, with an optional note for the customer: `{claim}`',
        description:
          "Expired: 409 `claim_expired`; not pending: 409 `claim_status_invalid`; another shop's: 404 `claim_not_found`.",
        params: idParamsSchema,
        body: confirmClaimBodySchema.nullish(),
        response: claimReply,
      },
    },
    async (request) => {
      const shopId = vendorShopId(request);
      await confirmClaim(app.db, { shopId, claimId: request.params.id, vendorNotes: request.body?.vendor_notes });
      return ok(await claimPayload(shopId, request.params.id), 'Claim confirmed.');
    },
  );

  app.post(
    '/vendor/claims/:id/mark-used',
    {
      schema: {
        tags,
        security,
        summary: "Mark a confirmed claim used; awards the offer's points to the customer at this shop: `{claim}`",
        description: [
          "`order_id` (optional) must be an order of this shop placed by the claim's customer, else 422",
          "`claim_order_invalid`; `discount_applied` (optional) in pence. The offer's `points_reward` is added to the",
          "customer's balance at this shop with a ledger entry (`offer_claim`, `claim_id`), once. Expired: 409",
          '`claim_expired`; not confirmed: 409 `claim_status_invalid`.',
        ].join(' '),
        params: idParamsSchema,
        body: markClaimUsedBodySchema.nullish(),
        response: claimReply,
      },
    },
    async (request) => {
      const shopId = vendorShopId(request);
      await markClaimUsed(app.db, {
        shopId,
        claimId: request.params.id,
        orderId: request.body?.order_id,
        discountApplied: request.body?.discount_applied,
      });
      return ok(await claimPayload(shopId, request.params.id), 'Claim marked as used.');
    },
  );

  app.post(
    '/vendor/claims/:id/cancel',
    {
      schema: {
        tags,
        security,
        summary: 'Cancel a pending or confirmed claim (gives the offer its place back): `{claim}`',
        description: 'Used, cancelled or expired: 409 `claim_status_invalid`.',
        params: idParamsSchema,
        body: vendorCancelClaimBodySchema.nullish(),
        response: claimReply,
      },
    },
    async (request) => {
      const shopId = vendorShopId(request);
      await vendorCancelClaim(app.db, { shopId, claimId: request.params.id, vendorNotes: request.body?.vendor_notes });
      return ok(await claimPayload(shopId, request.params.id), 'Claim cancelled.');
    },
  );
};
