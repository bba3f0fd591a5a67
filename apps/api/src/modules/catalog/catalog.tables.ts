import { productTypes } from '@parade/core/enums';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  type ExtraConfigColumn,
  index,
  integer,
  jsonb,
  numeric,
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
    /** VAT rate (0, 5 or 20 %) a new variation of this category gets unless its merchant says otherwise. */
    vatRate: integer().notNull().default(20),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('categories_slug_idx').on(t.slug),
    check('categories_vat_rate_check', sql`${t.vatRate} in (0, 5, 20)`),
  ],
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
    // The read model (decision 010): what a product card and the lists need, one row of one table.
    // Written ONLY by refreshProductListings (read-model.ts), in the transaction of every write
    // that changes its inputs; `npm run db:repair-read-model` recomputes it for every product.
    /** The listable-product rule: active product, active shop, at least one active variation. */
    listable: boolean().notNull().default(false),
    shopName: text(),
    shopSlug: text(),
    shopLogo: text(),
    /** The shop is on holiday: its cards offer no "Add" (the product page shows its notice). */
    shopOnHoliday: boolean().notNull().default(false),
    brandName: text(),
    brandSlug: text(),
    /** The card variation: the cheapest active variation (ties: lowest position, then id). */
    cardVariationId: integer(),
    cardVariationName: text(),
    cardVariationSlug: text(),
    cardVariationFullName: text(),
    cardPrice: integer(),
    /**
     * The dearest active variation's price: with the card's (the cheapest) it gives a list's
     * price range, "the min/max variation price of the filtered set" (api-contract.md).
     */
    topPrice: integer(),
    cardCompareAtPrice: integer(),
    cardStock: integer(),
    cardInStock: boolean().notNull().default(false),
    cardThumbnail: text(),
    /** Units sold summed over the active variations. */
    unitsSold: integer().notNull().default(0),
    /** Folded (lower case, no accents) product, brand, shop and active variation names, one per line. */
    searchText: text().notNull().default(''),
    // The product's rating (decision 044): its visible reviews' count, average (rounded to two
    // decimals, null with none) and how many gave 1..5 stars. Written ONLY by setProductRating
    // (read-model.ts), in the transaction of every review write, from the reviews themselves.
    ratingCount: integer().notNull().default(0),
    ratingAverage: numeric({ precision: 3, scale: 2, mode: 'number' }),
    ratingHistogram: jsonb().$type<number[]>().notNull().default([0, 0, 0, 0, 0]),
  },
  (t) => [
    uniqueIndex('products_shop_slug_idx').on(t.shopId, t.slug),
    index('products_category_idx').on(t.categoryId),
    index('products_sub_category_idx').on(t.subCategoryId),
    index('products_brand_idx').on(t.brandId),
    index('products_created_idx').on(t.createdAt),
    // Every filter and sort of the lists, over listable products only.
    ...listIndexes(t),
  ],
);

