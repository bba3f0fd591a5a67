import {
  boolean,
  doublePrecision,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { timestamps } from '../../db/columns';

export interface ShopSlide {
  title: string;
  caption: string;
  image: string;
  mobile_image: string | null;
  action_link: string | null;
  action_text: string | null;
}

export const shops = pgTable(
  'shops',
  {
    id: serial().primaryKey(),
    name: text().notNull(),
    slug: text().notNull(),
    tagline: text(),
    description: text(),
    logo: text(),
    banner: text(),
    slides: jsonb().$type<ShopSlide[]>().notNull().default([]),
    address: text().notNull(),
    city: text().notNull().default('London'),
    postcode: text().notNull(),
    /** The shop's base location (from its postcode). */
    latitude: doublePrecision(),
    longitude: doublePrecision(),
    phone: text(),
    email: text(),
    /** Reward points earned per whole pound of a delivered order. */
    pointsPerPound: integer().notNull().default(1),
    /** Percent (0-100) of each new order the platform keeps; null = the setting `commission_rate`. */
    commissionRate: integer(),
    /** The shop's UK VAT registration number, when it is VAT-registered (its invoices then show VAT). */
    vatNumber: text(),
    /** While on, the shop takes no new orders; the storefront shows the message. */
    holidayMode: boolean().notNull().default(false),
    holidayMessage: text(),
    /** Free text as the shop writes it ("Mon-Fri 9-6, Sat 9-1"). */
    openingHours: text(),
    isActive: boolean().notNull().default(true),
    isFeatured: boolean().notNull().default(false),
    /** Public id printed in the shop's QR code; regenerating replaces it. */
    qrCodeId: text(),
    qrGeneratedAt: timestamp({ withTimezone: true }),
    /**
     * The rating of all the shop's products' visible reviews (decision 044): count and average
     * (two decimals, null with none). Written only by setShopRating, in each review write.
     */
    ratingCount: integer().notNull().default(0),
    ratingAverage: numeric({ precision: 3, scale: 2, mode: 'number' }),
    ...timestamps,
  },
  (t) => [uniqueIndex('shops_slug_idx').on(t.slug), uniqueIndex('shops_qr_code_idx').on(t.qrCodeId)],
);
