/**
 * Wire shapes of the platform calls under `/api/admin/` (api-contract.md, "Merchant and admin
 * API"): shop-create requests, shops, users, the site settings with typed values, and the
 * catalogue's categories, sub-categories and brands. Lists take the shared list query of
 * vendor-schemas.ts and answer `Paginated<T>`.
 */
import { z } from 'zod';
import { refSchema, slugSchema } from './catalog-schemas';
import { shopRequestStatusSchema, userRoleSchema } from './enums';
import { idSchema } from './ids';
import { collectionPointSchema, type SiteSettingKey } from './settings';
import { manageListQuerySchema } from './vendor-schemas';

const personSchema = z.object({ id: z.number().int(), name: z.string(), email: z.string() });

// ---- Shop-create requests ------------------------------------------------------------------

export const adminShopRequestSchema = z.object({
  id: z.number().int(),
  user: personSchema,
  shop_name: z.string(),
  description: z.string().nullable(),
  phone: z.string(),
  email: z.string(),
  address: z.string(),
  postcode: z.string(),
  status: shopRequestStatusSchema,
  /** The reason given on a rejection. */
  admin_note: z.string().nullable(),
  /** The shop made on acceptance. */
  shop_id: z.number().int().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
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

// ---- Site settings -------------------------------------------------------------------------

const text = (max: number) => z.string().trim().max(max);
/** A URL or '' (not set). */
const urlOrEmpty = z.union([z.literal(''), z.url({ protocol: /^https?$/ }).max(500)]);
/** A Stripe publishable key of the mode, or '' (not set). */
const publishableKey = (mode: 'test' | 'live') =>
  z.union([z.literal(''), z.string().regex(new RegExp(`^pk_${mode}_[A-Za-z0-9]{8,250}$`), `Must start pk_${mode}_.`)]);

/**
 * Every key of spec section 3 with its type on the admin wire. Values are stored as text (the
 * storefront's GET app/setting answers strings); booleans travel as booleans, numbers as
 * numbers and `collection_locations` as a list here, so the admin's form validates with this.
 */
export const adminSettingsShape = {
  locale: text(20).regex(/^[a-z]{2}(-[A-Z]{2})?$/, 'A locale such as en-GB.'),
  currency: z.string().regex(/^[A-Z]{3}$/, 'A three-letter currency code such as GBP.'),
  date_format: text(40).min(1),
  stripe_test_mode: z.boolean(),
  enable_stripe_payment: z.boolean(),
  stripe_test_pub: publishableKey('test'),
  stripe_live_pub: publishableKey('live'),
  site_title: text(120).min(1),
  collection_locations: z.array(collectionPointSchema).max(100),
  address: text(200),
  postcode: text(10),
  city: text(100),
  state: text(100),
  phone: text(20),
  email: z.union([z.literal(''), z.email().max(254)]),
  company_name: text(160),
  facebook_url: urlOrEmpty,
  tiktok_url: urlOrEmpty,
  linkedIn_url: urlOrEmpty,
  instagram_url: urlOrEmpty,
  site_logo_small: z.string().max(500),
  site_logo_large: z.string().max(500),
  /** 0 = no delivery at all. */
  delivery_radius_miles: z.number().min(0).max(100),
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
});
export type AdminSettings = z.infer<typeof adminSettingsSchema>;
/** PUT admin/settings: only the keys sent change, each checked by its rule. */
export const adminSettingsUpdateSchema = z.object(adminSettingsShape).partial();
export type AdminSettingsUpdate = z.input<typeof adminSettingsUpdateSchema>;
export const adminSettingsPayloadSchema = z.object({ settings: adminSettingsSchema });
export type AdminSettingsPayload = z.infer<typeof adminSettingsPayloadSchema>;

// ---- Categories, sub-categories, brands ----------------------------------------------------

export const adminCategorySchema = refSchema.extend({
  image: z.string().nullable(),
  position: z.number().int(),
  sub_categories: z.array(refSchema),
});
export type AdminCategory = z.infer<typeof adminCategorySchema>;
export const adminCategoryInputSchema = z.object({
  name: text(120).min(1),
  slug: slugSchema.optional(),
  image: z.string().max(500).nullable().optional(),
  position: z.number().int().min(0).max(10_000).optional(),
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
  logo: z.string().max(500).nullable().optional(),
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
