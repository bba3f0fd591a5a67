import { paginated, successEnvelope } from '@parade/core/envelope';
import { idParamsSchema } from '@parade/core/ids';
import {
  createTicketSchema,
  orderIssueInputSchema,
  TICKETS_PER_PAGE,
  ticketDetailSchema,
  ticketListQuerySchema,
  ticketMessageInputSchema,
  ticketPayloadSchema,
  ticketStatusChangeSchema,
} from '@parade/core/ticket-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { DbOrTx } from '../../db/client';
import { failureResponses, ok } from '../../lib/envelope';
import { notFound } from '../../lib/errors';
import { requireUser } from '../../plugins/auth';
import { openSupportTicket } from '../../workflows/open-support-ticket';
import { reportOrderIssue } from '../../workflows/report-order-issue';
import { sendTicketMessage } from '../../workflows/send-ticket-message';
import { enforceRateLimits, type RateLimitRule } from '../auth';
import { findCustomerTicket, listCustomerTickets, setTicketStatus } from './tickets.service';

const ticketMissing = () => notFound('No such ticket.', 'ticket_not_found');

const MINUTE = 60;
const DAY = 24 * 60 * 60;

/**
 * What one customer may write: plenty for anyone with a real problem, far too little to flood a
 * shop's inbox (each new ticket, order issue and message e-mails the staff). New tickets and
 * order issues share their counters. Over a limit: 429 `rate_limited` with Retry-After.
 */
export const ticketRateLimits = {
  newPerMinute: { max: 10, windowSeconds: MINUTE },
  newPerDay: { max: 50, windowSeconds: DAY },
  messagesPerMinute: { max: 20, windowSeconds: MINUTE },
  messagesPerDay: { max: 200, windowSeconds: DAY },
} as const satisfies Record<string, RateLimitRule>;

/** Counts a new ticket or order issue of this customer, refusing it past either limit. */
const countNewTicket = (db: DbOrTx, userId: number) =>
  enforceRateLimits(db, [
    { key: `tickets:new:minute:user:${userId}`, rule: ticketRateLimits.newPerMinute },
    { key: `tickets:new:day:user:${userId}`, rule: ticketRateLimits.newPerDay },
  ]);

/** Counts a message of this customer on a ticket, refusing it past either limit. */
const countMessage = (db: DbOrTx, userId: number) =>
  enforceRateLimits(db, [
    { key: `tickets:message:minute:user:${userId}`, rule: ticketRateLimits.messagesPerMinute },
    { key: `tickets:message:day:user:${userId}`, rule: ticketRateLimits.messagesPerDay },
  ]);

/**
 * A signed-in customer's own support tickets and order issues (`/api/user/support-ticket...`,
 * `/api/user/order-issue`). Every call is scoped to the caller: another customer's ticket or
 * order answers 404 exactly as a missing one. Staff answer from the merchant/admin site.
 */
