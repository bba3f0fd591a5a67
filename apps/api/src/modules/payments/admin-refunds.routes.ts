import { adminIdParamsSchema } from '@parade/core/admin-schemas';
import { paginate, successEnvelope } from '@parade/core/envelope';
import {
  adminRefundListPayloadSchema,
  adminRefundListQuerySchema,
  adminRefundSchema,
  REFUND_STUCK_AFTER_MINUTES,
} from '@parade/core/refund-schemas';
import { MANAGE_PER_PAGE } from '@parade/core/vendor-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { failureResponses, ok } from '../../lib/envelope';
import { AppError, notFound } from '../../lib/errors';
import { findRefund, reopenFailedRefund, troubledRefunds } from './refunds.commands';
import { toAdminRefund } from './refunds.payloads';

/**
 * The admin's view of refunds that need a person (docs/decisions/030): the failed ones and card
 * refunds stuck pending, and a retry that hands one to the refund sender again.
 */
export const adminRefundsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['admin'];
  const security = [{ bearer: [] }];

  app.get(
    '/admin/refunds',
    {
      schema: {
        tags,
        security,
        summary: `Refunds that failed, and card refunds still pending after ${REFUND_STUCK_AFTER_MINUTES} minutes, newest first, paginated (per_page 1-100, default 20)`,
        querystring: adminRefundListQuerySchema,
        response: { 200: successEnvelope(adminRefundListPayloadSchema), ...failureResponses },
      },
    },
    async (request) => {
      const stuckBefore = new Date(Date.now() - REFUND_STUCK_AFTER_MINUTES * 60_000);
      const page = request.query.page ?? 1;
      const perPage = request.query.per_page ?? MANAGE_PER_PAGE;
      const { rows, total } = await troubledRefunds(app.db, stuckBefore, { page, perPage });
      return ok(paginate(rows.map(toAdminRefund), total, page, perPage));
    },
  );

  app.post(
    '/admin/refunds/:id/retry',
    {
      schema: {
        tags,
        security,
        summary: 'Send a failed or stuck card refund to Stripe again',
        description:
          'A failed card refund becomes pending again with a new idempotency key (Stripe keeps its refusal under the old one); a pending one is sent again with its own key (one refund at Stripe whatever the retries). The answer comes after the reply: the refund is then succeeded or failed. Another refund answers 409 `refund_not_retryable`; none, 404 `refund_not_found`.',
        params: adminIdParamsSchema,
        response: { 200: successEnvelope(z.object({ refund: adminRefundSchema })), ...failureResponses },
      },
    },
    async (request) => {
      const found = await findRefund(app.db, request.params.id);
      if (!found) throw notFound('Refund not found.', 'refund_not_found');
      const ready =
        found.method === 'card' && found.status === 'pending' ? found : await reopenFailedRefund(app.db, found.id);
      if (!ready) {
        throw new AppError(409, 'Only a failed or pending card refund can be sent again.', {}, 'refund_not_retryable');
      }
      app.refunds.sendLater([ready.id]);
      return ok({ refund: toAdminRefund(ready) }, 'The refund has been sent to Stripe again.');
    },
  );
};
