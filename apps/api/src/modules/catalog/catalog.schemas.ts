import { productTypes } from '@parade/core/catalog';
import type {
  Brand,
  CategoryNode,
  PriceRange,
  ProductCard,
  ProductList,
  ProductPage,
  Ref,
  Variation,
} from '@parade/core/catalog-dto';
import { z } from 'zod';

/**
 * Response schemas of the catalogue DTOs (packages/core/src/catalog-dto.ts). `satisfies` keeps
 * each one in step with its interface; at run time they document the reply in /api/openapi.json
 * and strip anything a DTO does not name.
 */
export const refSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
}) satisfies z.ZodType<Ref>;
export const imageRefSchema = z.object({ url: z.string() });
export const priceRangeSchema = z.object({
  min: z.number().int(),
  max: z.number().int(),
}) satisfies z.ZodType<PriceRange>;

export const productCardSchema = refSchema.extend({
  type: z.enum(productTypes),
  price: z.number().int(),
  compare_at_price: z.number().int().nullable(),
  thumbnail: z.string().nullable(),
  shop: refSchema,
  brand: refSchema.nullable(),
  variation: refSchema.extend({
    full_name: z.string(),
    price: z.number().int(),
    stock: z.number().int().nullable(),
  }),
}) satisfies z.ZodType<ProductCard>;

export const variationSchema = productCardSchema.shape.variation.extend({
  sku: z.string().nullable(),
  compare_at_price: z.number().int().nullable(),
  thumbnail: z.string().nullable(),
  images: z.array(imageRefSchema),
}) satisfies z.ZodType<Variation>;

export function paginatedSchema<T extends z.ZodType>(item: T) {
  return z.object({
    data: z.array(item),
    current_page: z.number().int(),
    last_page: z.number().int(),
    per_page: z.number().int(),
    total: z.number().int(),
  });
}

export const productListSchema = z.object({
  products: paginatedSchema(productCardSchema),
  price_range: priceRangeSchema,
}) satisfies z.ZodType<ProductList>;

export const productPageSchema = z.object({
  product: refSchema.extend({
    type: z.enum(productTypes),
    description: z.string().nullable(),
    shop: refSchema.extend({ logo: imageRefSchema.nullable() }),
    brand: refSchema.nullable(),
    category: refSchema.nullable(),
    sub_category: refSchema.nullable(),
  }),
  variation: variationSchema,
  variations: z.array(variationSchema),
  related: z.array(productCardSchema),
}) satisfies z.ZodType<ProductPage>;

export const brandSchema = refSchema.extend({ logo: imageRefSchema.nullable() }) satisfies z.ZodType<Brand>;

export const categoryNodeSchema = refSchema.extend({
  image: z.string().nullable(),
  sub_categories: z.array(refSchema.extend({ brands: z.array(refSchema) })),
}) satisfies z.ZodType<CategoryNode>;

/** The success envelope around a payload schema. */
export function okSchema<T extends z.ZodType>(data: T) {
  return z.object({ status: z.literal(true), message: z.string().optional(), data });
}
