import multipart from '@fastify/multipart';
import {
  adminBlogCategoryInputSchema,
  adminBlogCategoryListQuerySchema,
  adminBlogCategoryPayloadSchema,
  adminBlogCategorySchema,
  adminBlogCategoryUpdateSchema,
  adminBlogPostInputSchema,
  adminBlogPostListQuerySchema,
  adminBlogPostPayloadSchema,
  adminBlogPostSchema,
  adminBlogPostUpdateSchema,
  adminContentImagePayloadSchema,
  adminDealInputSchema,
  adminDealListQuerySchema,
  adminDealPayloadSchema,
  adminDealSchema,
  adminDealUpdateSchema,
  adminIdParamsSchema,
  adminPageInputSchema,
  adminPageListQuerySchema,
  adminPagePayloadSchema,
  adminPageSchema,
  adminPageUpdateSchema,
  adminSliderInputSchema,
  adminSliderListQuerySchema,
  adminSliderPayloadSchema,
  adminSliderSchema,
  adminSliderUpdateSchema,
} from '@parade/core/admin-schemas';
import { paginated, successEnvelope } from '@parade/core/envelope';
import { manageListArgs } from '@parade/core/vendor-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { failureResponses, ok } from '../../lib/envelope';
import { notFound } from '../../lib/errors';
import { imageInvalidOn, imageRules, readOneImage } from '../../lib/image-upload';
import { IMAGE_MAX_BYTES, saveImage } from '../../lib/images';
import { requireUser } from '../../plugins/auth';
import { fileField } from '../../plugins/openapi';
import {
  deleteBlogCategory,
  deleteBlogPost,
  findAdminBlogCategory,
  findAdminBlogPost,
  listAdminBlogCategories,
  listAdminBlogPosts,
  saveBlogCategory,
  saveBlogPost,
} from './admin-blog';
import { deleteDeal, findAdminDeal, listAdminDeals, saveDeal } from './admin-deals';
import { deletePage, findAdminPage, listAdminPages, savePage } from './admin-pages';
import { deleteSlider, findAdminSlider, listAdminSliders, saveSlider } from './admin-sliders';

const tags = ['admin'];
const security = [{ bearer: [] }];
const missing = (what: string) => notFound(`No such ${what}.`);
const pictureRefusal = imageInvalidOn('image', {
  subject: 'The picture',
  notImage: 'Choose a PNG, JPEG, WebP or GIF picture.',
});

/**
 * The storefront's editorial content (`/api/admin/...`): home sliders and banners, pages and
 * their settings rows, blog categories and posts, platform deals, and the pictures they show.
 * Every write moves the content generation once committed (content-generation.ts), so the
 * cached home, pages, blog and deals replies are answered fresh on the next request.
 */
