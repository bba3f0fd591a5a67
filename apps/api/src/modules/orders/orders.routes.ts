import { cartLineInputSchema } from '@parade/core/cart-schemas';
import { MAX_LINES_PER_REQUEST } from '@parade/core/enums';
import { paginated, successEnvelope } from '@parade/core/envelope';
import { idSchema } from '@parade/core/ids';
import {
  invoiceNumberSchema,
  invoicePayloadSchema,
  orderDetailPayloadSchema,
  orderListQuerySchema,
  orderSchema,
  placeOrderBodySchema,
  placeOrderPayloadSchema,
} from '@parade/core/order-schemas';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { failureResponses, ok } from '../../lib/envelope';
import { getSession, requireUser } from '../../plugins/auth';
import { newOrderPushes } from '../../workflows/order-pushes';
import { placeOrder } from '../../workflows/place-order';
import { createGeocoder } from '../location';
import { orderRefundList } from '../payments';
import { getUserInvoice, getUserOrder, listUserOrders } from './orders.service';

const idempotencyHeadersSchema = z.object({
  'idempotency-key': z
    .string()
    .trim()
    .min(1, 'The Idempotency-Key must not be empty.')
    .max(200, 'The Idempotency-Key must be at most 200 characters.')
    .optional(),
});

/** Core's body, except that an empty `items` reaches the workflow, which refuses it with its own code, `empty_cart`. */
const placeOrderRouteBodySchema = placeOrderBodySchema.extend({
  items: z.array(cartLineInputSchema).max(MAX_LINES_PER_REQUEST),
});

/** Place-order is limited per customer (contract: 60/minute per user); a guest is counted by address until refused. */
async function customerKey(request: FastifyRequest): Promise<string> {
  const session = await getSession(request);
  return session ? `user:${session.user.id}` : `ip:${request.ip}`;
}

export const ordersRoutes: FastifyPluginAsyncZod = async (app) => {
  // The same geocoder as GET get-distance gives (the demo gazetteer or postcodes.io, per config).
  const geocoder = createGeocoder(app.config);

  app.post(
    '/user/order/place',
    {
      // Sign-in first: a guest gets 401, whatever the body or path (docs/api-errors.md).
      onRequest: app.authenticate,
      config: { rateLimit: { max: 60, timeWindow: '1 minute', keyGenerator: customerKey } },
      schema: {
        tags: ['orders'],
        summary: 'Place a checkout: one invoice, one order per shop; every price, discount and charge computed here',
        description: [
          'Client figures are never read: prices, coupon discounts (per shop), reward-point discounts (100 points = 100',
          "pence, capped at the shop's lines after its coupon) and the delivery charge (1000 pence per checkout when",
          'delivering any physical line, shared equally by the orders that have one, odd pence to the first) come from the database.',
          'An `Idempotency-Key` header (at most 200 characters) makes a retry return the first reply; the same key with',
          'another body answers 422 `idempotency_key_reused`.',
          'Refusals: 422 `empty_cart` (`items`), 409 `out_of_stock` (`errors` has `items.<index>` for every short line, e.g. "Braeburn Apples 1kg:',
          'only 3 left"), 409 `coupon_used_up` (`coupons.<shop_id>`); 422 `shop_unavailable` (`items.<index>`),',
          '`collection_point_invalid`, `delivery_address_required`, `address_not_found` (`address_id`), `validation_failed`',
          '(`address`: both `address_id` and `address` sent; a delivery goes to exactly one address),',
          '`postcode_invalid`, `delivery_out_of_range`, `points_insufficient` (`reward_points.<shop_id>`), the coupon',
          'codes of validate-coupon (`coupons.<shop_id>`), `payment_unavailable` (card while card payment is off).',
          'Card checkouts stay unpaid until POST /payment-token and its payment; unpaid after',
          'CARD_PAYMENT_TIMEOUT_MINUTES, they are cancelled and their stock released. Limited to 60 a minute per customer.',
        ].join(' '),
        security: [{ bearer: [] }],
        headers: idempotencyHeadersSchema,
        body: placeOrderRouteBodySchema,
        response: { 201: successEnvelope(placeOrderPayloadSchema), ...failureResponses },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request);
      const payload = await placeOrder(
        {
          db: app.db,
          geocoder,
          publicUrl: app.config.publicUrl,
          cardPaymentTimeoutMinutes: app.config.cardPaymentTimeoutMinutes,
          stripe: {
            stripeSecretKeySet: Boolean(app.config.stripeSecretKey),
            publishableKey: app.config.stripePublishableKey,
          },
          deliverMail: (ids) => app.mailer.deliverLater(ids),
          // Once the checkout committed, never for an idempotent replay: the shops' devices hear of it.
          onPlaced: (placed) => {
            const orders = placed.orders.map((order) => ({ orderId: order.id, shopId: order.shop.id }));
            app.push.sendLater(() => newOrderPushes(app.db, orders, app.config.adminUrl));
          },
        },
        { id: user.id, name: user.name, email: user.email },
        request.body,
        request.headers['idempotency-key'] ?? null,
      );
      return reply.code(201).send(ok(payload));
    },
  );

  app.get(
    '/user/order',
    {
      // Sign-in first: a guest gets 401, whatever the body or path (docs/api-errors.md).
      onRequest: app.authenticate,
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

  app.get(
    '/user/order/:id',
    {
      // Sign-in first: a guest gets 401, whatever the body or path (docs/api-errors.md).
      onRequest: app.authenticate,
      schema: {
        tags: ['orders'],
        summary: "One of the signed-in customer's orders with its status history, oldest first, and its refunds",
        description: "Another customer's order, or none, answers 404 `order_not_found`.",
        security: [{ bearer: [] }],
        params: z.object({ id: idSchema }),
        response: { 200: successEnvelope(orderDetailPayloadSchema), ...failureResponses },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      const payload = await getUserOrder(app.db, user.id, request.params.id);
      const refunds = await orderRefundList(app.db, payload.order.id);
      return ok({ ...payload, refunds });
    },
  );

  app.get(
    '/user/invoice/:invoice',
    {
      // Sign-in first: a guest gets 401, whatever the body or path (docs/api-errors.md).
      onRequest: app.authenticate,
      schema: {
        tags: ['orders'],
        summary: "One of the signed-in customer's invoices (a checkout): its figures and its orders",
        description: "Another customer's invoice, or none, answers 404 `invoice_not_found`.",
        security: [{ bearer: [] }],
        params: z.object({ invoice: invoiceNumberSchema }),
        response: { 200: successEnvelope(invoicePayloadSchema), ...failureResponses },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      return ok(await getUserInvoice(app.db, user.id, request.params.invoice));
    },
  );
};