export const ticketsUserRoutes: FastifyPluginAsyncZod = async (app) => {
  // Before the body is read: a guest gets 401, not a validation error.
  app.addHook('onRequest', app.authenticate);
  const tags = ['user'];
  const security = [{ bearer: [] }];
  const ticketReply = { 200: successEnvelope(ticketPayloadSchema), ...failureResponses };
  const createdReply = { 201: successEnvelope(ticketPayloadSchema), ...failureResponses };

  async function ticketPayload(id: number, userId: number) {
    const ticket = await findCustomerTicket(app.db, id, userId);
    if (!ticket) throw ticketMissing();
    return { ticket };
  }

  app.get(
    '/user/support-ticket',
    {
      schema: {
        tags,
        security,
        summary:
          'My support tickets and order issues, each with its messages, newest first, ten a page; `status` filters',
        description:
          'Each ticket without its messages: `message_count` and `last_message` (`author` staff means there is an answer to read).',
        querystring: ticketListQuerySchema,
        response: { 200: successEnvelope(paginated(ticketDetailSchema)), ...failureResponses },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      return ok(
        await listCustomerTickets(app.db, user.id, {
          page: request.query.page ?? 1,
          perPage: TICKETS_PER_PAGE,
          status: request.query.status,
        }),
      );
    },
  );

  app.get(
    '/user/support-ticket/:id',
    {
      schema: {
        tags,
        security,
        summary: 'One of my tickets with its messages, oldest first',
        description:
          "Messages are `{id, body, author: customer|staff, created_at}`; no staff member is named. Another customer's ticket answers 404 `ticket_not_found`.",
        params: idParamsSchema,
        response: ticketReply,
      },
    },
    async (request) => {
      const user = await requireUser(request);
      return ok(await ticketPayload(request.params.id, user.id));
    },
  );

  app.post(
    '/user/support-ticket',
    {
      schema: {
        tags,
        security,
        summary: 'Open a support ticket, optionally about one of my orders',
        description: [
          "The ticket starts `open` with `message` as its first message. `order_id` must be one of the caller's orders",
          "(else 404 `order_not_found`, on `errors.order_id`). The order's shop is e-mailed (else the site address),",
          'so that someone answers. At most 10 new tickets and order issues a minute and 50 a day per customer (429',
          '`rate_limited` with Retry-After).',
        ].join(' '),
        body: createTicketSchema,
        response: createdReply,
      },
    },
    async (request, reply) => {
      const user = await requireUser(request);
      await countNewTicket(app.db, user.id);
      const { ticketId, mailIds } = await openSupportTicket(app.db, app.config, {
        customer: user,
        subject: request.body.subject,
        message: request.body.message,
        orderId: request.body.order_id ?? null,
      });
      app.mailer.deliverLater(mailIds);
      return reply.status(201).send(ok(await ticketPayload(ticketId, user.id), 'Your ticket has been sent.'));
    },
  );

  app.post(
    '/user/support-ticket/:id/send-message',
    {
      schema: {
        tags,
        security,
        summary: 'Write on one of my tickets; a resolved or closed ticket opens again',
        description:
          "A customer writing again needs an answer, so the ticket's status becomes `open`. Another customer's ticket answers 404 `ticket_not_found`. At most 20 messages a minute and 200 a day per customer (429 `rate_limited` with Retry-After).",
        params: idParamsSchema,
        body: ticketMessageInputSchema,
        response: ticketReply,
      },
    },
    async (request) => {
      const user = await requireUser(request);
      await countMessage(app.db, user.id);
      const { reopened, mailIds } = await sendTicketMessage(app.db, app.config, {
        ticketId: request.params.id,
        customer: user,
        body: request.body.body,
      });
      app.mailer.deliverLater(mailIds);
      return ok(
        await ticketPayload(request.params.id, user.id),
        reopened ? 'Message sent. Your ticket is open again.' : 'Message sent.',
      );
    },
  );

  app.patch(
    '/user/support-ticket/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Close or reopen one of my tickets (`status`: close or open)',
        description: "`resolved` is the staff's to set. Another customer's ticket answers 404 `ticket_not_found`.",
        params: idParamsSchema,
        body: ticketStatusChangeSchema,
        response: ticketReply,
      },
    },
    async (request) => {
      const user = await requireUser(request);
      const { status } = request.body;
      if (!(await setTicketStatus(app.db, request.params.id, status, { userId: user.id }))) throw ticketMissing();
      return ok(
        await ticketPayload(request.params.id, user.id),
        status === 'close' ? 'Your ticket is closed.' : 'Your ticket is open again.',
      );
    },
  );

  app.post(
    '/user/order-issue',
    {
      schema: {
        tags,
        security,
        summary: 'Report a problem with one of my orders (and optionally one of its lines): a ticket linked to it',
        description: [
          '`type` is missing, damaged, wrong_item, late or other. The subject is made by the server, e.g.',
          '"Order INV-2026-000123: damaged item — Braeburn Apples 1kg". Another customer\'s order answers 404',
          "`order_not_found`; an `item_id` that is not a line of that order 422 `order_item_invalid`. The order's",
          'shop is e-mailed (else the site address). Counted with new tickets: at most 10 a minute and 50 a day per',
          'customer (429 `rate_limited` with Retry-After).',
        ].join(' '),
        body: orderIssueInputSchema,
        response: createdReply,
      },
    },
    async (request, reply) => {
      const user = await requireUser(request);
      await countNewTicket(app.db, user.id);
      const { ticketId, mailIds } = await reportOrderIssue(app.db, app.config, {
        customer: user,
        orderId: request.body.order_id,
        itemId: request.body.item_id ?? null,
        type: request.body.type,
        message: request.body.message,
      });
      app.mailer.deliverLater(mailIds);
      return reply
        .status(201)
        .send(
          ok(await ticketPayload(ticketId, user.id), 'Thank you for telling us. We will look into it and reply here.'),
        );
    },
  );
};
