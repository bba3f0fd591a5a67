import { slugSchema } from '@parade/core/catalog-schemas';
import { successEnvelope } from '@parade/core/envelope';
import { idParamsSchema, idSchema } from '@parade/core/ids';
import {
  CLAIM_LIFETIME_DAYS,
  CLAIMS_PER_MINUTE,
  claimBodySchema,
  claimListSchema,
  claimPayloadSchema,
  customerOfferStatsSchema,
  offerListQuerySchema,
  offerListSchema,
  offerPayloadSchema,
  userClaimListQuerySchema,
} from '@parade/core/offer-schemas';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { failureResponses, ok } from '../../lib/envelope';
import { notFound } from '../../lib/errors';
import { idempotencyHeadersSchema } from '../../lib/schemas';
import { getSession, requireUser } from '../../plugins/auth';
import { customerCancelClaim } from '../../workflows/change-claim-status';
import { claimOffer } from '../../workflows/claim-offer';
import { openShopBySlug } from '../shops';
import { findStaffShopId } from '../users';
import { claimMissing, customerStats, findReadableClaim, findUserClaim, listUserClaims } from './claims.service';
import { findPublicOffer, listPublicOffers, offerMissing } from './offers.service';

const tags = ['vendor-offers'];
const security = [{ bearer: [] }];

const shopParamsSchema = z.object({ slug: slugSchema });
const shopOfferParamsSchema = z.object({ slug: slugSchema, offerId: idSchema });

/** Claims are limited per customer (contract: 30/minute per user); a guest is counted by address until refused. */
async function claimerKey(request: FastifyRequest): Promise<string> {
  const session = await getSession(request);
  return session ? `claim-user:${session.user.id}` : `claim-ip:${request.ip}`;
}

/** The signed-in caller's id for `user_claims_left`, or null for a guest (public reads never require a token). */
async function callerId(request: FastifyRequest): Promise<number | null> {
  return (await getSession(request))?.user.id ?? null;
}

/**
 * The public and customer offer calls under `/api/vendor-offers` (register with that prefix):
 * offer lists and one offer, the claim, the customer's claims and stats, and the customer's
 * cancel. The merchant's calls are in vendor-offers.routes.ts, the QR calls in qr-codes.routes.ts.
 * docs/decisions/020-offers-and-claims.md.
 */
