/**
 * Wire shapes of the platform calls under `/api/admin/` (api-contract.md, "Merchant and admin
 * API"): shop-create requests, shops, users, support tickets, the mail outbox, the site settings
 * with typed values, the catalogue's categories, sub-categories and brands, and the editorial
 * content (sliders, pages, blog, platform deals). Lists take the shared list query of
 * vendor-schemas.ts and answer `Paginated<T>`.
 */
import { z } from 'zod';
import { postcodeSchema } from './auth-schemas';
import { refSchema, slugSchema } from './catalog-schemas';
import { dealSchema } from './content-schemas';
import { isDatePattern } from './dates';
import {
  outboxStatusSchema,
  shopRequestStatusSchema,
  sliderTypeSchema,
  ticketAuthorSchema,
  ticketStatusSchema,
  userRoleSchema,
} from './enums';
import { idSchema } from './ids';
import { RETURN_WINDOW_DAYS_MAX } from './return-schemas';
import { isHttpsUrl, isSafeLink, LINK_MESSAGE, optionalSafeLinkSchema, safeLinkSchema } from './safe-links';
import { collectionPointSchema, type SiteSettingKey } from './settings';
import { shopCreateRequestSchema } from './shop-request-schemas';
import { vatRateSchema } from './vat';
import { checkCouponRules, couponFields, manageListQuerySchema, vendorCouponSchema } from './vendor-schemas';

const personSchema = z.object({ id: z.number().int(), name: z.string(), email: z.string() });

// ---- Shop-create requests ------------------------------------------------------------------

/** A shop-create request as its requester sees it (shop-request-schemas.ts), with the requester after its id. */
const { id: requestId, ...requestFields } = shopCreateRequestSchema.shape;
export const adminShopRequestSchema = z.object({ id: requestId, user: personSchema, ...requestFields });
export type AdminShopRequest = z.infer<typeof adminShopRequestSchema>;

/** GET admin/shop-requests?status&page&per_page&search&sort. */
export const adminShopRequestListQuerySchema = manageListQuerySchema(['created_at', 'shop_name'] as const).extend({
  status: shopRequestStatusSchema.optional(),
});
export type AdminShopRequestListQuery = z.input<typeof adminShopRequestListQuerySchema>;

/** POST admin/shop-requests/{id}/reject. */
export const adminShopRequestRejectSchema = z.object({
  reason: z.string().trim().min(1, 'Give the applicant a reason.').max(1000),
});
export type AdminShopRequestReject = z.input<typeof adminShopRequestRejectSchema>;

export const adminShopRequestPayloadSchema = z.object({ request: adminShopRequestSchema });
export type AdminShopRequestPayload = z.infer<typeof adminShopRequestPayloadSchema>;

// ---- Shops ---------------------------------------------------------------------------------

export const shopStatuses = ['active', 'suspended'] as const;
export const shopStatusSchema = z.enum(shopStatuses);
export type ShopStatus = (typeof shopStatuses)[number];

export const adminShopSchema = refSchema.extend({
  status: shopStatusSchema,
  address: z.string(),
  city: z.string(),
  postcode: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  points_per_pound: z.number().int(),
  holiday_mode: z.boolean(),
  /** Its UK VAT number, null when it is not VAT-registered (its merchant sets it). */
  vat_number: z.string().nullable(),
  /** Its owner (the vendor who runs it), when it has one. */
  owner: personSchema.nullable(),
  product_count: z.number().int(),
  created_at: z.string(),
});
export type AdminShop = z.infer<typeof adminShopSchema>;

/** GET admin/shops?status&page&per_page&search&sort. */
export const adminShopListQuerySchema = manageListQuerySchema(['created_at', 'name'] as const).extend({
  status: shopStatusSchema.optional(),
});
export type AdminShopListQuery = z.input<typeof adminShopListQuerySchema>;

/** PATCH admin/shops/{id}: suspending hides the shop from the storefront and refuses its checkout. */
export const adminShopUpdateSchema = z.object({ status: shopStatusSchema });
export type AdminShopUpdate = z.input<typeof adminShopUpdateSchema>;
export const adminShopPayloadSchema = z.object({ shop: adminShopSchema });
export type AdminShopPayload = z.infer<typeof adminShopPayloadSchema>;

