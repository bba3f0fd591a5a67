import multipart from '@fastify/multipart';
import { digitalFileKindsMessage } from '@parade/core/digital-files';
import { paginated, successEnvelope } from '@parade/core/envelope';
import { idParamsSchema, idSchema } from '@parade/core/ids';
import {
  DIGITAL_FILE_FIELD,
  manageListArgs,
  vendorBulkStockPayloadSchema,
  vendorBulkStockSchema,
  vendorImagesPayloadSchema,
  vendorProductCreateSchema,
  vendorProductListQuerySchema,
  vendorProductPayloadSchema,
  vendorProductSchema,
  vendorProductUpdateSchema,
  vendorVariationCreateSchema,
  vendorVariationPayloadSchema,
  vendorVariationUpdateSchema,
} from '@parade/core/vendor-schemas';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  cleanFileName,
  digitalFileTooLarge,
  removeDigitalFile,
  type StoredDigitalFile,
  storeDigitalFile,
} from '../../lib/digital-files';
import { failureResponses, ok } from '../../lib/envelope';
import { AppError, notFound } from '../../lib/errors';
import { cleanUpload, imageBytes, imageInvalidOn, imageRules } from '../../lib/image-upload';
import { type CleanImage, IMAGE_MAX_BYTES, removeImages, saveImage } from '../../lib/images';
import { fileStream, formParts } from '../../lib/multipart';
import { fileField } from '../../plugins/openapi';
import { vendorShopId } from '../../plugins/role-guards';
import { deleteShopProduct, deleteShopVariation, removeShopDigitalFile } from '../../workflows/delete-from-catalogue';
import {
  addVendorVariationImages,
  createVendorProduct,
  createVendorVariation,
  notDigitalVariation,
  setVendorDigitalFile,
  setVendorStocks,
  updateVendorProduct,
  updateVendorVariation,
} from './vendor.commands';
import {
  findVendorProduct,
  findVendorVariation,
  listVendorProducts,
  vendorVariationProductType,
} from './vendor.queries';

const productMissing = () => notFound('No such product in your shop.', 'product_not_found');
const variationMissing = () => notFound('No such variation in your shop.', 'variation_not_found');
const pictureRefusal = imageInvalidOn('images', {
  subject: 'Each picture',
  notImage: 'Pictures must be PNG, JPEG, WebP or GIF images.',
});
const imageInvalid = (message: string) => pictureRefusal.invalid(message, 'not_image');
const MAX_FILES_PER_UPLOAD = 10;
const fileInvalid = (message: string) => new AppError(422, message, { file: [message] }, 'validation_failed');

/**
 * The merchant's products and variations (`/api/vendor/...`): the role guard has checked the
 * caller is a vendor and set their shop; every query and command is scoped to it, so another
 * shop's product answers 404 exactly as a missing one.
 */
