import multipart from '@fastify/multipart';
import {
  adminIdParamsSchema,
  adminShopListQuerySchema,
  adminShopPayloadSchema,
  adminShopSchema,
  adminShopUpdateSchema,
} from '@parade/core/admin-schemas';
import { paginated, successEnvelope } from '@parade/core/envelope';
import { manageListArgs, vendorShopPayloadSchema, vendorShopUpdateSchema } from '@parade/core/vendor-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import { failureResponses, ok } from '../../lib/envelope';
import { notFound } from '../../lib/errors';
import { imageInvalidOn, imageRules, readOneImage } from '../../lib/image-upload';
import { IMAGE_MAX_BYTES, removeImages, saveImage } from '../../lib/images';
import { fileField } from '../../plugins/openapi';
import { vendorShopId } from '../../plugins/role-guards';
import { setShopStatus } from '../../workflows/set-shop-status';
import { setVendorShopImage, updateVendorShopProfile } from '../../workflows/update-shop-profile';
import { countListableProducts } from '../catalog';
import { shopOwners } from '../users';
import { type AdminShopBase, findShopForAdmin, findVendorShop, listShopsForAdmin } from './shops.manage';

const shopMissing = () => notFound('No such shop.', 'shop_not_found');

/** Adds each shop's owner and listed product count: one query each for the whole page. */
async function withOwnersAndCounts(db: DbOrTx, list: AdminShopBase[]) {
  const ids = list.map((s) => s.id);
  const [owners, counts] = await Promise.all([shopOwners(db, ids), countListableProducts(db, ids)]);
  return list.map((s) => ({ ...s, owner: owners.get(s.id) ?? null, product_count: counts.get(s.id) ?? 0 }));
}

/** The merchant's own shop profile (`/api/vendor/shop`) and the platform's shops (`/api/admin/shops`). */
export const shopsManageRoutes: FastifyPluginAsyncZod = async (app) => {
  // Multipart in this scope only (logo and banner); the limits stop a large file as it streams in.
  await app.register(multipart, { limits: { fileSize: IMAGE_MAX_BYTES, files: 1, fields: 2, parts: 3 } });
  const pictureRefusal = imageInvalidOn('image', {
    subject: 'The picture',
    notImage: 'Choose a PNG, JPEG, WebP or GIF picture.',
  });

  for (const kind of ['logo', 'banner'] as const) {
    app.post(
      `/vendor/shop/${kind}`,
      {
        config: { documentedBody: z.object({ image: fileField(`The shop's ${kind}`) }) },
        schema: {
          tags: ['vendor'],
          security: [{ bearer: [] }],
          summary: `Upload the shop's ${kind} (multipart/form-data, field \`image\`)`,
          description: `${imageRules()}.`,
          consumes: ['multipart/form-data'],
          response: { 200: successEnvelope(vendorShopPayloadSchema), ...failureResponses },
        },
      },
      async (request) => {
        const shopId = vendorShopId(request);
        const image = await readOneImage(request, 'image', pictureRefusal);
        const url = await saveImage(app.storage, 'shops', `${shopId}-${kind}`, image);
        let replaced: string | null | undefined;
        try {
          replaced = await setVendorShopImage(app.db, shopId, kind, url);
        } catch (error) {
          await removeImages(app.storage, [url]);
          throw error;
        }
        if (replaced === undefined) throw shopMissing();
        // The replaced picture is not deleted here: one of the shop's slides may show it (slides
        // take any of the shop's own pictures). The sweep deletes it once no row mentions it
        // (workflows/sweep-stored-objects.ts, docs/decisions/041).
        const shop = await findVendorShop(app.db, shopId);
        if (!shop) throw shopMissing();
        return ok({ shop });
      },
    );
  }

  app.get(
    '/vendor/shop',
    {
      schema: {
        tags: ['vendor'],
        security: [{ bearer: [] }],
        summary: "The caller's shop profile",
        response: { 200: successEnvelope(vendorShopPayloadSchema), ...failureResponses },
      },
    },
    async (request) => {
      const shop = await findVendorShop(app.db, vendorShopId(request));
      if (!shop) throw shopMissing();
      return ok({ shop });
    },
  );

  app.put(
    '/vendor/shop',
    {
      schema: {
        tags: ['vendor'],
        security: [{ bearer: [] }],
        summary: 'Update the shop profile: only the fields sent change (holiday_mode stops new orders)',
        body: vendorShopUpdateSchema,
        response: { 200: successEnvelope(vendorShopPayloadSchema), ...failureResponses },
      },
    },
    async (request) => {
      const shop = await updateVendorShopProfile(app.db, vendorShopId(request), request.body);
      if (!shop) throw shopMissing();
      return ok({ shop });
    },
  );

  app.get(
    '/admin/shops',
    {
      schema: {
        tags: ['admin'],
        security: [{ bearer: [] }],
        summary: 'Every shop, active or suspended, with its owner and listed product count',
        querystring: adminShopListQuerySchema,
        response: { 200: successEnvelope(paginated(adminShopSchema)), ...failureResponses },
      },
    },
    async (request) => {
      const { status } = request.query;
      const list = await listShopsForAdmin(app.db, { ...manageListArgs(request.query), status });
      return ok({ ...list, data: await withOwnersAndCounts(app.db, list.data) });
    },
  );

  app.patch(
    '/admin/shops/:id',
    {
      schema: {
        tags: ['admin'],
        security: [{ bearer: [] }],
        summary: 'Suspend a shop (hidden from the storefront, refused at checkout) or make it active again',
        params: adminIdParamsSchema,
        body: adminShopUpdateSchema,
        response: { 200: successEnvelope(adminShopPayloadSchema), ...failureResponses },
      },
    },
    async (request) => {
      const { id } = request.params;
      if (!(await setShopStatus(app.db, id, request.body.status === 'active'))) throw shopMissing();
      const shop = await findShopForAdmin(app.db, id);
      if (!shop) throw shopMissing();
      const [full] = await withOwnersAndCounts(app.db, [shop]);
      return ok({ shop: full ?? { ...shop, owner: null, product_count: 0 } });
    },
  );
};
