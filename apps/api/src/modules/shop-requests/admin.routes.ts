import {
  adminIdParamsSchema,
  adminShopRequestAcceptPayloadSchema,
  adminShopRequestListQuerySchema,
  adminShopRequestPayloadSchema,
  adminShopRequestRejectSchema,
  adminShopRequestSchema,
} from '@parade/core/admin-schemas';
import { paginated, successEnvelope } from '@parade/core/envelope';
import { manageListArgs } from '@parade/core/vendor-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { failureResponses, ok } from '../../lib/envelope';
import { notFound } from '../../lib/errors';
import { acceptShopRequest, rejectShopRequest } from '../../workflows/decide-shop-request';
import { countListableProducts } from '../catalog';
import { findShopForAdmin } from '../shops';
import { shopOwners } from '../users';
import { listShopRequests } from './shop-requests.service';

/** The platform's decisions on shop-create requests (`/api/admin/shop-requests`). */
export const shopRequestsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['admin'];
  const security = [{ bearer: [] }];

  app.get(
    '/admin/shop-requests',
    {
      schema: {
        tags,
        security,
        summary: 'Shop-create requests, filtered by status',
        querystring: adminShopRequestListQuerySchema,
        response: { 200: successEnvelope(paginated(adminShopRequestSchema)), ...failureResponses },
      },
    },
    async (request) => {
      const { status } = request.query;
      return ok(await listShopRequests(app.db, { ...manageListArgs(request.query), status }));
    },
  );

  app.post(
    '/admin/shop-requests/:id/accept',
    {
      schema: {
        tags,
        security,
        summary: 'Accept a pending request: the shop is created, the requester becomes its vendor, and is mailed',
        params: adminIdParamsSchema,
        response: { 200: successEnvelope(adminShopRequestAcceptPayloadSchema), ...failureResponses },
      },
    },
    async (request) => {
      const { request: decided, shopId, mailId } = await acceptShopRequest(app.db, app.config, request.params.id);
      app.mailer.deliverLater([mailId]);
      const shop = await findShopForAdmin(app.db, shopId);
      if (!shop) throw notFound('No such shop.', 'shop_not_found');
      const [owners, counts] = await Promise.all([
        shopOwners(app.db, [shopId]),
        countListableProducts(app.db, [shopId]),
      ]);
      return ok(
        {
          request: decided,
          shop: { ...shop, owner: owners.get(shopId) ?? null, product_count: counts.get(shopId) ?? 0 },
        },
        'Shop created.',
      );
    },
  );

  app.post(
    '/admin/shop-requests/:id/reject',
    {
      schema: {
        tags,
        security,
        summary: 'Reject a pending request with a reason (mailed to the requester)',
        params: adminIdParamsSchema,
        body: adminShopRequestRejectSchema,
        response: { 200: successEnvelope(adminShopRequestPayloadSchema), ...failureResponses },
      },
    },
    async (request) => {
      const { request: decided, mailId } = await rejectShopRequest(
        app.db,
        app.config,
        request.params.id,
        request.body.reason,
      );
      app.mailer.deliverLater([mailId]);
      return ok({ request: decided });
    },
  );
};
