import { adminSettingsPayloadSchema, adminSettingsUpdateSchema } from '@parade/core/admin-schemas';
import { successEnvelope } from '@parade/core/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { failureResponses, ok } from '../../lib/envelope';
import { updateSiteSettings } from '../../workflows/update-site-settings';
import { createGeocoder } from '../location';
import { getAdminSettings } from './admin-settings.service';

/**
 * The platform's content calls: the site settings (`/api/admin/settings`, every key of spec
 * section 3, typed) here, and the editorial content (sliders, pages, blog, deals) beside it in
 * admin-content.routes.ts (src/http/routes.ts registers both).
 */
export const contentAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  // The same geocoder as GET get-distance and the checkout: a new base postcode must be one it knows.
  const geocoder = createGeocoder(app.config);
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
        description:
          '`postcode` (the base every delivery distance is measured from) must be a full UK postcode the ' +
          'geocoder knows: else 422 `postcode_invalid` under `postcode` (503 `service_unavailable` while the ' +
          'geocoder cannot be reached). `collection_locations`: each `value` named (trimmed, at most 120 ' +
          'characters) and listed once (case aside), else 422 under `collection_locations.{index}.value`; ' +
          'an empty list is a marketplace that only delivers. Nothing is saved when any key is refused.',
        body: adminSettingsUpdateSchema,
        response: { 200: successEnvelope(adminSettingsPayloadSchema), ...failureResponses },
      },
    },
    async (request) => ok(await updateSiteSettings(app.db, geocoder, request.body), 'Settings saved.'),
  );
};
