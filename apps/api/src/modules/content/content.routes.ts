import { sliderTypes } from '@parade/core/catalog';
import type { BlogCategory, BlogPost, Deal, HomeData, PageContent } from '@parade/core/catalog-dto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope';
import { dropEmptyParams, wholeNumber } from '../../lib/query-params';
import { receiveContactMessage } from '../../workflows/receive-contact-message';
import {
  categoryNodeSchema,
  imageRefSchema,
  okSchema,
  paginatedSchema,
  productCardSchema,
  refSchema,
} from '../catalog/catalog.schemas';
import { getBlogPost, listBlog, listBlogCategories } from './blog.service';
import { listLiveDeals } from './deals.service';
import { getHomeData } from './home.service';
import { listPages } from './pages.service';
import { getSiteSettings } from './settings.service';

const homeSchema = z.object({
  categories: z.array(categoryNodeSchema),
  category_with_children: z.array(categoryNodeSchema),
  brands: z.array(refSchema),
  vendors: z.array(refSchema.extend({ logo: imageRefSchema.nullable() })),
  products: z.array(productCardSchema),
  popular_products: z.array(productCardSchema),
  sliders: z.array(
    z.object({
      id: z.number().int(),
      type: z.enum(sliderTypes),
      image: z.string(),
      mobile_image: z.string().nullable(),
      title: z.string().nullable(),
      caption: z.string().nullable(),
      link: z.string().nullable(),
    }),
  ),
}) satisfies z.ZodType<HomeData>;

const pageSchema = z.object({
  slug: z.string(),
  title: z.string(),
  settings: z.array(z.object({ section: z.string(), key: z.string(), value: z.string(), value_type: z.string() })),
}) satisfies z.ZodType<PageContent>;

const blogPostSchema = refSchema.extend({
  title: z.string(),
  excerpt: z.string(),
  body: z.string().describe('Sanitised HTML'),
  cover_image: z.string().nullable(),
  author: z.string(),
  published_at: z.string(),
  category: refSchema,
}) satisfies z.ZodType<BlogPost>;

const blogCategorySchema = refSchema.extend({ posts_count: z.number().int() }) satisfies z.ZodType<BlogCategory>;

const dealSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  image: z.string().nullable(),
  badge: z.string().nullable(),
  link: z.string().nullable(),
  shop: refSchema.nullable(),
  starts_at: z.string().nullable(),
  ends_at: z.string().nullable(),
}) satisfies z.ZodType<Deal>;

const singleLine = (label: string, max: number) =>
  z
    .string()
    .trim()
    .min(1, `${label} is required.`)
    .max(max, `${label} must be at most ${max} characters.`)
    .regex(/^[^\r\n]*$/, `${label} must be on one line.`);

/** The contact form (spec section 5: names only letters, spaces, hyphens, dots). */
const contactBody = z.object({
  name: singleLine('Name', 100).regex(/^[\p{L}\s.-]+$/u, 'Name may only contain letters, spaces, hyphens and dots.'),
  email: z
    .string()
    .trim()
    .max(254, 'E-mail must be at most 254 characters.')
    .pipe(z.email('Enter a valid e-mail address.')),
  phone: z
    .string()
    .trim()
    .max(30, 'Phone must be at most 30 characters.')
    .regex(/^[0-9+()\s-]*$/, 'Phone may only contain digits, spaces, +, ( ) and -.')
    .optional(),
  subject: singleLine('Subject', 150),
  message: z
    .string()
    .trim()
    .min(10, 'Message must be at least 10 characters.')
    .max(5000, 'Message must be at most 5000 characters.'),
});

export const contentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/app/setting',
    {
      schema: {
        tags: ['content'],
        summary: 'Site settings (payload at top level, as the spec reads it), plus admin_url from the configuration',
        response: { 200: z.object({ status: z.literal(true), settings: z.record(z.string(), z.string()) }) },
      },
    },
    // admin_url comes from ADMIN_URL, so "Merchant Login" opens wherever the admin site is deployed.
    async () => ({
      status: true as const,
      settings: { ...(await getSiteSettings(app.db)), admin_url: app.config.adminUrl },
    }),
  );

  app.get(
    '/home',
    {
      schema: {
        tags: ['content'],
        summary: 'Home page: categories, brands, vendors, newest and popular products, sliders',
        response: { 200: okSchema(homeSchema) },
      },
    },
    async () => ok(await getHomeData(app.db)),
  );

  app.get(
    '/pages',
    {
      schema: {
        tags: ['content'],
        summary: 'Static pages with their settings (HTML values sanitised)',
        response: { 200: okSchema(z.array(pageSchema)) },
      },
    },
    async () => ok(await listPages(app.db)),
  );

  app.get(
    '/blog',
    {
      preValidation: dropEmptyParams,
      schema: {
        tags: ['blog'],
        summary: 'Blog posts, 9 a page, optionally of one category, plus the 3 newest (payload at top level)',
        querystring: z.object({
          category: z.string().trim().max(160).optional(),
          page: wholeNumber(1, 100_000).optional(),
        }),
        response: {
          200: z.object({
            status: z.literal(true),
            posts: paginatedSchema(blogPostSchema),
            latestPost: z.array(blogPostSchema),
          }),
        },
      },
    },
    async (request) => listBlog(app.db, { category: request.query.category, page: request.query.page ?? 1 }),
  );

  app.get(
    '/blog/categories',
    {
      schema: {
        tags: ['blog'],
        summary: 'Blog categories with their number of published posts',
        response: { 200: okSchema(z.array(blogCategorySchema)) },
      },
    },
    async () => ok(await listBlogCategories(app.db)),
  );

  app.get(
    '/blog/:slug',
    {
      schema: {
        tags: ['blog'],
        summary: 'A published blog post and related posts of its category',
        params: z.object({ slug: z.string().min(1).max(160) }),
        response: { 200: okSchema(z.object({ post: blogPostSchema, related: z.array(blogPostSchema) })) },
      },
    },
    async (request) => ok(await getBlogPost(app.db, request.params.slug)),
  );

  app.get(
    '/ubm-offers',
    {
      preValidation: dropEmptyParams,
      schema: {
        tags: ['content'],
        summary: 'Live platform-wide deals (UBM Deals), ending soonest first',
        querystring: z.object({ page: wholeNumber(1, 100_000).optional() }),
        response: { 200: okSchema(paginatedSchema(dealSchema)) },
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
        body: contactBody,
        response: { 200: okSchema(z.object({})) },
      },
    },
    async (request) => {
      const mailId = await receiveContactMessage(app.db, request.body);
      if (mailId !== null) app.mailer.deliverLater([mailId]);
      return ok({}, 'Thank you for your message. We will get back to you soon.');
    },
  );
};
