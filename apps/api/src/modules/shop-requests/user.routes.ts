import multipart from '@fastify/multipart';
import { type FieldErrors, successEnvelope } from '@parade/core/envelope';
import { messages } from '@parade/core/messages';
import {
  SHOP_LOGO_MAX_BYTES,
  shopCreateRequestInputSchema,
  shopCreateRequestSchema,
  shopRequestMessages,
} from '@parade/core/shop-request-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { failureResponses, ok } from '../../lib/envelope';
import { AppError } from '../../lib/errors';
import { cleanUpload, imageBytes, imageInvalidOn, imageRules } from '../../lib/image-upload';
import { removeImages, saveImage } from '../../lib/images';
import { formParts } from '../../lib/multipart';
import { requireUser } from '../../plugins/auth';
import { fileField, withFiles } from '../../plugins/openapi';
import { createGeocoder } from '../location';
import {
  assertCategoryExists,
  assertMayRequestShop,
  cancelOwnShopRequest,
  checkShopPostcode,
  findOwnShopRequest,
  submitShopRequest,
} from './own-request.service';

/** Where request logos are stored under uploads/ of the object store (served at /uploads/shop-requests/). */
const LOGO_FOLDER = 'shop-requests';

const logoRefusal = imageInvalidOn('logo', {
  subject: 'The logo',
  maxBytes: SHOP_LOGO_MAX_BYTES,
  notImage: shopRequestMessages.logoInvalid,
});

/**
 * A signed-in user's own shop-create request (`/api/user/shop-create-request`). The platform
 * decides on it (admin.routes.ts); an accepted requester becomes the new shop's vendor.
 * docs/decisions/019-shop-requests.md.
 */
export const shopRequestsUserRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.authenticate);
  // Multipart in this scope only (the logo); the limits stop a large file as it streams in.
  await app.register(multipart, {
    limits: { fileSize: SHOP_LOGO_MAX_BYTES, files: 1, fields: 10, fieldSize: 16 * 1024, parts: 12 },
  });
  // The same geocoder as GET get-distance and the checkout (the demo gazetteer or postcodes.io).
  const geocoder = createGeocoder(app.config);
  const tags = ['user'];
  const security = [{ bearer: [] }];

  app.get(
    '/user/shop-create-request',
    {
      schema: {
        tags,
        security,
        summary: 'My latest shop-create request in any status, or null',
        response: { 200: successEnvelope(shopCreateRequestSchema.nullable()), ...failureResponses },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      return ok(await findOwnShopRequest(app.db, user.id));
    },
  );

  app.post(
    '/user/shop-create-request',
    {
      config: {
        documentedBody: withFiles(shopCreateRequestInputSchema, {
          logo: fileField('The shop logo (multipart only)').optional(),
        }),
      },
      schema: {
        tags,
        security,
        summary:
          'Ask to open a shop: JSON, or multipart/form-data with a logo (one pending request at a time; 409 shop_request_pending for a second)',
        description: [
          'Fields: `shop_name` (2 to 120 characters), `description` (required, at most 2000), `category_id` (optional;',
          'an existing category, else 422 `validation_failed` on `category_id`), `address`, `postcode`, `phone`, and',
          `\`logo\` (optional file, multipart only: ${imageRules(SHOP_LOGO_MAX_BYTES)},`,
          'else 422 `image_invalid` on `logo`). The postcode must be a valid UK',
          "postcode within the delivery area (setting delivery_radius_miles around the marketplace's postcode, as GET",
          'get-distance): unknown 422 `postcode_invalid`, too far 422 `delivery_out_of_range`, geocoder down 503',
          "`service_unavailable`. The shop e-mail is the account's. A vendor (already running a shop) gets 409",
          '`already_a_vendor`, a platform admin 403 `forbidden`. Answers the new request (201).',
        ].join(' '),
        consumes: ['application/json', 'multipart/form-data'],
        response: { 201: successEnvelope(shopCreateRequestSchema), ...failureResponses },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request);
      // Before any upload is read: an account that may not ask stores nothing and waits for nothing.
      await assertMayRequestShop(app.db, user);

      const fields: Record<string, unknown> = {};
      let logo: Buffer | null = null;
      if (request.isMultipart()) {
        for await (const part of formParts(request)) {
          if (part.type === 'file') {
            if (part.fieldname !== 'logo') {
              part.file.resume();
              continue;
            }
            logo = await imageBytes(part, logoRefusal);
          } else {
            fields[part.fieldname] = String(part.value);
          }
        }
      } else if (request.body && typeof request.body === 'object') {
        Object.assign(fields, request.body);
      }

      const parsed = shopCreateRequestInputSchema.safeParse(fields);
      if (!parsed.success) {
        const errors: FieldErrors = {};
        for (const issue of parsed.error.issues) {
          const key = issue.path.join('.') || 'body';
          errors[key] = [...(errors[key] ?? []), issue.message];
        }
        throw new AppError(422, messages.validationFailed, errors, 'validation_failed');
      }
      // An empty file input (no logo chosen) is not an upload.
      const cleaned = logo && logo.length > 0 ? await cleanUpload(logo, logoRefusal) : null;
      await assertCategoryExists(app.db, parsed.data.category_id);
      const postcode = await checkShopPostcode(app.db, geocoder, parsed.data.postcode);

      // Stored before the transaction (no file I/O inside it) and removed again if it fails.
      const logoUrl = cleaned ? await saveImage(app.storage, LOGO_FOLDER, `${user.id}`, cleaned) : null;
      try {
        const created = await submitShopRequest(app.db, user, { ...parsed.data, postcode, logo: logoUrl });
        return reply.status(201).send(ok(created, 'Your request has been sent. We will e-mail you our decision.'));
      } catch (error) {
        if (logoUrl) await removeImages(app.storage, [logoUrl]);
        throw error;
      }
    },
  );

  app.post(
    '/user/shop-create-request/cancel',
    {
      schema: {
        tags,
        security,
        summary: 'Cancel my pending shop-create request',
        response: { 200: successEnvelope(shopCreateRequestSchema), ...failureResponses },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      return ok(await cancelOwnShopRequest(app.db, user.id), 'Your request is cancelled.');
    },
  );
};
