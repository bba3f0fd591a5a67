import {
  adminIdParamsSchema,
  adminUserListQuerySchema,
  adminUserPayloadSchema,
  adminUserSchema,
  adminUserUpdateSchema,
} from '@parade/core/admin-schemas';
import { paginated, successEnvelope } from '@parade/core/envelope';
import { manageListArgs } from '@parade/core/vendor-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { failureResponses, ok } from '../../lib/envelope';
import { AppError, notFound } from '../../lib/errors';
import { requireUser } from '../../plugins/auth';
import { setAccountDisabled } from '../../workflows/set-account-disabled';
import { findUserForAdmin, listUsersForAdmin } from './staff.service';

const userMissing = () => notFound('No such user.', 'user_not_found');

/** The platform's accounts (`/api/admin/users`): view, disable (its tokens stop working at once), enable. */
export const usersAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/users',
    {
      schema: {
        tags: ['admin'],
        security: [{ bearer: [] }],
        summary: 'Accounts, filtered by role; search matches name and e-mail',
        querystring: adminUserListQuerySchema,
        response: { 200: successEnvelope(paginated(adminUserSchema)), ...failureResponses },
      },
    },
    async (request) => {
      const { role } = request.query;
      return ok(await listUsersForAdmin(app.db, { ...manageListArgs(request.query), role }));
    },
  );

  app.patch(
    '/admin/users/:id',
    {
      schema: {
        tags: ['admin'],
        security: [{ bearer: [] }],
        summary:
          "Disable or enable an account (disabling ends the account's sessions: its tokens answer 401, also once it is enabled again)",
        params: adminIdParamsSchema,
        body: adminUserUpdateSchema,
        response: { 200: successEnvelope(adminUserPayloadSchema), ...failureResponses },
      },
    },
    async (request) => {
      const me = await requireUser(request);
      // An admin locking themselves out would leave nobody to undo it.
      if (request.params.id === me.id && request.body.disabled) {
        throw new AppError(422, 'You cannot disable your own account.', {
          disabled: ['You cannot disable your own account.'],
        });
      }
      if (!(await setAccountDisabled(app.db, request.params.id, request.body.disabled))) throw userMissing();
      const user = await findUserForAdmin(app.db, request.params.id);
      if (!user) throw userMissing();
      return ok({ user });
    },
  );
};
