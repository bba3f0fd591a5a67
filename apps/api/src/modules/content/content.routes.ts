import {
  blogCategorySchema,
  blogListSchema,
  blogPostPageSchema,
  blogQuerySchema,
  contactMessageSchema,
  dealSchema,
  dealsQuerySchema,
  homeDataSchema,
  pageContentSchema,
} from '@parade/core/content-schemas';
import { emptyPayloadSchema, paginated, successEnvelope } from '@parade/core/envelope';
import { appSettingReplySchema, effectiveSiteSettings, siteSettingsSchema } from '@parade/core/settings';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { failureResponses, ok } from '../../lib/envelope';
import { dropEmptyParams } from '../../lib/query-params';
import { replyWriterFor } from '../../plugins/serializer';
import { receiveContactMessage } from '../../workflows/receive-contact-message';
import { getBlogPost, listBlog, listBlogCategories } from './blog.service';
import { listLiveDeals } from './deals.service';
import { homeReply } from './home.service';
import { listPages } from './pages.service';
import { getSiteSettings } from './settings.service';

export const contentRoutes: FastifyPluginAsyncZod = async (app) => {
  const writeHome = replyWriterFor(app.config.responseSerializer, successEnvelope(homeDataSchema));
  app.get(
    '/app/setting',
    {
      config: { publicCache: true },
      schema: {
        tags: ['content'],
        summary:
          'Site settings (payload at top level, as the spec reads it), plus admin_url and stripe_js_url from the configuration; enable_stripe_payment is the effective value ("true" only with Stripe keys configured)',
        response: { 200: appSettingReplySchema, ...failureResponses },
      },
    },
    // admin_url comes from ADMIN_URL, so "Merchant Login" opens wherever the admin site is deployed;
    // stripe_js_url from STRIPE_JS_URL, so browser tests can load a stand-in instead of Stripe.js.
    // Parsed by the public schema: the private settings (commission, payout hold) never leave.
    async () => ({
      status: true as const,
      settings: siteSettingsSchema.parse({
        ...effectiveSiteSettings(await getSiteSettings(app.db), {
          stripeSecretKeySet: Boolean(app.config.stripeSecretKey),
          publishableKey: app.config.stripePublishableKey,
        }),
        admin_url: app.config.adminUrl,
        stripe_js_url: app.config.stripeJsUrl,
      }),
    }),
  );

  app.get(
    '/home',
    {
      config: { publicCache: true },
      schema: {
        tags: ['content'],
        summary: 'Home page: categories, brands, vendors, newest and popular products, sliders',
        response: { 200: successEnvelope(homeDataSchema), ...failureResponses },
      },
    },
    // Written once per set of the home page's kept parts (home.service.ts), sent as that text.
    async (_request, reply) =>
      reply.type('application/json; charset=utf-8').send((await homeReply(app.db, writeHome)) as never),
  );

  app.get(
    '/pages',
    {
      config: { publicCache: true },
      schema: {
        tags: ['content'],
        summary: 'Static pages with their settings (HTML values sanitised)',
        response: { 200: successEnvelope(z.array(pageContentSchema)), ...failureResponses },
      },
    },
    async () => ok(await listPages(app.db)),
  );

  app.get(
    '/blog',
    {
      config: { publicCache: true },
      preValidation: dropEmptyParams,
      schema: {
        tags: ['blog'],
        summary: 'Blog posts, 9 a page, optionally of one category, plus the 3 newest (payload at top level)',
        querystring: blogQuerySchema,
        response: { 200: blogListSchema, ...failureResponses },
      },
    },
    async (request) => listBlog(app.db, { category: request.query.category, page: request.query.page ?? 1 }),
  );

  app.get(
    '/blog/categories',
    {
      config: { publicCache: true },
      schema: {
        tags: ['blog'],
        summary: 'Blog categories with their number of published posts, by name (not newest first: a menu)',
        response: { 200: successEnvelope(z.array(blogCategorySchema)), ...failureResponses },
      },
    },
    async () => ok(await listBlogCategories(app.db)),
  );

  app.get(
    '/blog/:slug',
    {
      config: { publicCache: true },
      schema: {
        tags: ['blog'],
        summary: 'A published blog post and related posts of its category',
        params: z.object({ slug: z.string().min(1).max(160) }),
        response: { 200: successEnvelope(blogPostPageSchema), ...failureResponses },
      },
    },
    async (request) => ok(await getBlogPost(app.db, request.params.slug)),
  );

  app.get(
    '/ubm-offers',
    {
      config: { publicCache: true },
      preValidation: dropEmptyParams,
      schema: {
        tags: ['content'],
        summary: 'Live platform-wide deals (UBM Deals), newest first',
        querystring: dealsQuerySchema,
        response: { 200: successEnvelope(paginated(dealSchema)), ...failureResponses },
      },
    },
    async (request) => ok(await listLiveDeals(app.db, request.query.page ?? 1)),
  );

  app.post(
    '/contact-email',
    {
      // Light limit against form spam; the client shows the 429 message.
      config: { rateLimit: { max: 5, timeWindow: '1 minute' } },
      schema: {
        tags: ['content'],
        summary: 'Contact form: stored and e-mailed to the site address (5 a minute per IP)',
        body: contactMessageSchema,
        response: { 200: successEnvelope(emptyPayloadSchema), ...failureResponses },
      },
    },
    async (request) => {
      const mailId = await receiveContactMessage(app.db, request.body);
      if (mailId !== null) app.mailer.deliverLater([mailId]);
      return ok({}, 'Thank you for your message. We will get back to you soon.');
    },
  );
};
