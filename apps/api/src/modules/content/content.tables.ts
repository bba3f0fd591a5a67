import { sliderTypes } from '@parade/core/enums';
import { boolean, index, integer, pgEnum, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestamps } from '../../db/columns';
import { shops } from '../shops/shops.tables';

/** Key/value site settings (spec section 3). Values are text; JSON values are stored as JSON text. */
export const siteSettings = pgTable('site_settings', {
  key: text().primaryKey(),
  value: text().notNull(),
  ...timestamps,
});

export const pages = pgTable(
  'pages',
  {
    id: serial().primaryKey(),
    slug: text().notNull(),
    title: text().notNull(),
    /** Linked from the storefront's footer (its page is at /page/{slug}). */
    inFooter: boolean().notNull().default(false),
    ...timestamps,
  },
  (t) => [uniqueIndex('pages_slug_idx').on(t.slug)],
);

export const pageSettings = pgTable(
  'page_settings',
  {
    id: serial().primaryKey(),
    pageId: integer()
      .notNull()
      .references(() => pages.id, { onDelete: 'cascade' }),
    section: text().notNull(),
    key: text().notNull(),
    /** Sanitised HTML or plain text, or an image URL when value_type is 'image'. */
    value: text().notNull(),
    valueType: text().notNull().default('text'),
    position: integer().notNull().default(0),
  },
  (t) => [index('page_settings_page_idx').on(t.pageId)],
);

export const sliderType = pgEnum('slider_type', sliderTypes);

export const sliders = pgTable('sliders', {
  id: serial().primaryKey(),
  type: sliderType().notNull(),
  title: text(),
  caption: text(),
  image: text().notNull(),
  mobileImage: text(),
  link: text(),
  position: integer().notNull().default(0),
  isActive: boolean().notNull().default(true),
  ...timestamps,
});

export const blogCategories = pgTable(
  'blog_categories',
  {
    id: serial().primaryKey(),
    name: text().notNull(),
    slug: text().notNull(),
    ...timestamps,
  },
  (t) => [uniqueIndex('blog_categories_slug_idx').on(t.slug)],
);

export const blogPosts = pgTable(
  'blog_posts',
  {
    id: serial().primaryKey(),
    categoryId: integer()
      .notNull()
      .references(() => blogCategories.id, { onDelete: 'restrict' }),
    title: text().notNull(),
    slug: text().notNull(),
    excerpt: text().notNull(),
    /** HTML, sanitised on the server before it is stored. */
    body: text().notNull(),
    coverImage: text(),
    author: text().notNull(),
    /** Public from this time on; null = a draft, never shown on the storefront. */
    publishedAt: timestamp({ withTimezone: true }).defaultNow(),
    ...timestamps,
  },
  (t) => [uniqueIndex('blog_posts_slug_idx').on(t.slug), index('blog_posts_published_idx').on(t.publishedAt)],
);

/** Platform-wide deals ("UBM Deals"), shown at /ubm-offers. */
export const deals = pgTable('deals', {
  id: serial().primaryKey(),
  title: text().notNull(),
  description: text().notNull(),
  image: text(),
  shopId: integer().references(() => shops.id, { onDelete: 'cascade' }),
  link: text(),
  badge: text(),
  /** A coupon code the deal advertises: its shop's or a platform coupon; shown only while it can be redeemed. */
  couponCode: text(),
  startsAt: timestamp({ withTimezone: true }),
  endsAt: timestamp({ withTimezone: true }),
  isActive: boolean().notNull().default(true),
  ...timestamps,
});

/** Messages sent through the contact form. */
export const contactMessages = pgTable('contact_messages', {
  id: serial().primaryKey(),
  name: text().notNull(),
  email: text().notNull(),
  phone: text(),
  subject: text().notNull(),
  message: text().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
