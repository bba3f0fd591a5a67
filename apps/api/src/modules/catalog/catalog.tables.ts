import { productTypes } from '@parade/core/enums';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { timestamps } from '../../db/columns';
import { shops } from '../shops/shops.tables';

export const productType = pgEnum('product_type', productTypes);

export const categories = pgTable(
  'categories',
  {
    id: serial().primaryKey(),
    name: text().notNull(),
    slug: text().notNull(),
    image: text(),
    position: integer().notNull().default(0),
    ...timestamps,
  },
  (t) => [uniqueIndex('categories_slug_idx').on(t.slug)],
);

export const subCategories = pgTable(
  'sub_categories',
  {
    id: serial().primaryKey(),
    categoryId: integer()
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    slug: text().notNull(),
    position: integer().notNull().default(0),
    ...timestamps,
  },
  (t) => [uniqueIndex('sub_categories_slug_idx').on(t.slug), index('sub_categories_category_idx').on(t.categoryId)],
);

export const brands = pgTable(
  'brands',
  {
    id: serial().primaryKey(),
    name: text().notNull(),
    slug: text().notNull(),
    logo: text(),
    ...timestamps,
  },
  (t) => [uniqueIndex('brands_slug_idx').on(t.slug)],
);

/** Brands belong to sub-categories (a brand may sit under several). */
export const brandSubCategories = pgTable(
  'brand_sub_categories',
  {
    brandId: integer()
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    subCategoryId: integer()
      .notNull()
      .references(() => subCategories.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.brandId, t.subCategoryId] })],
);

export const products = pgTable(
  'products',
  {
    id: serial().primaryKey(),
    shopId: integer()
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    categoryId: integer().references(() => categories.id, { onDelete: 'set null' }),
    subCategoryId: integer().references(() => subCategories.id, { onDelete: 'set null' }),
    brandId: integer().references(() => brands.id, { onDelete: 'set null' }),
    name: text().notNull(),
    slug: text().notNull(),
    type: productType().notNull().default('Physical'),
    description: text(),
    isActive: boolean().notNull().default(true),
    isFeatured: boolean().notNull().default(false),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('products_shop_slug_idx').on(t.shopId, t.slug),
    index('products_category_idx').on(t.categoryId),
    index('products_sub_category_idx').on(t.subCategoryId),
    index('products_brand_idx').on(t.brandId),
    index('products_created_idx').on(t.createdAt),
    index('products_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
  ],
);

export const productVariations = pgTable(
  'product_variations',
  {
    id: serial().primaryKey(),
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    slug: text().notNull(),
    /** Product name + variation name, kept for search and for order lines. */
    fullName: text().notNull(),
    sku: text(),
    /** Price in pence. */
    price: integer().notNull(),
    /** Struck-through "was" price in pence, when the shop shows one. */
    compareAtPrice: integer(),
    /** null = unlimited (digital goods). */
    stock: integer(),
    images: jsonb().$type<string[]>().notNull().default([]),
    unitsSold: integer().notNull().default(0),
    /** For digital products: the file under DATA_DIR that a paid order unlocks. */
    digitalFile: text(),
    position: integer().notNull().default(0),
    isActive: boolean().notNull().default(true),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('product_variations_product_slug_idx').on(t.productId, t.slug),
    index('product_variations_price_idx').on(t.price),
    index('product_variations_full_name_trgm_idx').using('gin', sql`${t.fullName} gin_trgm_ops`),
    check('product_variations_price_check', sql`${t.price} >= 0`),
    check('product_variations_stock_check', sql`${t.stock} is null or ${t.stock} >= 0`),
  ],
);
