import {
  adminBrandInputSchema,
  adminBrandPayloadSchema,
  adminBrandSchema,
  adminBrandUpdateSchema,
  adminCategoryInputSchema,
  adminCategoryPayloadSchema,
  adminCategorySchema,
  adminCategoryUpdateSchema,
  adminIdParamsSchema,
  adminSubCategoryInputSchema,
  adminSubCategoryListQuerySchema,
  adminSubCategoryPayloadSchema,
  adminSubCategorySchema,
  adminSubCategoryUpdateSchema,
  adminTaxonomyListQuerySchema,
} from '@parade/core/admin-schemas';
import { paginated, successEnvelope } from '@parade/core/envelope';
import { manageListArgs } from '@parade/core/vendor-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { failureResponses, ok } from '../../lib/envelope';
import { notFound } from '../../lib/errors';
import {
  deleteBrand,
  deleteCategory,
  deleteSubCategory,
  findAdminBrand,
  findAdminCategory,
  findAdminSubCategory,
  listAdminBrands,
  listAdminCategories,
  listAdminSubCategories,
  saveBrand,
  saveCategory,
  saveSubCategory,
} from './admin-taxonomy';

const missing = (what: string) => notFound(`No such ${what}.`);
const tags = ['admin'];
const security = [{ bearer: [] }];