export const vendorCatalogRoutes: FastifyPluginAsyncZod = async (app) => {
  // Multipart in this scope only (the images upload); the limits stop a large file as it streams in.
  await app.register(multipart, {
    limits: { fileSize: IMAGE_MAX_BYTES, files: MAX_FILES_PER_UPLOAD, fields: 5, fieldSize: 100, parts: 16 },
  });
  const tags = ['vendor'];
  const security = [{ bearer: [] }];

  const productReply = async (shopId: number, id: number) => {
    const product = await findVendorProduct(app.db, shopId, id);
    if (!product) throw productMissing();
    return ok({ product });
  };

  app.get(
    '/vendor/products',
    {
      schema: {
        tags,
        security,
        summary: "The shop's products with their variations (paged, searchable, sortable)",
        querystring: vendorProductListQuerySchema,
        response: { 200: successEnvelope(paginated(vendorProductSchema)), ...failureResponses },
      },
    },
    async (request) => {
      const { status } = request.query;
      return ok(await listVendorProducts(app.db, vendorShopId(request), { ...manageListArgs(request.query), status }));
    },
  );

  app.post(
    '/vendor/products',
    {
      schema: {
        tags,
        security,
        summary: 'Create a product with its first variations',
        body: vendorProductCreateSchema,
        response: { 201: successEnvelope(vendorProductPayloadSchema), ...failureResponses },
      },
    },
    async (request, reply) => {
      const shopId = vendorShopId(request);
      const id = await createVendorProduct(app.db, shopId, request.body);
      reply.code(201);
      return productReply(shopId, id);
    },
  );

  app.post(
    '/vendor/products/bulk-stock',
    {
      schema: {
        tags,
        security,
        summary: "Set several variations' stock at once (all of them the shop's, or nothing changes)",
        body: vendorBulkStockSchema,
        response: { 200: successEnvelope(vendorBulkStockPayloadSchema), ...failureResponses },
      },
    },
    async (request) => {
      const shopId = vendorShopId(request);
      const ids = await setVendorStocks(app.db, shopId, request.body.items);
      const variations = await Promise.all(ids.map((id) => findVendorVariation(app.db, shopId, id)));
      return ok({ variations: variations.filter((v) => v !== null) });
    },
  );

  app.get(
    '/vendor/products/:id',
    {
      schema: {
        tags,
        security,
        summary: 'One product of the shop with its variations',
        params: idParamsSchema,
        response: { 200: successEnvelope(vendorProductPayloadSchema), ...failureResponses },
      },
    },
    async (request) => productReply(vendorShopId(request), request.params.id),
  );

  app.put(
    '/vendor/products/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Update a product: only the fields sent change',
        params: idParamsSchema,
        body: vendorProductUpdateSchema,
        response: { 200: successEnvelope(vendorProductPayloadSchema), ...failureResponses },
      },
    },
    async (request) => {
      const shopId = vendorShopId(request);
      if (!(await updateVendorProduct(app.db, shopId, request.params.id, request.body))) throw productMissing();
      return productReply(shopId, request.params.id);
    },
  );

  for (const [action, isActive] of [
    ['publish', true],
    ['unpublish', false],
  ] as const) {
    app.post(
      `/vendor/products/:id/${action}`,
      {
        schema: {
          tags,
          security,
          summary: isActive ? 'Publish a product (listed when it has an active variation)' : 'Withdraw a product',
          params: idParamsSchema,
          response: { 200: successEnvelope(vendorProductPayloadSchema), ...failureResponses },
        },
      },
      async (request) => {
        const shopId = vendorShopId(request);
        if (!(await updateVendorProduct(app.db, shopId, request.params.id, { is_active: isActive }))) {
          throw productMissing();
        }
        return productReply(shopId, request.params.id);
      },
    );
  }

  app.delete(
    '/vendor/products/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Delete a product and its variations (past orders keep their lines)',
        description:
          'Answers the product with its variations as it was just before the delete. ' +
          "Its reviews go with it and the shop's rating is recomputed. A product bought as a download (a digital line of " +
          'an order not cancelled) is kept for its buyers: 409 `digital_product_sold` (hide it with `is_active: false`).',
        params: idParamsSchema,
        response: { 200: successEnvelope(vendorProductPayloadSchema), ...failureResponses },
      },
    },
    async (request) => {
      const product = await deleteShopProduct(app.db, vendorShopId(request), request.params.id);
      if (!product) throw productMissing();
      return ok({ product }, 'Product deleted.');
    },
  );

  app.post(
    '/vendor/products/:id/variations',
    {
      schema: {
        tags,
        security,
        summary: 'Add a variation to a product',
        params: idParamsSchema,
        body: vendorVariationCreateSchema,
        response: { 201: successEnvelope(vendorVariationPayloadSchema), ...failureResponses },
      },
    },
    async (request, reply) => {
      const shopId = vendorShopId(request);
      const id = await createVendorVariation(app.db, shopId, request.params.id, request.body);
      if (id === null) throw productMissing();
      const variation = await findVendorVariation(app.db, shopId, id);
      if (!variation) throw variationMissing();
      reply.code(201);
      return ok({ variation });
    },
  );

  app.put(
    '/vendor/variations/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Update a variation: only the fields sent change (`images` reorders or drops existing pictures)',
        params: idParamsSchema,
        body: vendorVariationUpdateSchema,
        response: { 200: successEnvelope(vendorVariationPayloadSchema), ...failureResponses },
      },
    },
    async (request) => {
      const shopId = vendorShopId(request);
      if (!(await updateVendorVariation(app.db, shopId, request.params.id, request.body))) throw variationMissing();
      const variation = await findVendorVariation(app.db, shopId, request.params.id);
      if (!variation) throw variationMissing();
      return ok({ variation });
    },
  );

  app.delete(
    '/vendor/variations/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Delete a variation (past orders keep their lines)',
        description:
          'Answers the variation as it was just before the delete. A variation bought as a download (a digital line ' +
          'of an order not cancelled) is kept for its buyers: 409 `digital_product_sold` (hide it with `is_active: false`).',
        params: idParamsSchema,
        response: { 200: successEnvelope(vendorVariationPayloadSchema), ...failureResponses },
      },
    },
    async (request) => {
      const variation = await deleteShopVariation(app.db, vendorShopId(request), request.params.id);
      if (!variation) throw variationMissing();
      return ok({ variation }, 'Variation deleted.');
    },
  );

  app.post(
    '/vendor/products/:id/images',
    {
      config: {
        documentedBody: z.object({
          images: z.array(fileField('A picture of the variation')).min(1).max(MAX_FILES_PER_UPLOAD),
          variation_id: z.number().int().optional(),
        }),
      },
      schema: {
        tags,
        security,
        summary: 'Upload pictures for a variation of the product (multipart/form-data)',
        description:
          `Fields: \`images\` (1 to ${MAX_FILES_PER_UPLOAD} files; ${imageRules()} each), \`variation_id\` ` +
          "(optional; default the product's first variation). Answers the variation's pictures after the upload.",
        consumes: ['multipart/form-data'],
        params: idParamsSchema,
        response: { 200: successEnvelope(vendorImagesPayloadSchema), ...failureResponses },
      },
    },
    async (request) => {
      const shopId = vendorShopId(request);
      // 404 before reading any file: another shop's product never gets an upload stored.
      if (!(await findVendorProduct(app.db, shopId, request.params.id))) throw productMissing();
      if (!request.isMultipart()) throw imageInvalid('Send the pictures as multipart/form-data.');
      const files: Buffer[] = [];
      let variationField: string | undefined;
      for await (const part of formParts(request)) {
        if (part.type === 'file') {
          if (part.fieldname !== 'images') {
            part.file.resume();
            continue;
          }
          files.push(await imageBytes(part, pictureRefusal));
        } else if (part.fieldname === 'variation_id') {
          variationField = String(part.value);
        }
      }
      const pictures = files.filter((file) => file.length > 0);
      if (pictures.length === 0) throw imageInvalid('Choose at least one picture.');
      const variationId = variationField ? idSchema.safeParse(variationField) : undefined;
      if (variationId && !variationId.success) throw variationMissing();
      // Each checked and re-encoded in turn (one decoded picture in memory at a time), all
      // before any is stored.
      const cleaned: CleanImage[] = [];
      for (const bytes of pictures) cleaned.push(await cleanUpload(bytes, pictureRefusal));
      const urls: string[] = [];
      for (const image of cleaned) {
        urls.push(await saveImage(app.storage, 'products', `${shopId}-${request.params.id}`, image));
      }
      let images: string[] | null;
      try {
        images = await addVendorVariationImages(app.db, shopId, request.params.id, variationId?.data, urls);
      } catch (error) {
        await removeImages(app.storage, urls);
        throw error;
      }
      if (!images) {
        await removeImages(app.storage, urls);
        throw variationMissing();
      }
      // `id` is the picture's place in the variation's list (what a reorder sends back as URLs).
      return ok({ images: images.map((url, index) => ({ id: index + 1, url })) });
    },
  );
  /**
   * The one file (field `file`) of a digital-file upload, streamed to digital/ in the object store
   * and checked as it comes (lib/digital-files.ts); whatever is refused leaves nothing stored.
   */
  const receiveDigitalFile = async (request: FastifyRequest, shopId: number) => {
    const maxBytes = app.config.digitalFileMaxBytes;
    if (!request.isMultipart()) throw fileInvalid('Send the file as multipart/form-data.');
    let stored: StoredDigitalFile | null = null;
    let name = '';
    try {
      for await (const part of formParts(request, { limits: { fileSize: maxBytes, files: 1, fields: 1, parts: 2 } })) {
        if (part.type !== 'file') continue;
        if (part.fieldname !== DIGITAL_FILE_FIELD || stored) {
          part.file.resume();
          continue;
        }
        stored = await storeDigitalFile(app.storage, String(shopId), fileStream(part), maxBytes);
        name = cleanFileName(part.filename, stored.kind);
      }
    } catch (error) {
      if (stored) await removeDigitalFile(app.storage, stored.path);
      if (error instanceof app.multipartErrors.RequestFileTooLargeError) throw digitalFileTooLarge(maxBytes);
      throw error;
    }
    if (!stored) throw fileInvalid('Choose a file to upload.');
    return { stored, name };
  };

  const variationReply = async (shopId: number, id: number, message: string) => {
    const variation = await findVendorVariation(app.db, shopId, id);
    if (!variation) throw variationMissing();
    return ok({ variation }, message);
  };

  app.post(
    '/vendor/variations/:id/digital-file',
    {
      config: { documentedBody: z.object({ [DIGITAL_FILE_FIELD]: fileField('The file the variation sells') }) },
      schema: {
        tags,
        security,
        summary: "Upload or replace the file a digital product's variation sells (multipart/form-data)",
        description:
          `Field \`${DIGITAL_FILE_FIELD}\`: one file, at most DIGITAL_FILE_MAX_MB (default 50 MB). ${digitalFileKindsMessage} ` +
          'Its kind is read from its content. The file is kept privately (never under /uploads/); a replaced ' +
          "file is deleted. Answers the variation with `digital_file` {name, size}. A physical product's variation is a 422. " +
          'A digital variation is for sale (listed, and taken at checkout) only while it has its file.',
        consumes: ['multipart/form-data'],
        params: idParamsSchema,
        response: { 200: successEnvelope(vendorVariationPayloadSchema), ...failureResponses },
      },
    },
    async (request) => {
      const shopId = vendorShopId(request);
      const { id } = request.params;
      // Before reading any of the body: another shop's variation, or a physical one, stores nothing.
      const type = await vendorVariationProductType(app.db, shopId, id);
      if (type === null) throw variationMissing();
      if (type !== 'Digital') throw notDigitalVariation();
      const { stored, name } = await receiveDigitalFile(request, shopId);
      let result: Awaited<ReturnType<typeof setVendorDigitalFile>>;
      try {
        result = await setVendorDigitalFile(app.db, shopId, id, {
          path: stored.path,
          name,
          size: stored.size,
          contentType: stored.contentType,
        });
      } catch (error) {
        await removeDigitalFile(app.storage, stored.path);
        throw error;
      }
      if (!result) {
        await removeDigitalFile(app.storage, stored.path);
        throw variationMissing();
      }
      // Committed: the file it replaced is nobody's now.
      if (result.unused) await removeDigitalFile(app.storage, result.unused);
      return variationReply(shopId, id, 'File uploaded.');
    },
  );

  app.delete(
    '/vendor/variations/:id/digital-file',
    {
      schema: {
        tags,
        security,
        summary: "Remove a variation's digital file (the file is deleted from disk)",
        description:
          'A file bought (a digital line of an order not cancelled) is kept for its buyers: 409 `digital_product_sold`. ' +
          'Uploading a new file replaces it, and its buyers then download the new one.',
        params: idParamsSchema,
        response: { 200: successEnvelope(vendorVariationPayloadSchema), ...failureResponses },
      },
    },
    async (request) => {
      const shopId = vendorShopId(request);
      const result = await removeShopDigitalFile(app.db, shopId, request.params.id);
      if (!result) throw variationMissing();
      if (result.unused) await removeDigitalFile(app.storage, result.unused);
      return variationReply(shopId, request.params.id, 'File removed.');
    },
  );
};
