import { couponTypes, rewardReasons } from '@parade/core/enums';
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { timestamps } from '../../db/columns';
import { shops } from '../shops/shops.tables';
import { users } from '../users/users.tables';

export const couponType = pgEnum('coupon_type', couponTypes);

/**
 * A coupon belongs to one shop (contract: Coupons), or, with no shop, to the platform: a
 * platform coupon is made by the admin, applies to the matching lines of any shop and is paid
 * for by the platform (docs/decisions/026).
 */
export const coupons = pgTable(
  'coupons',
  {
    id: serial().primaryKey(),
    /** Null for a platform coupon. */
    shopId: integer().references(() => shops.id, { onDelete: 'cascade' }),
    code: text().notNull(),
    type: couponType().notNull(),
    /** Percent (1-100) for percent coupons, pence for fixed ones. */
    value: integer().notNull(),
    minSpend: integer().notNull().default(0),
    /** Product ids the coupon applies to; empty = the whole shop. */
    productIds: jsonb().$type<number[]>().notNull().default([]),
    /**
     * Categories and sub-categories whose products the coupon applies to. A line matches when any
     * of the three lists names it; all three empty = every line.
     */
    categoryIds: jsonb().$type<number[]>().notNull().default([]),
    subCategoryIds: jsonb().$type<number[]>().notNull().default([]),
    startsAt: timestamp({ withTimezone: true }),
    endsAt: timestamp({ withTimezone: true }),
    usageLimit: integer(),
    perUserLimit: integer(),
    timesUsed: integer().notNull().default(0),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('coupons_shop_code_idx').on(t.shopId, sql`upper(${t.code})`),
    // NULLs are distinct in the index above: platform codes need their own.
    uniqueIndex('coupons_platform_code_idx').on(sql`upper(${t.code})`).where(sql`${t.shopId} is null`),
    check('coupons_value_check', sql`${t.value} > 0`),
  ],
);

export const couponRedemptions = pgTable(
  'coupon_redemptions',
  {
    id: serial().primaryKey(),
    couponId: integer()
      .notNull()
      .references(() => coupons.id, { onDelete: 'cascade' }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    orderId: integer().notNull(),
    discount: integer().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('coupon_redemptions_coupon_user_idx').on(t.couponId, t.userId),
    index('coupon_redemptions_order_idx').on(t.orderId),
  ],
);

/** Reward point balance per customer per shop ("vendorRewardPoints"). */
export const rewardPointBalances = pgTable(
  'reward_point_balances',
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    shopId: integer()
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    points: integer().notNull().default(0),
    ...timestamps,
  },
  (t) => [primaryKey({ columns: [t.userId, t.shopId] }), check('reward_points_non_negative', sql`${t.points} >= 0`)],
);

/** Every change to a balance, with why, so a balance can always be explained. */
export const rewardPointEntries = pgTable(
  'reward_point_entries',
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    shopId: integer()
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    /** Positive when earned, negative when spent. */
    points: integer().notNull(),
    reason: text({ enum: rewardReasons }).notNull(),
    orderId: integer(),
    claimId: integer(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('reward_point_entries_user_idx').on(t.userId, t.createdAt),
    index('reward_point_entries_order_idx').on(t.orderId),
  ],
);