export const contentEditorialAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  // Multipart in this scope only (the picture upload); the limits stop a large file as it streams in.
  await app.register(multipart, { limits: { fileSize: IMAGE_MAX_BYTES, files: 1, fields: 2, parts: 3 } });

  // ---- Pictures
  app.post(
    '/admin/content-images',
    {
      config: { documentedBody: z.object({ image: fileField('The picture') }) },
      schema: {
        tags,
        security,
        summary: 'Upload a picture for a slider, page, blog post or deal (multipart/form-data, field `image`)',
        description:
          `${imageRules()}. Answers the stored picture's URL, to send as the ` +
          "object's `image`, `mobile_image` or `cover_image` (or a page setting's value).",
        consumes: ['multipart/form-data'],
        response: { 201: successEnvelope(adminContentImagePayloadSchema), ...failureResponses },
      },
    },
    async (request, reply) => {
      const image = await readOneImage(request, 'image', pictureRefusal);
      const url = await saveImage(app.storage, 'content', 'content', image);
      reply.code(201);
      return ok({ image: { url, width: image.width, height: image.height } }, 'Picture uploaded.');
    },
  );

  // ---- Sliders
  const sliderReply = async (id: number | null, message?: string) => {
    const slider = id === null ? null : await findAdminSlider(app.db, id);
    if (!slider) throw missing('slider');
    return ok({ slider }, message);
  };
  app.get(
    '/admin/sliders',
    {
      schema: {
        tags,
        security,
        summary: "The home page's sliders and banners (inactive ones too), optionally of one type",
        querystring: adminSliderListQuerySchema,
        response: { 200: successEnvelope(paginated(adminSliderSchema)), ...failureResponses },
      },
    },
    async (request) =>
      ok(await listAdminSliders(app.db, { ...manageListArgs(request.query), type: request.query.type })),
  );
  app.get(
    '/admin/sliders/:id',
    {
      schema: {
        tags,
        security,
        summary: 'One slider',
        params: adminIdParamsSchema,
        response: { 200: successEnvelope(adminSliderPayloadSchema), ...failureResponses },
      },
    },
    async (request) => sliderReply(request.params.id),
  );
  app.post(
    '/admin/sliders',
    {
      schema: {
        tags,
        security,
        summary: 'Create a slide or banner (the home page shows it at once when active)',
        body: adminSliderInputSchema,
        response: { 201: successEnvelope(adminSliderPayloadSchema), ...failureResponses },
      },
    },
    async (request, reply) => {
      const id = await saveSlider(app.db, null, request.body);
      reply.code(201);
      return sliderReply(id, 'Slide saved.');
    },
  );
  app.put(
    '/admin/sliders/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Update a slide or banner: only the fields sent change',
        params: adminIdParamsSchema,
        body: adminSliderUpdateSchema,
        response: { 200: successEnvelope(adminSliderPayloadSchema), ...failureResponses },
      },
    },
    async (request) => sliderReply(await saveSlider(app.db, request.params.id, request.body), 'Slide saved.'),
  );
  app.delete(
    '/admin/sliders/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Delete a slide or banner',
        description: 'Answers the slide or banner as it was just before the delete.',
        params: adminIdParamsSchema,
        response: { 200: successEnvelope(adminSliderPayloadSchema), ...failureResponses },
      },
    },
    async (request) => {
      const slider = await deleteSlider(app.db, request.params.id);
      if (!slider) throw missing('slider');
      return ok({ slider }, 'Slide deleted.');
    },
  );

  // ---- Pages
  const pageReply = async (id: number | null, message?: string) => {
    const page = id === null ? null : await findAdminPage(app.db, id);
    if (!page) throw missing('page');
    return ok({ page }, message);
  };
  app.get(
    '/admin/pages',
    {
      schema: {
        tags,
        security,
        summary: 'Static pages with their settings rows',
        querystring: adminPageListQuerySchema,
        response: { 200: successEnvelope(paginated(adminPageSchema)), ...failureResponses },
      },
    },
    async (request) => ok(await listAdminPages(app.db, manageListArgs(request.query))),
  );
  app.get(
    '/admin/pages/:id',
    {
      schema: {
        tags,
        security,
        summary: 'One page with its settings rows',
        params: adminIdParamsSchema,
        response: { 200: successEnvelope(adminPagePayloadSchema), ...failureResponses },
      },
    },
    async (request) => pageReply(request.params.id),
  );
  app.post(
    '/admin/pages',
    {
      schema: {
        tags,
        security,
        summary: 'Create a page with its settings rows (text values sanitised before they are stored)',
        body: adminPageInputSchema,
        response: { 201: successEnvelope(adminPagePayloadSchema), ...failureResponses },
      },
    },
    async (request, reply) => {
      const id = await savePage(app.db, null, request.body);
      reply.code(201);
      return pageReply(id, 'Page saved.');
    },
  );
  app.put(
    '/admin/pages/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Update a page: only the fields sent change; `settings` replaces its rows, in the order sent',
        params: adminIdParamsSchema,
        body: adminPageUpdateSchema,
        response: { 200: successEnvelope(adminPagePayloadSchema), ...failureResponses },
      },
    },
    async (request) => pageReply(await savePage(app.db, request.params.id, request.body), 'Page saved.'),
  );
  app.delete(
    '/admin/pages/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Delete a page and its settings rows',
        description: 'Answers the page, with its settings rows, as it was just before the delete.',
        params: adminIdParamsSchema,
        response: { 200: successEnvelope(adminPagePayloadSchema), ...failureResponses },
      },
    },
    async (request) => {
      const page = await deletePage(app.db, request.params.id);
      if (!page) throw missing('page');
      return ok({ page }, 'Page deleted.');
    },
  );

  // ---- Blog categories
  const blogCategoryReply = async (id: number | null, message?: string) => {
    const blog_category = id === null ? null : await findAdminBlogCategory(app.db, id);
    if (!blog_category) throw missing('blog category');
    return ok({ blog_category }, message);
  };
  app.get(
    '/admin/blog-categories',
    {
      schema: {
        tags,
        security,
        summary: 'Blog categories with their number of posts (drafts included)',
        querystring: adminBlogCategoryListQuerySchema,
        response: { 200: successEnvelope(paginated(adminBlogCategorySchema)), ...failureResponses },
      },
    },
    async (request) => ok(await listAdminBlogCategories(app.db, manageListArgs(request.query))),
  );
  app.get(
    '/admin/blog-categories/:id',
    {
      schema: {
        tags,
        security,
        summary: 'One blog category',
        params: adminIdParamsSchema,
        response: { 200: successEnvelope(adminBlogCategoryPayloadSchema), ...failureResponses },
      },
    },
    async (request) => blogCategoryReply(request.params.id),
  );
  app.post(
    '/admin/blog-categories',
    {
      schema: {
        tags,
        security,
        summary: 'Create a blog category',
        body: adminBlogCategoryInputSchema,
        response: { 201: successEnvelope(adminBlogCategoryPayloadSchema), ...failureResponses },
      },
    },
    async (request, reply) => {
      const id = await saveBlogCategory(app.db, null, request.body);
      reply.code(201);
      return blogCategoryReply(id, 'Blog category saved.');
    },
  );
  app.put(
    '/admin/blog-categories/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Rename a blog category: only the fields sent change',
        params: adminIdParamsSchema,
        body: adminBlogCategoryUpdateSchema,
        response: { 200: successEnvelope(adminBlogCategoryPayloadSchema), ...failureResponses },
      },
    },
    async (request) =>
      blogCategoryReply(await saveBlogCategory(app.db, request.params.id, request.body), 'Blog category saved.'),
  );
  app.delete(
    '/admin/blog-categories/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Delete a blog category that has no posts (409 blog_category_not_empty otherwise)',
        description: 'Answers the blog category as it was just before the delete.',
        params: adminIdParamsSchema,
        response: { 200: successEnvelope(adminBlogCategoryPayloadSchema), ...failureResponses },
      },
    },
    async (request) => {
      const blog_category = await deleteBlogCategory(app.db, request.params.id);
      if (!blog_category) throw missing('blog category');
      return ok({ blog_category }, 'Blog category deleted.');
    },
  );

  // ---- Blog posts
  const blogPostReply = async (id: number | null, message?: string) => {
    const blog_post = id === null ? null : await findAdminBlogPost(app.db, id);
    if (!blog_post) throw missing('blog post');
    return ok({ blog_post }, message);
  };
  app.get(
    '/admin/blog-posts',
    {
      schema: {
        tags,
        security,
        summary: 'Blog posts (drafts and scheduled ones too), optionally of one category or status',
        querystring: adminBlogPostListQuerySchema,
        response: { 200: successEnvelope(paginated(adminBlogPostSchema)), ...failureResponses },
      },
    },
    async (request) =>
      ok(
        await listAdminBlogPosts(app.db, {
          ...manageListArgs(request.query),
          categoryId: request.query.category_id,
          status: request.query.status,
        }),
      ),
  );
  app.get(
    '/admin/blog-posts/:id',
    {
      schema: {
        tags,
        security,
        summary: 'One blog post with its (sanitised) body',
        params: adminIdParamsSchema,
        response: { 200: successEnvelope(adminBlogPostPayloadSchema), ...failureResponses },
      },
    },
    async (request) => blogPostReply(request.params.id),
  );
  app.post(
    '/admin/blog-posts',
    {
      schema: {
        tags,
        security,
        summary:
          'Create a blog post: its HTML body is sanitised before it is stored; without published_at it is a draft',
        body: adminBlogPostInputSchema,
        response: { 201: successEnvelope(adminBlogPostPayloadSchema), ...failureResponses },
      },
    },
    async (request, reply) => {
      const admin = await requireUser(request);
      const id = await saveBlogPost(app.db, null, request.body, admin.name);
      reply.code(201);
      return blogPostReply(id, 'Post saved.');
    },
  );
  app.put(
    '/admin/blog-posts/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Update a blog post: only the fields sent change (published_at null makes it a draft again)',
        params: adminIdParamsSchema,
        body: adminBlogPostUpdateSchema,
        response: { 200: successEnvelope(adminBlogPostPayloadSchema), ...failureResponses },
      },
    },
    async (request) => {
      const admin = await requireUser(request);
      return blogPostReply(await saveBlogPost(app.db, request.params.id, request.body, admin.name), 'Post saved.');
    },
  );
  app.delete(
    '/admin/blog-posts/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Delete a blog post',
        description: 'Answers the blog post as it was just before the delete.',
        params: adminIdParamsSchema,
        response: { 200: successEnvelope(adminBlogPostPayloadSchema), ...failureResponses },
      },
    },
    async (request) => {
      const blog_post = await deleteBlogPost(app.db, request.params.id);
      if (!blog_post) throw missing('blog post');
      return ok({ blog_post }, 'Post deleted.');
    },
  );

  // ---- Platform deals
  const dealReply = async (id: number | null, message?: string) => {
    const deal = id === null ? null : await findAdminDeal(app.db, id);
    if (!deal) throw missing('deal');
    return ok({ deal }, message);
  };
  app.get(
    '/admin/deals',
    {
      schema: {
        tags,
        security,
        summary: 'Platform deals (UBM), live or not, each saying whether /ubm-offers shows it now',
        querystring: adminDealListQuerySchema,
        response: { 200: successEnvelope(paginated(adminDealSchema)), ...failureResponses },
      },
    },
    async (request) => ok(await listAdminDeals(app.db, manageListArgs(request.query))),
  );
  app.get(
    '/admin/deals/:id',
    {
      schema: {
        tags,
        security,
        summary: 'One platform deal',
        params: adminIdParamsSchema,
        response: { 200: successEnvelope(adminDealPayloadSchema), ...failureResponses },
      },
    },
    async (request) => dealReply(request.params.id),
  );
  app.post(
    '/admin/deals',
    {
      schema: {
        tags,
        security,
        summary: 'Create a platform deal, for one shop or the whole parade',
        body: adminDealInputSchema,
        response: { 201: successEnvelope(adminDealPayloadSchema), ...failureResponses },
      },
    },
    async (request, reply) => {
      const id = await saveDeal(app.db, null, request.body);
      reply.code(201);
      return dealReply(id, 'Deal saved.');
    },
  );
  app.put(
    '/admin/deals/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Update a platform deal: only the fields sent change',
        params: adminIdParamsSchema,
        body: adminDealUpdateSchema,
        response: { 200: successEnvelope(adminDealPayloadSchema), ...failureResponses },
      },
    },
    async (request) => dealReply(await saveDeal(app.db, request.params.id, request.body), 'Deal saved.'),
  );
  app.delete(
    '/admin/deals/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Delete a platform deal',
        description: 'Answers the deal as it was just before the delete.',
        params: adminIdParamsSchema,
        response: { 200: successEnvelope(adminDealPayloadSchema), ...failureResponses },
      },
    },
    async (request) => {
      const deal = await deleteDeal(app.db, request.params.id);
      if (!deal) throw missing('deal');
      return ok({ deal }, 'Deal deleted.');
    },
  );
};
