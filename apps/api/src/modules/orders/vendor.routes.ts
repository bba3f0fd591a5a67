import { paginated, successEnvelope } from '@parade/core/envelope';
import { idParamsSchema } from '@parade/core/ids';
import {
  LOW_STOCK_THRESHOLD,
  liveOrdersHeadersSchema,
  manageListArgs,
  vendorDashboardSchema,
  vendorOrderListQuerySchema,
  vendorOrderPayloadSchema,
  vendorOrderSchema,
  vendorOrderStatusBodySchema,
} from '@parade/core/vendor-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { failureResponses, ok } from '../../lib/envelope';
import { notFound } from '../../lib/errors';
import { vendorShopId } from '../../plugins/role-guards';
import { changeOrderStatus, markOrderPaid } from '../../workflows/change-order-status';
import { orderStatusPushes } from '../../workflows/order-pushes';
import { lowStockVariations } from '../catalog';
import { orderRefundList } from '../payments';
import { OrderEventHub } from './order-event-hub';
import type { OrderEventRow } from './order-events';
import { findVendorOrder, listVendorOrders, vendorOrderFigures } from './vendor-orders.service';

/** A comment line this often keeps proxies from closing an idle board (the contract asks for 20 s at most). */
const ORDER_EVENTS_HEARTBEAT_MS = 15_000;

/** One event in the stream's wire format: its id, its name and its data on one line. */
const serverSentEvent = (event: OrderEventRow) =>
  `id: ${event.id}\nevent: ${event.kind}\ndata: ${JSON.stringify(event.data)}\n\n`;

const orderMissing = () => notFound('Order not found.', 'order_not_found');

/** The merchant's orders and dashboard (`/api/vendor/...`), scoped to the caller's shop by the role guard. */
export const vendorOrdersRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['vendor'];
  const security = [{ bearer: [] }];

  // This process's live boards (contract: "Live orders"): one LISTEN, however many boards are open.
  const hub = new OrderEventHub(app.database);
  const openStreams = new Set<() => void>();
  // On shutdown the boards are ended first (they reconnect, with Last-Event-ID, to another
  // process or to this one restarted): an open stream would hold the server's close for ever.
  app.addHook('preClose', async () => {
    for (const end of openStreams) end();
  });
  app.addHook('onReady', async () => hub.startPruning());
  app.addHook('onClose', () => hub.close());

  app.get(
    '/vendor/orders/events',
    {
      // A board stays open for hours: it is not a request in flight, and is never shed.
      config: { loadShedding: false },
      schema: {
        tags,
        security,
        summary: "The shop's live orders, as server-sent events",
        description:
          '`text/event-stream`, read with fetch and the Authorization header (never a token in the URL). Events ' +
          '`order.created` `{order_id, invoice_number, status, total, created_at}` and `order.updated` ' +
          '`{order_id, status, payment_status}`, each with an `id:`. A `Last-Event-ID` header replays what came after ' +
          'it (48 hours are kept); without it the stream starts now. A comment line every 15 s keeps proxies open. ' +
          'Delivery is at least once: a board may see an event twice after a reconnect.',
        headers: liveOrdersHeadersSchema,
        response: {
          200: {
            description: 'The stream: `retry:`, then events (`id:`, `event:`, `data:` as JSON) and comment lines.',
            content: { 'text/event-stream': { schema: z.string() } },
          },
          ...failureResponses,
        },
      },
    },
    async (request, reply) => {
      const shopId = vendorShopId(request);
      const lastEventId = request.headers['last-event-id'] ?? null;
      // From here the stream is written by hand: Fastify neither serialises nor compresses it.
      reply.hijack();
      const raw = reply.raw;
      raw.writeHead(200, {
        ...(reply.getHeaders() as Record<string, string>),
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        'x-accel-buffering': 'no',
      });
      // An idle board is not a stuck connection: the heartbeat below keeps it honest instead.
      request.raw.socket.setTimeout(0);
      let closed = false;
      let unsubscribe: () => void;
      try {
        unsubscribe = await hub.subscribe(shopId, lastEventId, (event) => {
          if (!closed) raw.write(serverSentEvent(event));
        });
      } catch (error) {
        // The database is unreachable: end the stream; the board retries in 3 s.
        request.log.warn({ err: error }, 'live order board could not start');
        raw.end('retry: 3000\n\n');
        return;
      }
      // The first bytes (and so the headers) leave once the board is subscribed: a client that
      // sees the stream open knows that every order committed from then on reaches it.
      raw.write('retry: 3000\n: connected\n\n');
      const heartbeat = setInterval(() => raw.write(': keep-alive\n\n'), ORDER_EVENTS_HEARTBEAT_MS);
      const end = () => {
        if (closed) return;
        closed = true;
        openStreams.delete(end);
        clearInterval(heartbeat);
        unsubscribe();
        raw.end();
      };
      openStreams.add(end);
      request.raw.once('close', end);
      raw.once('close', end);
      if (request.raw.destroyed) end();
    },
  );

  const orderReply = async (shopId: number, id: number) => {
    const payload = await findVendorOrder(app.db, { shopId }, id);
    if (!payload) throw orderMissing();
    const refunds = await orderRefundList(app.db, payload.order.id);
    return ok({ ...payload, refunds });
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
        await listVendorOrders(
          app.db,
          { shopId: vendorShopId(request) },
          {
            ...manageListArgs(request.query),
            status,
            dateFrom: date_from,
            dateTo: date_to,
          },
        ),
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
        description:
          'pending -> processing -> ready (a collection order) or shipping (a delivery order) -> delivered; cancelled before delivered. Any other change is 422 `order_status_invalid`. A card order whose payment has not arrived (`unpaid` or `failed`) can only be cancelled: any other move is 409 `order_awaiting_payment`. Cancelling a paid order refunds its total: by card through Stripe (the order becomes `refunded` once Stripe agrees), in cash at once (a `settled` cash refund; the order becomes `refunded`). Delivering an unpaid cash order marks it `paid` (docs/decisions/028).',
        params: idParamsSchema,
        body: vendorOrderStatusBodySchema,
        response: { 200: successEnvelope(vendorOrderPayloadSchema), ...failureResponses },
      },
    },
    async (request) => {
      const shopId = vendorShopId(request);
      const changed = await changeOrderStatus(app.db, {
        orderId: request.params.id,
        to: request.body.status,
        note: request.body.note || null,
        shopId,
        publicUrl: app.config.publicUrl,
      });
      // Committed: the status mail goes now (not at the outbox's next sweep) and the customer's devices hear of it.
      app.mailer.deliverLater(changed.mailIds);
      app.refunds.sendLater(changed.refundIds);
      app.push.sendLater(() => orderStatusPushes(app.db, [changed], app.config.publicUrl));
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
