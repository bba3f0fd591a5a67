/**
 * Wire shapes of the catalogue calls (api-contract.md): categories, brands, product cards, the
 * product page and the product list with its query. The API declares them as route schemas (its
 * replies are checked and stripped against them); clients parse replies with them. Money fields
 * are integer pence.
 */
import { z } from 'zod';
import { SEARCH_MAX_LENGTH } from './catalog';
import { productTypeSchema, sortByValues } from './enums';
import { paginated } from './envelope';
import { ratingSchema, ratingWithHistogramSchema } from './rating-schemas';

export const refSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
});
export type Ref = z.infer<typeof refSchema>;

export const imageRefSchema = z.object({ url: z.string() });
export type ImageRef = z.infer<typeof imageRefSchema>;

export const priceRangeSchema = z.object({
  min: z.number().int(),
  max: z.number().int(),
});
export type PriceRange = z.infer<typeof priceRangeSchema>;

/** GET /brands. */
export const brandSchema = refSchema.extend({ logo: imageRefSchema.nullable() });
export type Brand = z.infer<typeof brandSchema>;

/** GET /categories: a category with its sub-categories and their brands. */
export const categoryNodeSchema = refSchema.extend({
  image: z.string().nullable(),
  /** The VAT rate (0, 5 or 20 %) its products' prices include unless their merchant chose another (the merchant's form starts from it). */
  vat_rate: z.number().int(),
  sub_categories: z.array(refSchema.extend({ brands: z.array(refSchema) })),
});
export type CategoryNode = z.infer<typeof categoryNodeSchema>;

/** The variation a card links to. */
export const cardVariationSchema = refSchema.extend({
  full_name: z.string(),
  price: z.number().int(),
  /** null = unlimited (digital). */
  stock: z.number().int().nullable(),
});
export type CardVariation = z.infer<typeof cardVariationSchema>;

/** Every product list uses this card; it links to /{shop.slug}/product/{slug}/{variation.slug}. */
export const productCardSchema = refSchema.extend({
  type: productTypeSchema,
  price: z.number().int(),
  compare_at_price: z.number().int().nullable(),
  thumbnail: z.string().nullable(),
  /** `holiday_mode`: the shop takes no orders now, so the card offers no "Add". */
  shop: refSchema.extend({ holiday_mode: z.boolean().default(false) }),
  brand: refSchema.nullable(),
  variation: cardVariationSchema,
  /** The average and count of the product's visible reviews (from the read model, no extra query). */
  rating: ratingSchema,
});
export type ProductCard = z.infer<typeof productCardSchema>;

export const variationSchema = cardVariationSchema.extend({
  sku: z.string().nullable(),
  compare_at_price: z.number().int().nullable(),
  thumbnail: z.string().nullable(),
  images: z.array(imageRefSchema),
});
export type Variation = z.infer<typeof variationSchema>;

export const productDetailSchema = refSchema.extend({
  type: productTypeSchema,
  description: z.string().nullable(),
  shop: refSchema.extend({
    logo: imageRefSchema.nullable(),
    /** In holiday mode the shop takes no orders; the page shows `holiday_message` (null when open) as its notice. */
    holiday_mode: z.boolean(),
    holiday_message: z.string().nullable(),
  }),
  brand: refSchema.nullable(),
  category: refSchema.nullable(),
  sub_category: refSchema.nullable(),
});
export type ProductDetail = z.infer<typeof productDetailSchema>;

/** GET /product/{vendor}/{product}/{variation}. */
export const productPageSchema = z.object({
  product: productDetailSchema,
  variation: variationSchema,
  variations: z.array(variationSchema),
  related: z.array(productCardSchema),
  /** The product's rating with its star histogram; the reviews are GET products/{id}/reviews. */
  rating: ratingWithHistogramSchema,
});
export type ProductPage = z.infer<typeof productPageSchema>;

/** GET /products and GET /shop/{slug}/product. */
export const productListSchema = z.object({
  products: paginated(productCardSchema),
  price_range: priceRangeSchema,
});
export type ProductList = z.infer<typeof productListSchema>;

// ---- Requests ----------------------------------------------------------------------------

/**
 * A whole number given as query text, between min and max; "-5" fails on the bound, "abc" on the
 * format. The OpenAPI document shows the text's pattern, so its bounds are said in words there.
 */
export function wholeNumber(min: number, max: number) {
  return z
    .string()
    .trim()
    .regex(/^-?\d{1,12}$/, 'Must be a whole number.')
    .transform(Number)
    .pipe(z.number().int().min(min, `Must be at least ${min}.`).max(max, `Must be at most ${max}.`))
    .meta({ description: `A whole number from ${min} to ${max}.` });
}

/** Page numbers of every paged list. */
export const pageQuerySchema = wholeNumber(1, 100_000);

export const slugSchema = z
  .string()
  .trim()
  .min(1)
  .max(160)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/i, 'Must be a slug (letters, digits and hyphens).');

/** Product lists: default and largest page sizes. */
export const PRODUCTS_PER_PAGE = 20;
export const PRODUCTS_MAX_PER_PAGE = 60;
const MAX_PRICE = 100_000_000;

/** Filters, sort and paging common to /products and /shop/{slug}/product. */
const listParams = {
  sort_by: z.enum(sortByValues, { error: `Must be one of: ${sortByValues.join(', ')}.` }).optional(),
  sort_high: z.enum(['0', '1'], { error: 'Must be 0 or 1.' }).optional(),
  sub: slugSchema.optional(),
  brand: slugSchema.optional(),
  search: z.string().trim().max(SEARCH_MAX_LENGTH).optional(),
  min_price: wholeNumber(0, MAX_PRICE).optional(),
  max_price: wholeNumber(0, MAX_PRICE).optional(),
  page: pageQuerySchema.optional(),
  per_page: wholeNumber(1, PRODUCTS_MAX_PER_PAGE).optional(),
};

function minNotAboveMax(
  query: { min_price?: number | undefined; max_price?: number | undefined },
  ctx: z.RefinementCtx,
): void {
  if (query.min_price !== undefined && query.max_price !== undefined && query.min_price > query.max_price) {
    ctx.addIssue({
      code: 'custom',
      path: ['min_price'],
      message: 'The minimum price must not be above the maximum price.',
    });
  }
}

/** GET /products: `category` is a list of category slugs; `shop`, `brand`, `sub` are slugs. */
export const productListQuerySchema = z
  .object({
    ...listParams,
    category: z.array(slugSchema).max(50).optional(),
    shop: slugSchema.optional(),
  })
  .superRefine(minNotAboveMax);
export type ProductListQuery = z.input<typeof productListQuerySchema>;

/** GET /shop/{slug}/product: the same filters, with a single `category` and `brand`. */
export const shopProductListQuerySchema = z
  .object({
    ...listParams,
    category: slugSchema.optional(),
  })
  .superRefine(minNotAboveMax);
export type ShopProductListQuery = z.input<typeof shopProductListQuerySchema>;

/** The path of a product page: shop, product and variation slugs. */
export const productPageParamsSchema = z.object({
  vendor: z.string().min(1).max(160),
  product: z.string().min(1).max(160),
  variation: z.string().min(1).max(160),
});