/** POST admin/shop-requests/{id}/accept: the request and the shop it made. */
export const adminShopRequestAcceptPayloadSchema = z.object({
  request: adminShopRequestSchema,
  shop: adminShopSchema,
});
export type AdminShopRequestAcceptPayload = z.infer<typeof adminShopRequestAcceptPayloadSchema>;

// ---- Users ---------------------------------------------------------------------------------

/** A user as the platform sees it: never the password hash. */
export const adminUserSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  role: userRoleSchema,
  disabled: z.boolean(),
  /** The shops the user runs (vendors). */
  shops: z.array(refSchema),
  created_at: z.string(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

/** GET admin/users?role&disabled&page&per_page&search&sort; search matches name and e-mail. */
export const adminUserListQuerySchema = manageListQuerySchema(['created_at', 'name', 'email'] as const).extend({
  role: userRoleSchema.optional(),
});
export type AdminUserListQuery = z.input<typeof adminUserListQuerySchema>;

/** PATCH admin/users/{id}: a disabled account's tokens stop working at once. */
export const adminUserUpdateSchema = z.object({ disabled: z.boolean() });
export type AdminUserUpdate = z.input<typeof adminUserUpdateSchema>;
export const adminUserPayloadSchema = z.object({ user: adminUserSchema });
export type AdminUserPayload = z.infer<typeof adminUserPayloadSchema>;

// ---- Support tickets -----------------------------------------------------------------------

/** One message of a ticket's conversation (the contract's shape; the customer's calls answer it too). */
export const ticketMessageSchema = z.object({
  id: z.number().int(),
  body: z.string(),
  author: ticketAuthorSchema,
  created_at: z.string(),
});
export type TicketMessage = z.infer<typeof ticketMessageSchema>;

/** A ticket in the platform's list: who asked, about what, and who wrote last. */
export const adminTicketSchema = z.object({
  id: z.number().int(),
  subject: z.string(),
  /** `general`, or an order issue's type (missing, damaged, wrong_item, late, other). */
  type: z.string(),
  status: ticketStatusSchema,
  customer: personSchema,
  order_id: z.number().int().nullable(),
  order_item_id: z.number().int().nullable(),
  message_count: z.number().int(),
  /** The newest message: `customer` means the ticket waits for an answer. */
  last_message: z.object({ author: ticketAuthorSchema, created_at: z.string() }).nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AdminTicket = z.infer<typeof adminTicketSchema>;

/** One ticket with its conversation, oldest message first. */
export const adminTicketDetailSchema = adminTicketSchema.extend({ messages: z.array(ticketMessageSchema) });
export type AdminTicketDetail = z.infer<typeof adminTicketDetailSchema>;

/** GET admin/tickets?status&page&per_page&search&sort; search matches the subject and the customer's name and e-mail. */
const ticketSortKeys = ['created_at', 'updated_at', 'subject'] as const;
export const adminTicketListQuerySchema = manageListQuerySchema(ticketSortKeys).extend({
  status: ticketStatusSchema.optional(),
});
export type AdminTicketListQuery = z.input<typeof adminTicketListQuerySchema>;

export const TICKET_MESSAGE_MAX = 5000;
/** POST admin/tickets/{id}/reply: a staff message, e-mailed to the customer. */
export const adminTicketReplySchema = z.object({
  body: z
    .string()
    .trim()
    .min(1, 'Write a reply.')
    .max(TICKET_MESSAGE_MAX, `Keep it under ${TICKET_MESSAGE_MAX} characters.`),
});
export type AdminTicketReply = z.input<typeof adminTicketReplySchema>;

/** PATCH admin/tickets/{id}: any of the contract's ticket statuses. */
export const adminTicketUpdateSchema = z.object({ status: ticketStatusSchema });
export type AdminTicketUpdate = z.input<typeof adminTicketUpdateSchema>;

export const adminTicketPayloadSchema = z.object({ ticket: adminTicketDetailSchema });
export type AdminTicketPayload = z.infer<typeof adminTicketPayloadSchema>;

// ---- Mail outbox ---------------------------------------------------------------------------

/**
 * A mail as the platform sees it: where it went, what for and how delivery went. Never its
 * body: mails carry password-reset links, which would let an admin take over an account.
 */
export const adminMailSchema = z.object({
  id: z.number().int(),
  to: z.string(),
  subject: z.string(),
  /** What the mail is for: password-reset, welcome, ticket-reply, order-placed... */
  kind: z.string(),
  /** `logged`: kept in the outbox only, as no SMTP relay is configured. */
  status: outboxStatusSchema,
  attempts: z.number().int(),
  last_error: z.string().nullable(),
  sent_at: z.string().nullable(),
  created_at: z.string(),
});
export type AdminMail = z.infer<typeof adminMailSchema>;

/** GET admin/mail-outbox?status&page&per_page&search&sort; search matches the recipient, subject and kind. */
export const adminMailListQuerySchema = manageListQuerySchema(['created_at', 'to', 'kind'] as const).extend({
  status: outboxStatusSchema.optional(),
});
export type AdminMailListQuery = z.input<typeof adminMailListQuerySchema>;

/** POST admin/mail-outbox/{id}/retry: the row after the new attempt. */
export const adminMailPayloadSchema = z.object({ mail: adminMailSchema });
export type AdminMailPayload = z.infer<typeof adminMailPayloadSchema>;

// ---- Site settings -------------------------------------------------------------------------

const text = (max: number) => z.string().trim().max(max);
/** An https address or '' (not set): the social links open another site. */
const urlOrEmpty = z.union([z.literal(''), safeLinkSchema.refine(isHttpsUrl, 'Use an https:// address.')]);
/** A picture of this site or an https address, or '' (not set): the site's logos. */
const pictureOrEmpty = z.union([z.literal(''), safeLinkSchema]);
/** A Stripe publishable key of the mode, or '' (not set). */
const publishableKey = (mode: 'test' | 'live') =>
  z.union([z.literal(''), z.string().regex(new RegExp(`^pk_${mode}_[A-Za-z0-9]{8,250}$`), `Must start pk_${mode}_.`)]);

/**
 * Every key of spec section 3 with its type on the admin wire. Values are stored as text (the
 * storefront's GET app/setting answers strings); booleans travel as booleans, numbers as
 * numbers and `collection_locations` as a list here, so the admin's form validates with this.
 */
/**
 * The collection points as the admin writes them: each named (the name is what a shopper picks
 * and what the checkout compares), and no name twice, or two entries of the list would be one
 * choice at checkout. A note is optional. An empty list is allowed: a shop that only delivers.
 */
export const collectionPointsUpdateSchema = z
  .array(
    z.object({
      value: z.string().trim().min(1, 'Name the collection point.').max(120, 'At most 120 characters.'),
      note: z.string().trim().max(200, 'At most 200 characters.').optional(),
    }),
  )
  .max(100)
  .superRefine((points, ctx) => {
    const seen = new Set<string>();
    points.forEach((point, index) => {
      const name = point.value.toLowerCase();
      if (seen.has(name)) {
        ctx.addIssue({ code: 'custom', path: [index, 'value'], message: 'This collection point is already listed.' });
      }
      seen.add(name);
    });
  });

/** A yes/no setting: a boolean, or the text GET app/setting shows it as ("true"/"false"). */
const settingBoolean = z.union([z.boolean(), z.enum(['true', 'false']).transform((value) => value === 'true')]);

export const adminSettingsShape = {
  locale: text(20).regex(/^[a-z]{2}(-[A-Z]{2})?$/, 'A locale such as en-GB.'),
  currency: z.string().regex(/^[A-Z]{3}$/, 'A three-letter currency code such as GBP.'),
  // The storefront writes every date with it (core's formatDate): a day, a month and a year, with
  // only spaces and punctuation between them, or every date on the site reads "banana".
  date_format: text(40).refine(
    isDatePattern,
    'A date pattern with a day (D or DD), a month (M, MM, MMM or MMMM) and a year (YY or YYYY), such as DD-MMM-YYYY.',
  ),
  stripe_test_mode: settingBoolean,
  enable_stripe_payment: settingBoolean,
  stripe_test_pub: publishableKey('test'),
  stripe_live_pub: publishableKey('live'),
  site_title: text(120).min(1),
  collection_locations: collectionPointsUpdateSchema,
  address: text(200),
  // The marketplace's base, which every delivery distance is measured from: a full UK postcode
  // (and one the geocoder knows: PUT admin/settings asks it, workflows/update-site-settings.ts).
  postcode: postcodeSchema,
  city: text(100),
  state: text(100),
  phone: text(20),
  email: z.union([z.literal(''), z.email().max(254)]),
  company_name: text(160),
  facebook_url: urlOrEmpty,
  tiktok_url: urlOrEmpty,
  linkedIn_url: urlOrEmpty,
  instagram_url: urlOrEmpty,
  site_logo_small: pictureOrEmpty,
  site_logo_large: pictureOrEmpty,
  /** 0 = no delivery at all. */
  delivery_radius_miles: z.number().min(0).max(100),
  /** Whole days after delivery in which a line may be returned; 0 = no returns. */
  return_window_days: z
    .number()
    .int('Whole days.')
    .min(0)
    .max(RETURN_WINDOW_DAYS_MAX, `At most ${RETURN_WINDOW_DAYS_MAX} days.`),
  /** Percent of a new order the platform keeps when its shop has no rate of its own; changes apply to new orders. */
  commission_rate: z.number().int('A whole percent.').min(0).max(100, 'At most 100%.'),
  /** Days after delivery before a sale can be paid out. */
  payout_hold_days: z.number().int('Whole days.').min(0).max(90, 'At most 90 days.'),
} satisfies Record<SiteSettingKey, z.ZodType>;

/**
 * GET admin/settings: every key, typed. Text keys are any text here (a key never set is '',
 * and a reply must not fail on a value stored before these rules); writes are checked strictly.
 */
export const adminSettingsSchema = z.object({
  ...(Object.fromEntries(Object.keys(adminSettingsShape).map((key) => [key, z.string()])) as Record<
    SiteSettingKey,
    z.ZodString
  >),
  stripe_test_mode: z.boolean(),
  enable_stripe_payment: z.boolean(),
  collection_locations: z.array(collectionPointSchema),
  delivery_radius_miles: z.number(),
  return_window_days: z.number(),
  commission_rate: z.number(),
  payout_hold_days: z.number(),
});
export type AdminSettings = z.infer<typeof adminSettingsSchema>;
/** PUT admin/settings: only the keys sent change, each checked by its rule. */
export const adminSettingsUpdateSchema = z.object(adminSettingsShape).partial();
export type AdminSettingsUpdate = z.input<typeof adminSettingsUpdateSchema>;
/** GET/PUT admin/settings answer the settings themselves, `{ [key]: value }` (the contract). */
export const adminSettingsPayloadSchema = adminSettingsSchema;
export type AdminSettingsPayload = z.infer<typeof adminSettingsPayloadSchema>;

// ---- Categories, sub-categories, brands ----------------------------------------------------

export const adminCategorySchema = refSchema.extend({
  image: z.string().nullable(),
  position: z.number().int(),
  /**
   * The VAT rate (0, 5 or 20 %) a new variation of the category's products takes unless its
   * merchant picks another. Changing it leaves existing variations as they are.
   */
  vat_rate: z.number().int(),
  sub_categories: z.array(refSchema),
});
export type AdminCategory = z.infer<typeof adminCategorySchema>;
export const adminCategoryInputSchema = z.object({
  name: text(120).min(1),
  slug: slugSchema.optional(),
  image: optionalSafeLinkSchema.optional(),
  position: z.number().int().min(0).max(10_000).optional(),
  /** 20 (standard) when a new category names none. */
  vat_rate: vatRateSchema.optional(),
});
export type AdminCategoryInput = z.input<typeof adminCategoryInputSchema>;

export const adminSubCategorySchema = refSchema.extend({
  category_id: z.number().int(),
  position: z.number().int(),
  brands: z.array(refSchema),
});
export type AdminSubCategory = z.infer<typeof adminSubCategorySchema>;
export const adminSubCategoryInputSchema = z.object({
  category_id: idSchema,
  name: text(120).min(1),
  slug: slugSchema.optional(),
  position: z.number().int().min(0).max(10_000).optional(),
  brand_ids: z.array(idSchema).max(500).optional(),
});
export type AdminSubCategoryInput = z.input<typeof adminSubCategoryInputSchema>;

export const adminBrandSchema = refSchema.extend({ logo: z.string().nullable() });
export type AdminBrand = z.infer<typeof adminBrandSchema>;
export const adminBrandInputSchema = z.object({
  name: text(120).min(1),
  slug: slugSchema.optional(),
  logo: optionalSafeLinkSchema.optional(),
});
export type AdminBrandInput = z.input<typeof adminBrandInputSchema>;

/** Path parameters of the admin's calls on one object. */
export const adminIdParamsSchema = z.object({ id: idSchema });

/** GET admin/categories and admin/brands: `sort` by created_at, name or position. */
export const adminTaxonomyListQuerySchema = manageListQuerySchema(['created_at', 'name', 'position'] as const);
export type AdminTaxonomyListQuery = z.input<typeof adminTaxonomyListQuerySchema>;
/** GET admin/sub-categories?category_id. */
export const adminSubCategoryListQuerySchema = adminTaxonomyListQuerySchema.extend({
  category_id: idSchema.optional(),
});
export type AdminSubCategoryListQuery = z.input<typeof adminSubCategoryListQuerySchema>;

/** PUT admin/categories/{id}, admin/sub-categories/{id}, admin/brands/{id}: only the fields sent. */
export const adminCategoryUpdateSchema = adminCategoryInputSchema.partial();
export const adminSubCategoryUpdateSchema = adminSubCategoryInputSchema.partial();
export const adminBrandUpdateSchema = adminBrandInputSchema.partial();

export const adminCategoryPayloadSchema = z.object({ category: adminCategorySchema });
export const adminSubCategoryPayloadSchema = z.object({ sub_category: adminSubCategorySchema });
export const adminBrandPayloadSchema = z.object({ brand: adminBrandSchema });

// ---- Editorial content: sliders, pages, blog, platform deals -------------------------------

/**
 * A picture or a link of the content tables: a path of this site (`/uploads/...`, `/products`)
 * or an https address; never `//host`, `javascript:` or `data:` (the rule of safe-links.ts).
 */
export const contentUrlSchema = safeLinkSchema;
/** An optional picture or link: '' or null mean none (stored as null). */
const optionalContentUrl = optionalSafeLinkSchema;
/** Optional text: '' or null mean none (stored as null). */
const optionalLine = (max: number) => z.string().trim().max(max, `Keep it under ${max} characters.`).nullable();
const requiredLine = (max: number) =>
  z.string().trim().min(1, 'This field is required.').max(max, `Keep it under ${max} characters.`);
const displayPosition = z.number().int().min(0).max(10_000);
const contentTime = z.iso.datetime({ offset: true });

/**
 * True when rich text shows something: text or a picture, not only empty tags (the editor's
 * empty document is `<p></p>`). The API checks it again after sanitising.
 */
export function richTextHasContent(html: string): boolean {
  if (/<img\b/i.test(html)) return true;
  return (
    html
      .replace(/<[^>]*>/g, '')
      .replace(/&nbsp;|&#160;/gi, ' ')
      .trim() !== ''
  );
}

/** POST admin/content-images (multipart, field `image`): the stored picture, to put in a form. */
export const adminContentImagePayloadSchema = z.object({
  image: z.object({ url: z.string(), width: z.number().int(), height: z.number().int() }),
});
export type AdminContentImagePayload = z.infer<typeof adminContentImagePayloadSchema>;

// Sliders (the home page's main slider, its deals slider and its banners).

export const adminSliderSchema = z.object({
  id: z.number().int(),
  type: sliderTypeSchema,
  title: z.string().nullable(),
  caption: z.string().nullable(),
  image: z.string(),
  mobile_image: z.string().nullable(),
  link: z.string().nullable(),
  position: z.number().int(),
  is_active: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AdminSlider = z.infer<typeof adminSliderSchema>;
/**
 * POST admin/sliders. The title is required although the table allows none: the storefront
 * reads it out as the picture's text, and a linked slide without one is a link with no name.
 */
export const adminSliderInputSchema = z.object({
  type: sliderTypeSchema,
  title: requiredLine(160),
  caption: optionalLine(300).optional(),
  image: contentUrlSchema,
  mobile_image: optionalContentUrl.optional(),
  link: optionalContentUrl.optional(),
  position: displayPosition.optional(),
  is_active: z.boolean().optional(),
});
export type AdminSliderInput = z.input<typeof adminSliderInputSchema>;
/** PUT admin/sliders/{id}: only the fields sent change. */
export const adminSliderUpdateSchema = adminSliderInputSchema.partial();
/** GET admin/sliders?type&page&per_page&search&sort; search matches the title and caption. */
export const adminSliderListQuerySchema = manageListQuerySchema(['created_at', 'position', 'title'] as const).extend({
  type: sliderTypeSchema.optional(),
});
export type AdminSliderListQuery = z.input<typeof adminSliderListQuerySchema>;
export const adminSliderPayloadSchema = z.object({ slider: adminSliderSchema });

// Pages and their settings rows.

/** `text` values are HTML or plain text (sanitised); `image` values a picture's path or address. */
export const pageSettingValueTypes = ['text', 'image'] as const;
export const pageSettingValueTypeSchema = z.enum(pageSettingValueTypes);
export type PageSettingValueType = (typeof pageSettingValueTypes)[number];

export const adminPageSettingSchema = z.object({
  id: z.number().int(),
  section: z.string(),
  key: z.string(),
  value: z.string(),
  value_type: z.string(),
  position: z.number().int(),
});
export type AdminPageSetting = z.infer<typeof adminPageSettingSchema>;
export const adminPageSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  /** Linked from the storefront's footer; the page is published at /page/{slug}. */
  in_footer: z.boolean(),
  settings: z.array(adminPageSettingSchema),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AdminPage = z.infer<typeof adminPageSchema>;

const settingName = (what: string) =>
  z
    .string()
    .trim()
    .min(1, `Name the ${what}.`)
    .max(60)
    .regex(/^[A-Za-z0-9_-]+$/, 'Letters, digits, - and _ only.');
export const PAGE_SETTING_VALUE_MAX = 20_000;
export const adminPageSettingInputSchema = z
  .object({
    section: settingName('section'),
    key: settingName('key'),
    value: z.string().max(PAGE_SETTING_VALUE_MAX, `Keep it under ${PAGE_SETTING_VALUE_MAX} characters.`),
    value_type: pageSettingValueTypeSchema.optional(),
  })
  .superRefine((setting, ctx) => {
    if (setting.value_type === 'image' && !isSafeLink(setting.value.trim())) {
      ctx.addIssue({ code: 'custom', path: ['value'], message: LINK_MESSAGE });
    }
  });
export type AdminPageSettingInput = z.input<typeof adminPageSettingInputSchema>;

const pageSettings = z
  .array(adminPageSettingInputSchema)
  .max(200)
  .superRefine((settings, ctx) => {
    const seen = new Set<string>();
    settings.forEach((setting, index) => {
      const name = `${setting.section.trim()}\n${setting.key.trim()}`;
      if (seen.has(name)) {
        ctx.addIssue({ code: 'custom', path: [index, 'key'], message: 'This section already has that key.' });
      }
      seen.add(name);
    });
  });
/** POST admin/pages. `settings`, when sent, replaces the page's rows in that order. */
export const adminPageInputSchema = z.object({
  title: requiredLine(160),
  slug: slugSchema.optional(),
  in_footer: z.boolean().optional(),
  settings: pageSettings.optional(),
});
export type AdminPageInput = z.input<typeof adminPageInputSchema>;
/** PUT admin/pages/{id}: only the fields sent change (`settings` replaces them all). */
export const adminPageUpdateSchema = adminPageInputSchema.partial();
/** GET admin/pages?page&per_page&search&sort; search matches the title and slug. */
export const adminPageListQuerySchema = manageListQuerySchema(['created_at', 'title', 'slug'] as const);
export type AdminPageListQuery = z.input<typeof adminPageListQuerySchema>;
export const adminPagePayloadSchema = z.object({ page: adminPageSchema });

// Blog categories and posts.

export const adminBlogCategorySchema = refSchema.extend({
  /** Every post of the category, drafts and scheduled ones too. */
  posts_count: z.number().int(),
  created_at: z.string(),
});
export type AdminBlogCategory = z.infer<typeof adminBlogCategorySchema>;
export const adminBlogCategoryInputSchema = z.object({ name: requiredLine(120), slug: slugSchema.optional() });
export type AdminBlogCategoryInput = z.input<typeof adminBlogCategoryInputSchema>;
export const adminBlogCategoryUpdateSchema = adminBlogCategoryInputSchema.partial();
/** GET admin/blog-categories?page&per_page&search&sort. */
export const adminBlogCategoryListQuerySchema = manageListQuerySchema(['created_at', 'name'] as const);
export type AdminBlogCategoryListQuery = z.input<typeof adminBlogCategoryListQuerySchema>;
export const adminBlogCategoryPayloadSchema = z.object({ blog_category: adminBlogCategorySchema });

/** draft: no publication time; scheduled: a time still to come; published: on the storefront. */
export const blogPostStatuses = ['draft', 'scheduled', 'published'] as const;
export const blogPostStatusSchema = z.enum(blogPostStatuses);
export type BlogPostStatus = (typeof blogPostStatuses)[number];

export const adminBlogPostSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  slug: z.string(),
  excerpt: z.string(),
  body: z.string().describe('Sanitised HTML'),
  cover_image: z.string().nullable(),
  author: z.string(),
  category: refSchema,
  published_at: z.string().nullable(),
  status: blogPostStatusSchema,
  created_at: z.string(),
  updated_at: z.string(),
});
export type AdminBlogPost = z.infer<typeof adminBlogPostSchema>;

export const BLOG_BODY_MAX = 100_000;
/**
 * POST admin/blog-posts. `body` is HTML from the editor: the API sanitises it (allow-list of
 * tags, attributes and URL schemes) before it is stored. An empty `excerpt` is made from the
 * body, an empty `author` is the signed-in admin; `published_at` null keeps the post a draft.
 */
export const adminBlogPostInputSchema = z.object({
  title: requiredLine(200),
  slug: slugSchema.optional(),
  category_id: idSchema,
  excerpt: z.string().trim().max(500, 'Keep it under 500 characters.').optional(),
  body: z
    .string()
    .max(BLOG_BODY_MAX, `Keep the post under ${BLOG_BODY_MAX} characters of HTML.`)
    .refine(richTextHasContent, 'Write the post.'),
  cover_image: optionalContentUrl.optional(),
  author: z.string().trim().max(120, 'Keep it under 120 characters.').optional(),
  published_at: contentTime.nullable().optional(),
});
export type AdminBlogPostInput = z.input<typeof adminBlogPostInputSchema>;
/** PUT admin/blog-posts/{id}: only the fields sent change. */
export const adminBlogPostUpdateSchema = adminBlogPostInputSchema.partial();
/** GET admin/blog-posts?category_id&status&page&per_page&search&sort; search matches the title and slug. */
export const adminBlogPostListQuerySchema = manageListQuerySchema([
  'created_at',
  'title',
  'published_at',
] as const).extend({
  category_id: idSchema.optional(),
  status: blogPostStatusSchema.optional(),
});
export type AdminBlogPostListQuery = z.input<typeof adminBlogPostListQuerySchema>;
export const adminBlogPostPayloadSchema = z.object({ blog_post: adminBlogPostSchema });

// Platform deals ("UBM Deals" at /ubm-offers).

/** A deal as /ubm-offers shows it (content-schemas.ts), with what only the platform sees. */
export const adminDealSchema = dealSchema.extend({
  /** The code as the admin set it, whether or not its coupon can be redeemed now. */
  coupon_code: z.string().nullable(),
  /** Whether the storefront shows the code now: a coupon of the deal's shop or of the platform has it and is live. */
  coupon_redeemable: z.boolean(),
  is_active: z.boolean(),
  /** Whether /ubm-offers shows it now: active, started, not ended, its shop open. */
  is_live: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AdminDeal = z.infer<typeof adminDealSchema>;

const dealFields = {
  title: requiredLine(160),
  description: requiredLine(2000),
  image: optionalContentUrl.optional(),
  badge: optionalLine(40).optional(),
  link: optionalContentUrl.optional(),
  shop_id: idSchema.nullable().optional(),
  /** A platform coupon's code, or a code of the deal's shop; null or "" for none (upper-cased). */
  coupon_code: z
    .string()
    .trim()
    .max(40)
    .transform((code) => (code === '' ? null : code.toUpperCase()))
    .nullable()
    .optional(),
  starts_at: contentTime.nullable().optional(),
  ends_at: contentTime.nullable().optional(),
  is_active: z.boolean().optional(),
};
/** The end must come after the start; the API checks it again on the merged row of an update. */
export function checkDealDates(deal: { starts_at?: string | null; ends_at?: string | null }, ctx: z.RefinementCtx) {
  if (deal.starts_at && deal.ends_at && Date.parse(deal.ends_at) <= Date.parse(deal.starts_at)) {
    ctx.addIssue({ code: 'custom', path: ['ends_at'], message: 'The end must be after the start.' });
  }
}
/** POST admin/deals. */
export const adminDealInputSchema = z.object(dealFields).superRefine(checkDealDates);
export type AdminDealInput = z.input<typeof adminDealInputSchema>;
/** PUT admin/deals/{id}: only the fields sent change. */
export const adminDealUpdateSchema = z.object(dealFields).partial().superRefine(checkDealDates);
/** GET admin/deals?page&per_page&search&sort; search matches the title, badge and shop name. */
export const adminDealListQuerySchema = manageListQuerySchema(['created_at', 'title', 'ends_at'] as const);
export type AdminDealListQuery = z.input<typeof adminDealListQuerySchema>;
export const adminDealPayloadSchema = z.object({ deal: adminDealSchema });

// Platform coupons (made by the admin, redeemable on any shop's matching lines, paid for by the platform).

const categoryIdsSchema = z.array(idSchema).max(200);

/** A platform coupon: a shop coupon's fields, with categories and sub-categories it may name. */
export const platformCouponSchema = vendorCouponSchema.extend({
  category_ids: z.array(z.number().int()),
  sub_category_ids: z.array(z.number().int()),
});
export type PlatformCoupon = z.infer<typeof platformCouponSchema>;

const platformCouponFields = {
  ...couponFields,
  /** Products of any shop. */
  product_ids: couponFields.product_ids,
  category_ids: categoryIdsSchema.optional(),
  sub_category_ids: categoryIdsSchema.optional(),
};
/** POST admin/coupons. */
export const platformCouponCreateSchema = z.object(platformCouponFields).superRefine(checkCouponRules);
export type PlatformCouponCreate = z.input<typeof platformCouponCreateSchema>;
/** PUT admin/coupons/{id}: only the fields sent change. */
export const platformCouponUpdateSchema = z.object(platformCouponFields).partial().superRefine(checkCouponRules);
export type PlatformCouponUpdate = z.input<typeof platformCouponUpdateSchema>;
export const platformCouponPayloadSchema = z.object({ coupon: platformCouponSchema });
/** GET admin/coupons?page&per_page&search&sort (search matches the code). */
export const platformCouponListQuerySchema = manageListQuerySchema([
  'created_at',
  'code',
  'used_count',
  'ends_at',
] as const);
