import { paginated, successEnvelope } from '@parade/core/envelope';
import { idParamsSchema } from '@parade/core/ids';
import {
  manageListArgs,
  vendorCouponCreateSchema,
  vendorCouponListQuerySchema,
  vendorCouponPayloadSchema,
  vendorCouponSchema,
  vendorCouponUpdateSchema,
} from '@parade/core/vendor-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { failureResponses, ok } from '../../lib/envelope';
import { notFound } from '../../lib/errors';
import { vendorShopId } from '../../plugins/role-guards';
import {
  createCoupon,
  deleteCoupon,
  findCoupon,
  listCoupons,
  toVendorCoupon,
  updateCoupon,
} from './manage-coupons.service';

const couponMissing = () => notFound('No such coupon in your shop.', 'coupon_not_found');

/** The merchant's coupons (`/api/vendor/coupons`), scoped to the caller's shop by the role guard. */
export const vendorCouponsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['vendor'];
  const security = [{ bearer: [] }];

  app.get(
    '/vendor/coupons',
    {
      schema: {
        tags,
        security,
        summary: "The shop's coupons with their usage counts",
        querystring: vendorCouponListQuerySchema,
        response: { 200: successEnvelope(paginated(vendorCouponSchema)), ...failureResponses },
      },
    },
    async (request) => {
      const page = await listCoupons(app.db, vendorShopId(request), manageListArgs(request.query));
      return ok({ ...page, data: page.data.map(toVendorCoupon) });
    },
  );

  app.post(
    '/vendor/coupons',
    {
      schema: {
        tags,
        security,
        summary: 'Create a coupon (codes are unique in the shop, upper case)',
        body: vendorCouponCreateSchema,
        response: { 201: successEnvelope(vendorCouponPayloadSchema), ...failureResponses },
      },
    },
    async (request, reply) => {
      const coupon = await createCoupon(app.db, vendorShopId(request), request.body);
      reply.code(201);
      return ok({ coupon: toVendorCoupon(coupon) });
    },
  );

  app.get(
    '/vendor/coupons/:id',
    {
      schema: {
        tags,
        security,
        summary: 'One coupon of the shop',
        params: idParamsSchema,
        response: { 200: successEnvelope(vendorCouponPayloadSchema), ...failureResponses },
      },
    },
    async (request) => {
      const coupon = await findCoupon(app.db, vendorShopId(request), request.params.id);
      if (!coupon) throw couponMissing();
      return ok({ coupon: toVendorCoupon(coupon) });
    },
  );

  app.put(
    '/vendor/coupons/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Update a coupon: only the fields sent change',
        params: idParamsSchema,
        body: vendorCouponUpdateSchema,
        response: { 200: successEnvelope(vendorCouponPayloadSchema), ...failureResponses },
      },
    },
    async (request) => {
      const coupon = await updateCoupon(app.db, vendorShopId(request), request.params.id, request.body);
      if (!coupon) throw couponMissing();
      return ok({ coupon: toVendorCoupon(coupon) });
    },
  );

  app.delete(
    '/vendor/coupons/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Delete a coupon (past orders keep its code)',
        description: 'Answers the coupon, with its `used_count`, as it was just before the delete.',
        params: idParamsSchema,
        response: { 200: successEnvelope(vendorCouponPayloadSchema), ...failureResponses },
      },
    },
    async (request) => {
      const coupon = await deleteCoupon(app.db, vendorShopId(request), request.params.id);
      if (!coupon) throw couponMissing();
      return ok({ coupon: toVendorCoupon(coupon) }, 'Coupon deleted.');
    },
  );
};
