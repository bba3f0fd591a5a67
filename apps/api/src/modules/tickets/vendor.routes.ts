import { paginated, successEnvelope } from '@parade/core/envelope';
import { idParamsSchema } from '@parade/core/ids';
import {
  vendorTicketListQuerySchema,
  vendorTicketPayloadSchema,
  vendorTicketReplySchema,
} from '@parade/core/ticket-schemas';
import { manageListArgs } from '@parade/core/vendor-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { failureResponses, ok } from '../../lib/envelope';
import { notFound } from '../../lib/errors';
import { requireUser } from '../../plugins/auth';
import { vendorShopId } from '../../plugins/role-guards';
import { replyToTicket } from '../../workflows/reply-to-ticket';
import { findTicket, listTicketsWithMessages } from './tickets.service';

const ticketMissing = () => notFound('No such ticket.', 'ticket_not_found');

/**
 * The tickets about the shop's own orders (`/api/vendor/tickets`), scoped by the role guard's
 * shop: read them and answer the customer. A general question (no order) and a ticket about
 * another shop's order are not the shop's: they answer 404 and are never listed. Resolving or
 * closing stays with the customer and the platform.
 */
export const ticketsVendorRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['vendor'];
  const security = [{ bearer: [] }];
  const ticketReply = { 200: successEnvelope(vendorTicketPayloadSchema), ...failureResponses };

  async function ticketPayload(shopId: number, id: number) {
    const ticket = await findTicket(app.db, id, { shopId });
    if (!ticket) throw ticketMissing();
    return { ticket };
  }

  app.get(
    '/vendor/tickets',
    {
      schema: {
        tags,
        security,
        summary:
          "Tickets about the shop's orders, each with its messages, filtered by status; search matches the subject and the customer",
        querystring: vendorTicketListQuerySchema,
        response: { 200: successEnvelope(paginated(vendorTicketPayloadSchema.shape.ticket)), ...failureResponses },
      },
    },
    async (request) => {
      const { status } = request.query;
      return ok(
        await listTicketsWithMessages(app.db, {
          shopId: vendorShopId(request),
          ...manageListArgs(request.query),
          status,
        }),
      );
    },
  );

  app.get(
    '/vendor/tickets/:id',
    {
      schema: {
        tags,
        security,
        summary: "One ticket about the shop's order with its conversation, oldest message first",
        description: "A ticket about another shop's order, or a general question, answers 404 `ticket_not_found`.",
        params: idParamsSchema,
        response: ticketReply,
      },
    },
    async (request) => ok(await ticketPayload(vendorShopId(request), request.params.id)),
  );

  app.post(
    '/vendor/tickets/:id/reply',
    {
      schema: {
        tags,
        security,
        summary: 'Answer the customer as staff; the answer is e-mailed to them',
        description:
          "The message's author is `staff` (the customer is not told which person wrote it). The status is left as it is. Another shop's ticket answers 404 `ticket_not_found`.",
        params: idParamsSchema,
        body: vendorTicketReplySchema,
        response: ticketReply,
      },
    },
    async (request) => {
      const shopId = vendorShopId(request);
      const me = await requireUser(request);
      const { mailId } = await replyToTicket(app.db, app.config, {
        ticketId: request.params.id,
        staffUserId: me.id,
        body: request.body.body,
        shopId,
      });
      app.mailer.deliverLater([mailId]);
      return ok(await ticketPayload(shopId, request.params.id), 'Reply sent.');
    },
  );
};
