import { adminIdParamsSchema } from '@parade/core/admin-schemas';
import { paginated, successEnvelope } from '@parade/core/envelope';
import {
  adminDashboardSchema,
  adminOrderListQuerySchema,
  manageListArgs,
  vendorOrderPayloadSchema,
  vendorOrderSchema,
} from '@parade/core/vendor-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { failureResponses, ok } from '../../lib/envelope';
import { notFound } from '../../lib/errors';
import { orderRefundList } from '../payments';
import { findVendorOrder, listVendorOrders, platformOrderFigures } from './vendor-orders.service';

/**
 * The platform admin's view of every shop's orders (`/api/admin/orders`, contract: "Platform
 * orders") and the marketplace's dashboard figures (`/api/admin/dashboard`). Read only: a shop
 * moves its own orders along.
 */
export const ordersAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['admin'];
  const security = [{ bearer: [] }];

  app.get(
    '/admin/orders',
    {
      schema: {
        tags,
        security,
        summary: "Every shop's orders: filter by status, shop, payment and London dates; search by invoice or customer",
        querystring: adminOrderListQuerySchema,
        response: { 200: successEnvelope(paginated(vendorOrderSchema)), ...failureResponses },
      },
    },
    async (request) => {
      const { status, date_from, date_to, shop, payment_status } = request.query;
      return ok(
        await listVendorOrders(app.db, 'every-shop', {
          ...manageListArgs(request.query),
          status,
          dateFrom: date_from,
          dateTo: date_to,
          shop,
          paymentStatus: payment_status,
        }),
      );
    },
  );

  app.get(
    '/admin/orders/:id',
    {
      schema: {
        tags,
        security,
        summary: 'One order of any shop, with its history and its refunds',
        params: adminIdParamsSchema,
        response: { 200: successEnvelope(vendorOrderPayloadSchema), ...failureResponses },
      },
    },
    async (request) => {
      const payload = await findVendorOrder(app.db, 'every-shop', request.params.id);
      if (!payload) throw notFound('Order not found.', 'order_not_found');
      return ok({ ...payload, refunds: await orderRefundList(app.db, payload.order.id) });
    },
  );

  app.get(
    '/admin/dashboard',
    {
      schema: {
        tags,
        security,
        summary:
          "The marketplace's orders and sales (today, the last 30 days, the top shops, one entry per day) and the public URL",
        response: { 200: successEnvelope(adminDashboardSchema), ...failureResponses },
      },
    },
    async () => ok({ ...(await platformOrderFigures(app.db)), public_url: app.config.publicUrl }),
  );
};
