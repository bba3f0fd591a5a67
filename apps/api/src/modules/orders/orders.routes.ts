import { paginated, successEnvelope } from '@parade/core/envelope';
import { orderListQuerySchema, orderSchema } from '@parade/core/order-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { failureResponses, ok } from '../../lib/envelope';
import { requireUser } from '../../plugins/auth';
import { listUserOrders } from './orders.service';

export const ordersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/user/order',
    {
      schema: {
        tags: ['orders'],
        summary: "The signed-in customer's orders (one per shop per checkout), newest first",
        security: [{ bearer: [] }],
        querystring: orderListQuerySchema,
        response: { 200: successEnvelope(paginated(orderSchema)), ...failureResponses },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      return ok(await listUserOrders(app.db, user.id, request.query.page));
    },
  );
};
