/** Wire shapes of the content calls: home, pages, blog, deals and the contact form (api-contract.md). */
import { z } from 'zod';
import { categoryNodeSchema, pageQuerySchema, productCardSchema, refSchema } from './catalog-schemas';
import { sliderTypeSchema } from './enums';
import { paginated } from './envelope';
import { vendorRefSchema } from './shop-schemas';
import { isEmailAddress, isPersonName } from './text';

export const sliderSchema = z.object({
  id: z.number().int(),
  type: sliderTypeSchema,
  image: z.string(),
  mobile_image: z.string().nullable(),
  title: z.string().nullable(),
  caption: z.string().nullable(),
  link: z.string().nullable(),
});
export type Slider = z.infer<typeof sliderSchema>;

/** GET /home. */
export const homeDataSchema = z.object({
  categories: z.array(categoryNodeSchema),
  category_with_children: z.array(categoryNodeSchema),
  brands: z.array(refSchema),
  vendors: z.array(vendorRefSchema),
  products: z.array(productCardSchema),
  popular_products: z.array(productCardSchema),
  sliders: z.array(sliderSchema),
});
export type HomeData = z.infer<typeof homeDataSchema>;

export const pageSettingSchema = z.object({
  section: z.string(),
  key: z.string(),
  value: z.string(),
  value_type: z.string(),
});
export type PageSetting = z.infer<typeof pageSettingSchema>;

/** GET /pages: one entry per static page (HTML values sanitised). */
export const pageContentSchema = z.object({
  slug: z.string(),
  title: z.string(),
  /** The admin chose to link it from the footer (the storefront's /page/{slug}). */
  in_footer: z.boolean(),
  settings: z.array(pageSettingSchema),
});
export type PageContent = z.infer<typeof pageContentSchema>;

export const blogCategorySchema = refSchema.extend({ posts_count: z.number().int() });
export type BlogCategory = z.infer<typeof blogCategorySchema>;

export const blogPostSchema = refSchema.extend({
  title: z.string(),
  excerpt: z.string(),
  body: z.string().describe('Sanitised HTML'),
  cover_image: z.string().nullable(),
  author: z.string(),
  published_at: z.string(),
  category: refSchema,
});
export type BlogPost = z.infer<typeof blogPostSchema>;

/** GET /blog: the payload at top level, as the spec reads it. */
export const blogListSchema = z.object({
  status: z.literal(true),
  posts: paginated(blogPostSchema),
  latestPost: z.array(blogPostSchema),
});
export type BlogList = z.infer<typeof blogListSchema>;

/** GET /blog/{slug}. */
export const blogPostPageSchema = z.object({ post: blogPostSchema, related: z.array(blogPostSchema) });
export type BlogPostPage = z.infer<typeof blogPostPageSchema>;

/** GET /blog?category&page. */
export const blogQuerySchema = z.object({
  category: z.string().trim().max(160).optional(),
  page: pageQuerySchema.optional(),
});
export type BlogQuery = z.input<typeof blogQuerySchema>;

/** GET /ubm-offers: a platform-wide deal. */
export const dealSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  image: z.string().nullable(),
  badge: z.string().nullable(),
  link: z.string().nullable(),
  /** The shop the deal is at, or null for a platform-wide one. */
  shop: refSchema.nullable(),
  /**
   * The coupon code to use at checkout, shown only while that coupon can be redeemed (started, not
   * ended, not used up); null when the deal has no code or its coupon cannot be used now.
   */
  coupon_code: z.string().nullable(),
  starts_at: z.string().nullable(),
  ends_at: z.string().nullable(),
});
export type Deal = z.infer<typeof dealSchema>;

/** GET /ubm-offers?page. */
export const dealsQuerySchema = z.object({ page: pageQuerySchema.optional() });

/** One line of text: a person's words, never a header injection into the mail we send. */
const oneLine = (missing: string, max: number) =>
  z
    .string()
    .trim()
    .min(1, missing)
    .max(max, `Please use at most ${max} characters`)
    .regex(/^[^\r\n]*$/, 'Please keep this on one line');

/**
 * POST /contact-email, checked by the storefront's form and again by the API with the same
 * rules and messages (spec section 5 helper rules: names are letters, spaces, hyphens and dots).
 */
export const contactMessageSchema = z.object({
  name: oneLine('Please enter your name', 100).refine(
    isPersonName,
    'Names may only contain letters, spaces, hyphens and dots',
  ),
  email: z
    .string()
    .trim()
    .min(1, 'Please enter your e-mail address')
    .max(254, 'Please use at most 254 characters')
    .refine(isEmailAddress, 'Please enter a valid e-mail address'),
  phone: z
    .string()
    .trim()
    .max(30, 'Please use at most 30 characters')
    .regex(/^[+\d\s()-]*$/, 'Please enter a valid phone number')
    .optional(),
  subject: oneLine('Please enter a subject', 150),
  message: z
    .string()
    .trim()
    .min(1, 'Please enter a message')
    .min(10, 'Please write at least 10 characters')
    .max(5000, 'Please use at most 5000 characters'),
});
export type ContactMessageInput = z.input<typeof contactMessageSchema>;
