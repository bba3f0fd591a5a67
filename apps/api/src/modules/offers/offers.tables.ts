import { claimStatuses } from '@parade/core/enums';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgEnum,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
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
  (t) => [
    index('offers_shop_idx').on(t.shopId),
    // The database, not only the claim's code, keeps an offer within its limit under any concurrency.
    check('offers_claims_within_max', sql`${t.maxClaims} is null or ${t.claimsCount} <= ${t.maxClaims}`),
  ],
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
    /** This customer's nth claim of the offer (1, 2, ...): unique per offer and customer, so a double submit cannot make two. */
    claimNo: integer().notNull().default(1),
    viaQr: boolean().notNull().default(false),
    vendorNotes: text(),
    orderId: integer().references(() => orders.id, { onDelete: 'set null' }),
    discountApplied: integer(),
    pointsAwarded: integer().notNull().default(0),
    expiresAt: timestamp({ withTimezone: true }),
    confirmedAt: timestamp({ withTimezone: true }),
    usedAt: timestamp({ withTimezone: true }),
    cancelledAt: timestamp({ withTimezone: true }),
    /** The client's Idempotency-Key: a retried claim returns the first one (unique per customer). */
    idempotencyKey: text(),
    ...timestamps,
  },
  (t) => [
    index('offer_claims_offer_idx').on(t.offerId),
    index('offer_claims_user_idx').on(t.userId),
    index('offer_claims_live_idx').on(t.offerId, t.userId).where(sql`${t.status} in ('pending','confirmed')`),
    uniqueIndex('offer_claims_user_claim_no_idx').on(t.offerId, t.userId, t.claimNo),
    uniqueIndex('offer_claims_code_idx').on(t.code),
    uniqueIndex('offer_claims_user_idempotency_idx').on(t.userId, t.idempotencyKey),
  ],
);

/** Each scan of a shop's QR code (a visit to my-offer with a live code), for the QR stats. */
export const qrScans = pgTable(
  'qr_scans',
  {
    id: serial().primaryKey(),
    shopId: integer()
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    /** The code scanned (a regenerated code's scans stay counted for the shop). */
    qrCodeId: text().notNull(),
    /** The offer of a per-offer QR code, when the scan came from one. */
    offerId: integer().references(() => offers.id, { onDelete: 'set null' }),
    /** The signed-in customer who scanned, when known. */
    userId: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('qr_scans_shop_idx').on(t.shopId, t.createdAt)],
);
