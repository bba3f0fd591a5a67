import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope';
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
        querystring: z.object({ page: z.coerce.number().int().min(1).max(100_000).default(1) }),
      },
    },
    async (request) => {
      const user = await requireUser(request);
      return ok(await listUserOrders(app.db, user.id, request.query.page));
    },
  );
};
