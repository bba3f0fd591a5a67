import { claimStatuses } from '@parade/core/enums';
import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgEnum, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { timestamps } from '../../db/columns';
import { couponType } from '../cart/cart.tables';
import { orders } from '../orders/orders.tables';
import { shops } from '../shops/shops.tables';
import { users } from '../users/users.tables';

/** A shop's discount offer that customers claim (also by scanning the shop's QR code). */
export const offers = pgTable(
  'offers',
  {
    id: serial().primaryKey(),
    shopId: integer()
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    title: text().notNull(),
    description: text().notNull(),
    image: text(),
    discountType: couponType().notNull(),
    discountValue: integer().notNull(),
    minSpend: integer().notNull().default(0),
    startsAt: timestamp({ withTimezone: true }).notNull(),
    endsAt: timestamp({ withTimezone: true }).notNull(),
    maxClaims: integer(),
    maxClaimsPerUser: integer().notNull().default(1),
    claimsCount: integer().notNull().default(0),
    isActive: boolean().notNull().default(true),
    isFeatured: boolean().notNull().default(false),
    /** Only claimable after scanning the shop's QR code. */
    qrOnly: boolean().notNull().default(false),
    pointsReward: integer().notNull().default(0),
    terms: text(),
    ...timestamps,
  },
  (t) => [index('offers_shop_idx').on(t.shopId)],
);

export const claimStatus = pgEnum('claim_status', claimStatuses);

export const offerClaims = pgTable(
  'offer_claims',
  {
    id: serial().primaryKey(),
    offerId: integer()
      .notNull()
      .references(() => offers.id, { onDelete: 'cascade' }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: claimStatus().notNull().default('pending'),
    /** A short code the customer shows at the till. */
    code: text().notNull(),
    viaQr: boolean().notNull().default(false),
    vendorNotes: text(),
    orderId: integer().references(() => orders.id, { onDelete: 'set null' }),
    discountApplied: integer(),
    pointsAwarded: integer().notNull().default(0),
    expiresAt: timestamp({ withTimezone: true }),
    confirmedAt: timestamp({ withTimezone: true }),
    usedAt: timestamp({ withTimezone: true }),
    cancelledAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index('offer_claims_offer_idx').on(t.offerId),
    index('offer_claims_user_idx').on(t.userId),
    index('offer_claims_live_idx').on(t.offerId, t.userId).where(sql`${t.status} in ('pending','confirmed')`),
  ],
);
