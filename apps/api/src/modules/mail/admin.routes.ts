import {
  adminIdParamsSchema,
  adminMailListQuerySchema,
  adminMailPayloadSchema,
  adminMailSchema,
} from '@parade/core/admin-schemas';
import { paginated, successEnvelope } from '@parade/core/envelope';
import { manageListArgs } from '@parade/core/vendor-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { failureResponses, ok } from '../../lib/envelope';
import { listOutbox, retryFailedMail } from './outbox.admin';

/** The platform's mail outbox (`/api/admin/mail-outbox`): every mail's delivery state, and a retry for a failed one. */
export const mailAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['admin'];
  const security = [{ bearer: [] }];

  app.get(
    '/admin/mail-outbox',
    {
      schema: {
        tags,
        security,
        summary: 'Mails, filtered by delivery status; search matches the recipient, subject and kind (never the body)',
        querystring: adminMailListQuerySchema,
        response: { 200: successEnvelope(paginated(adminMailSchema)), ...failureResponses },
      },
    },
    async (request) => {
      const { status } = request.query;
      return ok(await listOutbox(app.db, { ...manageListArgs(request.query), status }));
    },
  );

  app.post(
    '/admin/mail-outbox/:id/retry',
    {
      schema: {
        tags,
        security,
        summary: 'Try a failed mail again now; answers the row after the attempt (sent, or failed with the new error)',
        params: adminIdParamsSchema,
        response: { 200: successEnvelope(adminMailPayloadSchema), ...failureResponses },
      },
    },
    async (request) => {
      const mail = await retryFailedMail(app.db, app.mailer, request.params.id, Boolean(app.config.smtpUrl));
      return ok(
        { mail },
        mail.status === 'sent' ? 'Mail sent.' : `The relay refused it again: ${mail.last_error ?? 'no reason given'}`,
      );
    },
  );
};