/** Partial indexes of the product lists: one per sort, and per filter with the default sort and the price range. */
function listIndexes(t: {
  createdAt: ExtraConfigColumn;
  id: ExtraConfigColumn;
  cardPrice: ExtraConfigColumn;
  topPrice: ExtraConfigColumn;
  unitsSold: ExtraConfigColumn;
  ratingAverage: ExtraConfigColumn;
  ratingCount: ExtraConfigColumn;
  shopId: ExtraConfigColumn;
  shopSlug: ExtraConfigColumn;
  slug: ExtraConfigColumn;
  categoryId: ExtraConfigColumn;
  subCategoryId: ExtraConfigColumn;
  brandSlug: ExtraConfigColumn;
  searchText: ExtraConfigColumn;
  listable: ExtraConfigColumn;
}) {
  const listed = sql`${t.listable}`;
  // A function: drizzle resets a column's order after each index, so build it anew each time.
  const newest = () => [t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()] as const;
  const idx = (name: string) => index(`products_list_${name}_idx`);
  return [
    idx('newest')
      .on(...newest())
      .where(listed),
    idx('price_asc')
      .on(t.cardPrice.asc(), ...newest())
      .where(listed),
    idx('price_desc')
      .on(t.cardPrice.desc().nullsFirst(), ...newest())
      .where(listed),
    idx('sold_desc')
      .on(t.unitsSold.desc().nullsFirst(), ...newest())
      .where(listed),
    idx('sold_asc')
      .on(t.unitsSold.asc(), ...newest())
      .where(listed),
    // Top rated (and its reverse): unrated products last either way, more reviews first among equals.
    idx('rating_desc')
      .on(t.ratingAverage.desc().nullsLast(), t.ratingCount.desc(), ...newest())
      .where(listed),
    idx('rating_asc')
      .on(t.ratingAverage.asc().nullsLast(), t.ratingCount.desc(), ...newest())
      .where(listed),
    idx('shop')
      .on(t.shopId, ...newest())
      .where(listed),
    idx('shop_price').on(t.shopId, t.cardPrice).where(listed),
    // The dearest variation's edge of a price range (the catalogue's, a shop's), as `price_*` and
    // `shop_price` give the cheapest.
    idx('top_price').on(t.topPrice.desc().nullsFirst()).where(listed),
    idx('shop_top_price').on(t.shopId, t.topPrice).where(listed),
    idx('shop_slug').on(t.shopSlug, t.slug).where(listed),
    idx('category')
      .on(t.categoryId, ...newest())
      .where(listed),
    idx('category_price').on(t.categoryId, t.cardPrice).where(listed),
    idx('category_sold')
      .on(t.categoryId, t.unitsSold.desc().nullsFirst(), ...newest())
      .where(listed),
    idx('sub')
      .on(t.subCategoryId, ...newest())
      .where(listed),
    idx('sub_price').on(t.subCategoryId, t.cardPrice).where(listed),
    idx('sub_sold')
      .on(t.subCategoryId, t.unitsSold.desc().nullsFirst(), ...newest())
      .where(listed),
    // By slug: the brand filter names the brand by its slug, stored on the row.
    idx('brand')
      .on(t.brandSlug, ...newest())
      .where(listed),
    idx('brand_price').on(t.brandSlug, t.cardPrice).where(listed),
    index('products_search_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`).where(listed),
  ];
}

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
    /** VAT rate (0, 5 or 20 %) included in the price (contract: "VAT"); from its category when created. */
    vatRate: integer().notNull().default(20),
    /** null = unlimited (digital goods). */
    stock: integer(),
    images: jsonb().$type<string[]>().notNull().default([]),
    unitsSold: integer().notNull().default(0),
    /**
     * For digital products: the file a paid order unlocks, as a path relative to DATA_DIR
     * (`digital/...`, never under the public uploads/). Written with the three columns after it.
     */
    digitalFile: text(),
    /** The file's name as its merchant uploaded it (shown to them, and the download's name). */
    digitalFileName: text(),
    /** Its size in bytes; null for a file attached before sizes were kept. */
    digitalFileSize: integer(),
    /** The type its content was recognised as (what the download is served as). */
    digitalFileType: text(),
    position: integer().notNull().default(0),
    isActive: boolean().notNull().default(true),
    ...timestamps,
    // Read model (decision 010), written only by refreshProductListings.
    /** Active variation of a listable product: a search hit may show it. */
    listable: boolean().notNull().default(false),
    /** Folded variation full name, product name, brand name and shop name, one per line. */
    searchText: text().notNull().default(''),
  },
  (t) => [
    uniqueIndex('product_variations_product_slug_idx').on(t.productId, t.slug),
    index('product_variations_price_idx').on(t.price),
    // The card variation of a product (read-model.ts): its cheapest active variation, one index probe.
    index('product_variations_card_idx').on(t.productId, t.price, t.position, t.id),
    index('product_variations_search_trgm_idx')
      .using('gin', sql`${t.searchText} gin_trgm_ops`)
      .where(sql`${t.listable}`),
    // Search's prefix candidates (variation names starting with the query): a btree range stopped at
    // the cap. The trigram index answers a prefix only by rechecking every row with a word starting so.
    index('product_variations_search_prefix_idx').on(t.searchText.op('text_pattern_ops')).where(sql`${t.listable}`),
    // Search's word candidates (decision 036): the variations holding the query's words, by short
    // posting lists of whole words instead of the trigram lists `like '%q%'` reads.
    index('product_variations_search_words_idx')
      .using('gin', sql`to_tsvector('simple'::regconfig, ${t.searchText})`)
      .where(sql`${t.listable}`),
    check('product_variations_price_check', sql`${t.price} >= 0`),
    check('product_variations_vat_rate_check', sql`${t.vatRate} in (0, 5, 20)`),
    check('product_variations_stock_check', sql`${t.stock} is null or ${t.stock} >= 0`),
  ],
);
