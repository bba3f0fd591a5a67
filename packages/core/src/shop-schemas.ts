/** Wire shapes of the shop calls: shop cards, a shop's page, its filter data and the vendor menu list. */
import { z } from 'zod';
import { imageRefSchema, pageQuerySchema, priceRangeSchema, refSchema, wholeNumber } from './catalog-schemas';
import { ratingSchema } from './rating-schemas';

export const shopSlideItemSchema = z.object({
  title: z.string(),
  caption: z.string(),
  image: z.string(),
  mobile_image: z.string().nullable(),
  action_link: z.string().nullable(),
  action_text: z.string().nullable(),
});
export type ShopSlideItem = z.infer<typeof shopSlideItemSchema>;

/** GET /shops: one card per shop. */
export const shopCardSchema = refSchema.extend({
  tagline: z.string().nullable(),
  logo: imageRefSchema.nullable(),
  banner: imageRefSchema.nullable(),
  address: z.string(),
  postcode: z.string(),
  product_count: z.number().int(),
  /** The average and count of the visible reviews of all the shop's products. */
  rating: ratingSchema,
});
export type ShopCard = z.infer<typeof shopCardSchema>;

/** GET /shop/{slug}. */
export const shopSchema = refSchema.extend({
  tagline: z.string().nullable(),
  description: z.string().nullable(),
  logo: imageRefSchema.nullable(),
  banner: imageRefSchema.nullable(),
  slide: z.object({ items: z.array(shopSlideItemSchema) }),
  address: z.string(),
  city: z.string(),
  postcode: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  /**
   * The average and count of the visible reviews of all the shop's products. Before the optional
   * fields: the compiled reply writer puts required keys first (plugins/serializer.ts).
   */
  rating: ratingSchema,
  opening_hours: z.string().nullable().optional(),
  /** In holiday mode the shop takes no orders; the storefront shows the message as its notice. */
  holiday_mode: z.boolean().optional(),
  holiday_message: z.string().nullable().optional(),
});
export type Shop = z.infer<typeof shopSchema>;

/** GET /shop/{slug}/data: the shop's categories and brands with listed products. */
export const shopDataSchema = z.object({
  categories: z.array(refSchema),
  brands: z.array(refSchema),
  price_range: priceRangeSchema,
  product_count: z.number().int(),
});
export type ShopData = z.infer<typeof shopDataSchema>;

/** GET /vendor: every active shop, for menus. */
export const vendorRefSchema = refSchema.extend({ logo: imageRefSchema.nullable() });
export type VendorRef = z.infer<typeof vendorRefSchema>;

export const SHOPS_MAX_PER_PAGE = 60;

/** GET /shops?search&page&per_page. */
export const shopListQuerySchema = z.object({
  search: z.string().trim().max(100).optional(),
  page: pageQuerySchema.optional(),
  per_page: wholeNumber(1, SHOPS_MAX_PER_PAGE).optional(),
});
export type ShopListQuery = z.input<typeof shopListQuerySchema>;

export const shopSlugParamsSchema = z.object({ slug: z.string().min(1).max(160) });