/** The platform's categories, sub-categories and brands (`/api/admin/...`): CRUD, every write refreshing the storefront. */
export const catalogAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  // ---- Categories
  app.get(
    '/admin/categories',
    {
      schema: {
        tags,
        security,
        summary: 'Categories with their sub-categories',
        querystring: adminTaxonomyListQuerySchema,
        response: { 200: successEnvelope(paginated(adminCategorySchema)), ...failureResponses },
      },
    },
    async (request) => ok(await listAdminCategories(app.db, manageListArgs(request.query))),
  );
  const categoryReply = async (id: number | null) => {
    const category = id === null ? null : await findAdminCategory(app.db, id);
    if (!category) throw missing('category');
    return ok({ category });
  };
  app.post(
    '/admin/categories',
    {
      schema: {
        tags,
        security,
        summary: 'Create a category',
        body: adminCategoryInputSchema,
        response: { 201: successEnvelope(adminCategoryPayloadSchema), ...failureResponses },
      },
    },
    async (request, reply) => {
      const id = await saveCategory(app.db, null, request.body);
      reply.code(201);
      return categoryReply(id);
    },
  );
  app.get(
    '/admin/categories/:id',
    {
      schema: {
        tags,
        security,
        summary: 'One category with its sub-categories',
        params: adminIdParamsSchema,
        response: { 200: successEnvelope(adminCategoryPayloadSchema), ...failureResponses },
      },
    },
    async (request) => categoryReply(request.params.id),
  );
  app.put(
    '/admin/categories/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Update a category: only the fields sent change',
        params: adminIdParamsSchema,
        body: adminCategoryUpdateSchema,
        response: { 200: successEnvelope(adminCategoryPayloadSchema), ...failureResponses },
      },
    },
    async (request) => categoryReply(await saveCategory(app.db, request.params.id, request.body)),
  );
  app.delete(
    '/admin/categories/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Delete a category and its sub-categories (its products stay, uncategorised)',
        description: 'Answers the category, with its sub-categories, as it was just before the delete.',
        params: adminIdParamsSchema,
        response: { 200: successEnvelope(adminCategoryPayloadSchema), ...failureResponses },
      },
    },
    async (request) => {
      const category = await deleteCategory(app.db, request.params.id);
      if (!category) throw missing('category');
      return ok({ category }, 'Category deleted.');
    },
  );

  // ---- Sub-categories
  app.get(
    '/admin/sub-categories',
    {
      schema: {
        tags,
        security,
        summary: 'Sub-categories with their brands, optionally of one category',
        querystring: adminSubCategoryListQuerySchema,
        response: { 200: successEnvelope(paginated(adminSubCategorySchema)), ...failureResponses },
      },
    },
    async (request) =>
      ok(
        await listAdminSubCategories(app.db, {
          ...manageListArgs(request.query),
          categoryId: request.query.category_id,
        }),
      ),
  );
  const subReply = async (id: number | null) => {
    const sub_category = id === null ? null : await findAdminSubCategory(app.db, id);
    if (!sub_category) throw missing('sub-category');
    return ok({ sub_category });
  };
  app.post(
    '/admin/sub-categories',
    {
      schema: {
        tags,
        security,
        summary: 'Create a sub-category under a category, with its brands',
        body: adminSubCategoryInputSchema,
        response: { 201: successEnvelope(adminSubCategoryPayloadSchema), ...failureResponses },
      },
    },
    async (request, reply) => {
      const id = await saveSubCategory(app.db, null, request.body);
      reply.code(201);
      return subReply(id);
    },
  );
  app.get(
    '/admin/sub-categories/:id',
    {
      schema: {
        tags,
        security,
        summary: 'One sub-category',
        params: adminIdParamsSchema,
        response: { 200: successEnvelope(adminSubCategoryPayloadSchema), ...failureResponses },
      },
    },
    async (request) => subReply(request.params.id),
  );
  app.put(
    '/admin/sub-categories/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Update a sub-category: only the fields sent change (`brand_ids` replaces its brands)',
        params: adminIdParamsSchema,
        body: adminSubCategoryUpdateSchema,
        response: { 200: successEnvelope(adminSubCategoryPayloadSchema), ...failureResponses },
      },
    },
    async (request) => subReply(await saveSubCategory(app.db, request.params.id, request.body)),
  );
  app.delete(
    '/admin/sub-categories/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Delete a sub-category (its products stay in their category)',
        description: 'Answers the sub-category, with its brands, as it was just before the delete.',
        params: adminIdParamsSchema,
        response: { 200: successEnvelope(adminSubCategoryPayloadSchema), ...failureResponses },
      },
    },
    async (request) => {
      const sub_category = await deleteSubCategory(app.db, request.params.id);
      if (!sub_category) throw missing('sub-category');
      return ok({ sub_category }, 'Sub-category deleted.');
    },
  );

  // ---- Brands
  app.get(
    '/admin/brands',
    {
      schema: {
        tags,
        security,
        summary: 'Brands',
        querystring: adminTaxonomyListQuerySchema,
        response: { 200: successEnvelope(paginated(adminBrandSchema)), ...failureResponses },
      },
    },
    async (request) => ok(await listAdminBrands(app.db, manageListArgs(request.query))),
  );
  const brandReply = async (id: number | null) => {
    const brand = id === null ? null : await findAdminBrand(app.db, id);
    if (!brand) throw missing('brand');
    return ok({ brand });
  };
  app.post(
    '/admin/brands',
    {
      schema: {
        tags,
        security,
        summary: 'Create a brand',
        body: adminBrandInputSchema,
        response: { 201: successEnvelope(adminBrandPayloadSchema), ...failureResponses },
      },
    },
    async (request, reply) => {
      const id = await saveBrand(app.db, null, request.body);
      reply.code(201);
      return brandReply(id);
    },
  );
  app.get(
    '/admin/brands/:id',
    {
      schema: {
        tags,
        security,
        summary: 'One brand',
        params: adminIdParamsSchema,
        response: { 200: successEnvelope(adminBrandPayloadSchema), ...failureResponses },
      },
    },
    async (request) => brandReply(request.params.id),
  );
  app.put(
    '/admin/brands/:id',
    {
      schema: {
        tags,
        security,
        summary: "Update a brand: only the fields sent change (its products' cards follow at once)",
        params: adminIdParamsSchema,
        body: adminBrandUpdateSchema,
        response: { 200: successEnvelope(adminBrandPayloadSchema), ...failureResponses },
      },
    },
    async (request) => brandReply(await saveBrand(app.db, request.params.id, request.body)),
  );
  app.delete(
    '/admin/brands/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Delete a brand (its products stay, without a brand)',
        description: 'Answers the brand as it was just before the delete.',
        params: adminIdParamsSchema,
        response: { 200: successEnvelope(adminBrandPayloadSchema), ...failureResponses },
      },
    },
    async (request) => {
      const brand = await deleteBrand(app.db, request.params.id);
      if (!brand) throw missing('brand');
      return ok({ brand }, 'Brand deleted.');
    },
  );
};
