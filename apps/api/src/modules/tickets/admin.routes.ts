import {
  adminIdParamsSchema,
  adminTicketDetailSchema,
  adminTicketListQuerySchema,
  adminTicketPayloadSchema,
  adminTicketReplySchema,
  adminTicketUpdateSchema,
} from '@parade/core/admin-schemas';
import { paginated, successEnvelope } from '@parade/core/envelope';
import { manageListArgs } from '@parade/core/vendor-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { failureResponses, ok } from '../../lib/envelope';
import { notFound } from '../../lib/errors';
import { requireUser } from '../../plugins/auth';
import { replyToTicket } from '../../workflows/reply-to-ticket';
import { findTicket, listTicketsWithMessages, setTicketStatus } from './tickets.service';

const ticketMissing = () => notFound('No such ticket.', 'ticket_not_found');

/** Every customer's support tickets, for the platform (`/api/admin/tickets`): read, answer, resolve or close. */
export const ticketsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['admin'];
  const security = [{ bearer: [] }];
  const ticketReply = { 200: successEnvelope(adminTicketPayloadSchema), ...failureResponses };

  async function ticketPayload(id: number) {
    const ticket = await findTicket(app.db, id);
    if (!ticket) throw ticketMissing();
    return { ticket };
  }

  app.get(
    '/admin/tickets',
    {
      schema: {
        tags,
        security,
        summary:
          'Support tickets with their messages (oldest first), filtered by status; search matches the subject and the customer (name, e-mail)',
        querystring: adminTicketListQuerySchema,
        response: { 200: successEnvelope(paginated(adminTicketDetailSchema)), ...failureResponses },
      },
    },
    async (request) => {
      const { status } = request.query;
      return ok(await listTicketsWithMessages(app.db, { ...manageListArgs(request.query), status }));
    },
  );

  app.get(
    '/admin/tickets/:id',
    {
      schema: {
        tags,
        security,
        summary: 'One ticket with its conversation, oldest message first',
        params: adminIdParamsSchema,
        response: ticketReply,
      },
    },
    async (request) => ok(await ticketPayload(request.params.id)),
  );

  app.post(
    '/admin/tickets/:id/reply',
    {
      schema: {
        tags,
        security,
        summary: 'Answer a ticket as staff; the answer is e-mailed to the customer',
        params: adminIdParamsSchema,
        body: adminTicketReplySchema,
        response: ticketReply,
      },
    },
    async (request) => {
      const me = await requireUser(request);
      const { mailId } = await replyToTicket(app.db, app.config, {
        ticketId: request.params.id,
        staffUserId: me.id,
        body: request.body.body,
      });
      app.mailer.deliverLater([mailId]);
      return ok(await ticketPayload(request.params.id), 'Reply sent.');
    },
  );

  app.patch(
    '/admin/tickets/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Set a ticket open, resolved or closed',
        params: adminIdParamsSchema,
        body: adminTicketUpdateSchema,
        response: ticketReply,
      },
    },
    async (request) => {
      if (!(await setTicketStatus(app.db, request.params.id, request.body.status))) throw ticketMissing();
      return ok(await ticketPayload(request.params.id));
    },
  );
};