export const offersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/offers',
    {
      schema: {
        tags,
        summary: 'Offers of open shops, newest first; 15 a page',
        description: [
          '`status`: `live` (default: switched on, started, not ended; full ones included with `is_valid` false),',
          '`active` (claimable now), `upcoming`, `ended`, `full` or `all`. Switched-off offers are never listed.',
          '`featured` and `qr_only` filter by those flags; `search` matches the title, description and shop name.',
          "qr_only offers are listed (marked) but are claimable only with the shop's live QR code.",
          'With a bearer token each offer says `user_claims_left` for the caller, else null.',
        ].join(' '),
        querystring: offerListQuerySchema,
        response: { 200: successEnvelope(offerListSchema), ...failureResponses },
      },
    },
    async (request) => {
      const { status, featured, qr_only, search, page } = request.query;
      return ok(
        await listPublicOffers(app.db, {
          status,
          featured,
          qrOnly: qr_only,
          search: search || undefined,
          page: page ?? 1,
          userId: await callerId(request),
        }),
      );
    },
  );

  app.get(
    '/vendor/:slug/offers',
    {
      schema: {
        tags,
        summary: "One open shop's offers (the same filters as GET offers; `qr_only=true` for the qr-offers tab)",
        description: 'An unknown or suspended shop answers 404 `shop_not_found`.',
        params: shopParamsSchema,
        querystring: offerListQuerySchema,
        response: { 200: successEnvelope(offerListSchema), ...failureResponses },
      },
    },
    async (request) => {
      const { status, featured, qr_only, search, page } = request.query;
      if (!(await openShopBySlug(app.db, request.params.slug))) throw notFound('Shop not found', 'shop_not_found');
      return ok(
        await listPublicOffers(app.db, {
          shopSlug: request.params.slug,
          status,
          featured,
          qrOnly: qr_only,
          search: search || undefined,
          page: page ?? 1,
          userId: await callerId(request),
        }),
      );
    },
  );

  app.get(
    '/vendor/:slug/offers/:offerId',
    {
      schema: {
        tags,
        summary: 'One switched-on offer of an open shop, whatever its dates: `{offer}`',
        description: "Unknown, switched off, another shop's or a closed shop's offer: 404 `offer_not_found`.",
        params: shopOfferParamsSchema,
        response: { 200: successEnvelope(offerPayloadSchema), ...failureResponses },
      },
    },
    async (request) => {
      const offer = await findPublicOffer(app.db, {
        shopSlug: request.params.slug,
        offerId: request.params.offerId,
        userId: await callerId(request),
      });
      if (!offer) throw offerMissing();
      return ok({ offer });
    },
  );

  app.post(
    '/vendor/:slug/offers/:offerId/claim',
    {
      // Sign-in first: a guest gets 401, whatever the body or path (docs/api-errors.md).
      onRequest: app.authenticate,
      config: { rateLimit: { max: CLAIMS_PER_MINUTE, timeWindow: '1 minute', keyGenerator: claimerKey } },
      schema: {
        tags,
        security,
        summary: 'Claim an offer: a pending claim with a code to show at the till (201 `{claim}`)',
        description: [
          'One transaction with the offer row locked. Refusals (409, nothing changes): `offer_inactive` (switched off),',
          '`offer_not_started`, `offer_ended`, `offer_qr_required` (a qr_only offer without `qr`), `offer_qr_invalid`',
          "(`qr` is not the shop's live code), `offer_already_claimed` (the caller holds `max_claims_per_user` live claims:",
          'pending, confirmed or used; cancelled and expired ones free the place), `offer_full` (`max_claims` taken).',
          "Unknown offer, another shop's, or a closed shop: 404 `offer_not_found`. `qr` equal to the shop's live code marks",
          `the claim \`via_qr\`. The claim expires ${CLAIM_LIFETIME_DAYS} days after it is made or at the offer's end, whichever`,
          `is sooner. Limited to ${CLAIMS_PER_MINUTE} a minute per customer (429 \`rate_limited\`).`,
          'An `Idempotency-Key` header (at most 200 characters) makes a retry return the first claim; the same key for',
          'another offer answers 422 `idempotency_key_reused`.',
        ].join(' '),
        headers: idempotencyHeadersSchema,
        params: shopOfferParamsSchema,
        body: claimBodySchema.nullish(),
        response: { 201: successEnvelope(claimPayloadSchema), ...failureResponses },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request);
      const idempotencyKey = request.headers['idempotency-key'];
      const claim = await claimOffer(app.db, {
        userId: user.id,
        shopSlug: request.params.slug,
        offerId: request.params.offerId,
        qr: request.body?.qr,
        idempotencyKey: typeof idempotencyKey === 'string' ? idempotencyKey : null,
      });
      return reply.code(201).send(ok({ claim }, 'Offer claimed. Show your code in the shop.'));
    },
  );

  app.get(
    '/user/claims',
    {
      // Sign-in first: a guest gets 401, whatever the body or path (docs/api-errors.md).
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        summary: "The signed-in customer's claims, newest first, 15 a page: `{data, pagination}`",
        description: '`status` filters by the status as read now (a stale pending or confirmed claim is `expired`).',
        querystring: userClaimListQuerySchema,
        response: { 200: successEnvelope(claimListSchema), ...failureResponses },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      return ok(await listUserClaims(app.db, user.id, { status: request.query.status, page: request.query.page ?? 1 }));
    },
  );

  app.get(
    '/user/stats',
    {
      // Sign-in first: a guest gets 401, whatever the body or path (docs/api-errors.md).
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        summary: "The signed-in customer's claim stats (spec section 3's keys)",
        description: [
          '`active_claims` = pending + confirmed (not expired); `total_discount_received` (pence) and',
          '`total_points_earned` are summed over used claims; `favorite_vendors` are the (at most 5) shops the customer',
          'claimed from most, `{name, slug, claims}`, most first.',
        ].join(' '),
        response: { 200: successEnvelope(customerOfferStatsSchema), ...failureResponses },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      return ok(await customerStats(app.db, user.id));
    },
  );

  app.get(
    '/claims/:id',
    {
      // Sign-in first: a guest gets 401, whatever the body or path (docs/api-errors.md).
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        summary: "One claim: the caller's own, or (for its shop's vendor) one of the shop's claims: `{claim}`",
        description: "Anyone else's claim, or none: 404 `claim_not_found`.",
        params: idParamsSchema,
        response: { 200: successEnvelope(claimPayloadSchema), ...failureResponses },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      const shopId = user.role === 'vendor' ? await findStaffShopId(app.db, user.id) : null;
      const claim = await findReadableClaim(app.db, { claimId: request.params.id, userId: user.id, shopId });
      if (!claim) throw claimMissing();
      return ok({ claim });
    },
  );

  app.post(
    '/user/claims/:id/cancel',
    {
      // Sign-in first: a guest gets 401, whatever the body or path (docs/api-errors.md).
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'Cancel one of my claims while it is pending (gives the offer its place back): `{claim}`',
        description:
          "Not pending (confirmed, used, cancelled or expired): 409 `claim_status_invalid`. Another customer's claim: 404 `claim_not_found`.",
        params: idParamsSchema,
        response: { 200: successEnvelope(claimPayloadSchema), ...failureResponses },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      await customerCancelClaim(app.db, { userId: user.id, claimId: request.params.id });
      const claim = await findUserClaim(app.db, user.id, request.params.id);
      if (!claim) throw claimMissing();
      return ok({ claim }, 'Your claim is cancelled.');
    },
  );
};
