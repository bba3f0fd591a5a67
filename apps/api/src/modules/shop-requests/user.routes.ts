import { successEnvelope } from '@parade/core/envelope';
import { shopCreateRequestInputSchema, shopCreateRequestSchema } from '@parade/core/shop-request-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { failureResponses, ok } from '../../lib/envelope';
import { requireUser } from '../../plugins/auth';
import { cancelOwnShopRequest, findOwnShopRequest, submitShopRequest } from './own-request.service';

/**
 * A signed-in user's own shop-create request (`/api/user/shop-create-request`). The platform
 * decides on it (admin.routes.ts); an accepted requester becomes the new shop's vendor.
 */
export const shopRequestsUserRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.authenticate);
  const tags = ['user'];
  const security = [{ bearer: [] }];

  app.get(
    '/user/shop-create-request',
    {
      schema: {
        tags,
        security,
        summary: 'My latest shop-create request in any status, or null',
        response: { 200: successEnvelope(shopCreateRequestSchema.nullable()), ...failureResponses },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      return ok(await findOwnShopRequest(app.db, user.id));
    },
  );

  app.post(
    '/user/shop-create-request',
    {
      schema: {
        tags,
        security,
        summary: 'Ask to open a shop (one pending request at a time; 409 shop_request_pending for a second)',
        body: shopCreateRequestInputSchema,
        response: { 201: successEnvelope(shopCreateRequestSchema), ...failureResponses },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request);
      const created = await submitShopRequest(app.db, user, request.body);
      return reply.status(201).send(ok(created, 'Your request has been sent. We will e-mail you our decision.'));
    },
  );

  app.post(
    '/user/shop-create-request/cancel',
    {
      schema: {
        tags,
        security,
        summary: 'Cancel my pending shop-create request',
        response: { 200: successEnvelope(shopCreateRequestSchema), ...failureResponses },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      return ok(await cancelOwnShopRequest(app.db, user.id), 'Your request is cancelled.');
    },
  );
};
