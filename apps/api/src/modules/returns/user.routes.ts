import { paginated, successEnvelope } from '@parade/core/envelope';
import { idParamsSchema } from '@parade/core/ids';
import {
  createReturnBodySchema,
  createReturnPayloadSchema,
  customerReturnSchema,
  orderReturnOptionsSchema,
  returnListQuerySchema,
} from '@parade/core/return-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { failureResponses, ok } from '../../lib/envelope';
import { requireUser } from '../../plugins/auth';
import { requestReturn } from '../../workflows/request-return';
import { withReturnRefunds } from '../payments';
import { findCustomerReturn, listCustomerReturns, orderReturnOptions } from './returns.service';

/**
 * The customer's returns (`/api/user/order-return`) and what the order page needs to offer
 * one (`/api/user/order/{id}/returnable`). The shop decides them (vendor.routes.ts).
 */
export const returnsUserRoutes: FastifyPluginAsyncZod = async (app) => {
  // Signed in first: a guest is told 401 before the body is read.
  app.addHook('onRequest', app.authenticate);
  const tags = ['returns'];
  const security = [{ bearer: [] }];

  app.get(
    '/user/order-return',
    {
      schema: {
        tags,
        security,
        summary: 'My returns, newest first (10 a page), optionally of one status',
        description:
          'Each return carries the contract fields plus the invoice number, the line as bought (name, picture, unit price, quantity bought), the shop, the shop note and when it was decided and received.',
        querystring: returnListQuerySchema,
        response: { 200: successEnvelope(paginated(customerReturnSchema)), ...failureResponses },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      const page = await listCustomerReturns(app.db, user.id, request.query);
      return ok({ ...page, data: await withReturnRefunds(app.db, page.data) });
    },
  );

  app.post(
    '/user/order-return',
    {
      schema: {
        tags,
        security,
        summary: 'Ask to return some of a line of one of my delivered orders; the shop is mailed',
        description: [
          'Only a delivered order, before setting `return_window_days` (default 14) days have passed since it became',
          'delivered, and at most what the line bought minus its pending and accepted returns (a rejected return frees',
          "its quantity). Refusals: 404 `order_item_not_found` (no such line, or another customer's); 422",
          '`return_not_delivered` and `return_window_closed` (`errors.order_item_id`), `return_quantity_exceeded`',
          '(`errors.quantity`, saying how many are left). The return starts `pending`.',
        ].join(' '),
        body: createReturnBodySchema,
        response: { 201: successEnvelope(createReturnPayloadSchema), ...failureResponses },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request);
      const { returnId, mailIds } = await requestReturn(app.db, app.config, {
        customer: { id: user.id, name: user.name },
        body: request.body,
      });
      app.mailer.deliverLater(mailIds);
      const created = await findCustomerReturn(app.db, user.id, returnId);
      if (!created) throw new Error(`return ${returnId} vanished`);
      return reply
        .code(201)
        .send(ok({ return: created }, 'Your return request has been sent to the shop. We will e-mail you its answer.'));
    },
  );

  app.get(
    '/user/order/:id/returnable',
    {
      schema: {
        tags,
        security,
        summary: 'Whether one of my orders can be returned now, until when, and how many of each line are left',
        description:
          "`blocked` is `not_delivered` or `window_closed` (then every `returnable_quantity` is 0), or null. Another customer's order, or none, answers 404 `order_not_found`. POST user/order-return judges again.",
        params: idParamsSchema,
        response: { 200: successEnvelope(orderReturnOptionsSchema), ...failureResponses },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      return ok(await orderReturnOptions(app.db, user.id, request.params.id, new Date()));
    },
  );
};
