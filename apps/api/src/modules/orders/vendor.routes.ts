import { paginated, successEnvelope } from '@parade/core/envelope';
import { idParamsSchema } from '@parade/core/ids';
import {
  LOW_STOCK_THRESHOLD,
  manageListArgs,
  vendorDashboardSchema,
  vendorOrderListQuerySchema,
  vendorOrderPayloadSchema,
  vendorOrderSchema,
  vendorOrderStatusBodySchema,
} from '@parade/core/vendor-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { failureResponses, ok } from '../../lib/envelope';
import { notFound } from '../../lib/errors';
import { vendorShopId } from '../../plugins/role-guards';
import { changeOrderStatus, markOrderPaid } from '../../workflows/change-order-status';
import { lowStockVariations } from '../catalog';
import { findVendorOrder, listVendorOrders, vendorOrderFigures } from './vendor-orders.service';

const orderMissing = () => notFound('Order not found.', 'order_not_found');

/** The merchant's orders and dashboard (`/api/vendor/...`), scoped to the caller's shop by the role guard. */
export const vendorOrdersRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['vendor'];
  const security = [{ bearer: [] }];

  const orderReply = async (shopId: number, id: number) => {
    const payload = await findVendorOrder(app.db, shopId, id);
    if (!payload) throw orderMissing();
    return ok(payload);
  };

  app.get(
    '/vendor/dashboard',
    {
      schema: {
        tags,
        security,
        summary: "Today's orders and revenue, orders waiting, low stock and 30 days of sales",
        response: { 200: successEnvelope(vendorDashboardSchema), ...failureResponses },
      },
    },
    async (request) => {
      const shopId = vendorShopId(request);
      const [figures, low_stock] = await Promise.all([
        vendorOrderFigures(app.db, shopId),
        lowStockVariations(app.db, shopId, LOW_STOCK_THRESHOLD),
      ]);
      return ok({ ...figures, low_stock });
    },
  );

  app.get(
    '/vendor/orders',
    {
      schema: {
        tags,
        security,
        summary: "The shop's orders: filter by status and London dates, search by invoice or customer",
        querystring: vendorOrderListQuerySchema,
        response: { 200: successEnvelope(paginated(vendorOrderSchema)), ...failureResponses },
      },
    },
    async (request) => {
      const { status, date_from, date_to } = request.query;
      return ok(
        await listVendorOrders(app.db, vendorShopId(request), {
          ...manageListArgs(request.query),
          status,
          dateFrom: date_from,
          dateTo: date_to,
        }),
      );
    },
  );

  app.get(
    '/vendor/orders/:id',
    {
      schema: {
        tags,
        security,
        summary: 'One order of the shop with its lines, customer contact and status history',
        params: idParamsSchema,
        response: { 200: successEnvelope(vendorOrderPayloadSchema), ...failureResponses },
      },
    },
    async (request) => orderReply(vendorShopId(request), request.params.id),
  );

  app.patch(
    '/vendor/orders/:id/status',
    {
      schema: {
        tags,
        security,
        summary: 'Move an order along the status flow (cancelled gives back stock, points and the coupon use)',
        params: idParamsSchema,
        body: vendorOrderStatusBodySchema,
        response: { 200: successEnvelope(vendorOrderPayloadSchema), ...failureResponses },
      },
    },
    async (request) => {
      const shopId = vendorShopId(request);
      await changeOrderStatus(app.db, {
        orderId: request.params.id,
        to: request.body.status,
        note: request.body.note || null,
        shopId,
        publicUrl: app.config.publicUrl,
      });
      return orderReply(shopId, request.params.id);
    },
  );

  app.post(
    '/vendor/orders/:id/mark-paid',
    {
      schema: {
        tags,
        security,
        summary: 'Mark a cash order paid (the shop took the money)',
        params: idParamsSchema,
        response: { 200: successEnvelope(vendorOrderPayloadSchema), ...failureResponses },
      },
    },
    async (request) => {
      const shopId = vendorShopId(request);
      await markOrderPaid(app.db, { orderId: request.params.id, shopId });
      return orderReply(shopId, request.params.id);
    },
  );
};
