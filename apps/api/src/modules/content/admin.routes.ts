import { adminSettingsPayloadSchema, adminSettingsUpdateSchema } from '@parade/core/admin-schemas';
import { successEnvelope } from '@parade/core/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { failureResponses, ok } from '../../lib/envelope';
import { getAdminSettings, updateAdminSettings } from './admin-settings.service';

/**
 * The platform's content calls: the site settings (`/api/admin/settings`, every key of spec
 * section 3, typed) here, and the editorial content (sliders, pages, blog, deals) beside it in
 * admin-content.routes.ts (src/http/routes.ts registers both).
 */
export const contentAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/settings',
    {
      schema: {
        tags: ['admin'],
        security: [{ bearer: [] }],
        summary: 'Every site setting, typed (booleans, numbers, the collection points as a list)',
        response: { 200: successEnvelope(adminSettingsPayloadSchema), ...failureResponses },
      },
    },
    async () => ok(await getAdminSettings(app.db)),
  );

  app.put(
    '/admin/settings',
    {
      schema: {
        tags: ['admin'],
        security: [{ bearer: [] }],
        summary: 'Change site settings: only the keys sent change; each is validated by its type',
        body: adminSettingsUpdateSchema,
        response: { 200: successEnvelope(adminSettingsPayloadSchema), ...failureResponses },
      },
    },
    async (request) => ok(await updateAdminSettings(app.db, request.body), 'Settings saved.'),
  );
};
