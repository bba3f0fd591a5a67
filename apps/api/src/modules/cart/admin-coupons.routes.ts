import {
  platformCouponCreateSchema,
  platformCouponListQuerySchema,
  platformCouponPayloadSchema,
  platformCouponSchema,
  platformCouponUpdateSchema,
} from '@parade/core/admin-schemas';
import { paginated, successEnvelope } from '@parade/core/envelope';
import { idParamsSchema } from '@parade/core/ids';
import { manageListArgs } from '@parade/core/vendor-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { failureResponses, ok } from '../../lib/envelope';
import { notFound } from '../../lib/errors';
import {
  createCoupon,
  deleteCoupon,
  findCoupon,
  listCoupons,
  toPlatformCoupon,
  updateCoupon,
} from './manage-coupons.service';

const PLATFORM = null;
const couponMissing = () => notFound('No such platform coupon.', 'coupon_not_found');

const ABOUT =
  'A platform coupon is made by the admin and paid for by the platform: a shopper enters its code in any ' +
  "shop's coupon box, and it applies to that shop's lines it names (products of any shop, categories, " +
  "sub-categories; all lines when it names none). A shop's own coupon with the same code wins for that shop. " +
  'One use is one order: the code applied to two shops in one checkout counts two uses (usage_limit, ' +
  'per_user_limit). The order records the discount in `discount` and again in `platform_discount`.';

/** The platform's coupons (`/api/admin/coupons`), the admin's counterpart of vendor/coupons (decision 026). */
export const adminCouponsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['admin'];
  const security = [{ bearer: [] }];

  app.get(
    '/admin/coupons',
    {
      schema: {
        tags,
        security,
        summary: "The platform's coupons with their usage counts",
        description: ABOUT,
        querystring: platformCouponListQuerySchema,
        response: { 200: successEnvelope(paginated(platformCouponSchema)), ...failureResponses },
      },
    },
    async (request) => {
      const page = await listCoupons(app.db, PLATFORM, manageListArgs(request.query));
      return ok({ ...page, data: page.data.map(toPlatformCoupon) });
    },
  );

  app.post(
    '/admin/coupons',
    {
      schema: {
        tags,
        security,
        summary: 'Create a platform coupon (codes are unique among platform coupons, upper case)',
        description: ABOUT,
        body: platformCouponCreateSchema,
        response: { 201: successEnvelope(platformCouponPayloadSchema), ...failureResponses },
      },
    },
    async (request, reply) => {
      const coupon = await createCoupon(app.db, PLATFORM, request.body);
      reply.code(201);
      return ok({ coupon: toPlatformCoupon(coupon) }, 'Coupon saved.');
    },
  );

  app.get(
    '/admin/coupons/:id',
    {
      schema: {
        tags,
        security,
        summary: 'One platform coupon',
        params: idParamsSchema,
        response: { 200: successEnvelope(platformCouponPayloadSchema), ...failureResponses },
      },
    },
    async (request) => {
      const coupon = await findCoupon(app.db, PLATFORM, request.params.id);
      if (!coupon) throw couponMissing();
      return ok({ coupon: toPlatformCoupon(coupon) });
    },
  );

  app.put(
    '/admin/coupons/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Update a platform coupon: only the fields sent change',
        params: idParamsSchema,
        body: platformCouponUpdateSchema,
        response: { 200: successEnvelope(platformCouponPayloadSchema), ...failureResponses },
      },
    },
    async (request) => {
      const coupon = await updateCoupon(app.db, PLATFORM, request.params.id, request.body);
      if (!coupon) throw couponMissing();
      return ok({ coupon: toPlatformCoupon(coupon) }, 'Coupon saved.');
    },
  );

  app.delete(
    '/admin/coupons/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Delete a platform coupon (past orders keep its code and discount); answers the coupon deleted',
        params: idParamsSchema,
        response: { 200: successEnvelope(platformCouponPayloadSchema), ...failureResponses },
      },
    },
    async (request) => {
      const deleted = await deleteCoupon(app.db, PLATFORM, request.params.id);
      if (!deleted) throw couponMissing();
      return ok({ coupon: toPlatformCoupon(deleted) }, 'Coupon deleted.');
    },
  );
};
