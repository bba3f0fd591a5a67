import type { CouponFunding } from '@parade/core/cart-schemas';
import { type CouponLine, couponLineDiscounts, couponRefusalCodes, evaluateCoupon } from '@parade/core/coupon';
import { and, count, eq, gte, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../lib/errors';
import { couponRedemptions, coupons, rewardPointBalances, rewardPointEntries } from './cart.tables';
import { findCouponForShop } from './coupon-lookup';

/**
 * The cart module's write commands for checkout and order changes: coupon usage and the reward
 * point ledger. Each runs in the caller's transaction. Lock order, the same in every workflow so
 * two of them never wait on each other in a circle: coupons, then stock, then point balances.
 */

export interface ClaimedCoupon {
  id: number;
  code: string;
  discount: number;
  /** Each line's part of `discount`, in the order of the lines claimed with (core's couponLineDiscounts). */
  lineDiscounts: number[];
  fundedBy: CouponFunding;
}

/**
 * Counts one use of a code for one shop's order of this checkout (the shop's coupon, else a
 * platform coupon), or refuses with the field `coupons.<shop_id>`. The coupon row is locked
 * first (FOR UPDATE), so the per-customer count and the overall count are read and raised by one
 * checkout at a time; the increment is guarded as well, so the usage limit holds even if a
 * caller forgot the lock. A use is one order: a platform code applied to two shops' lines in one
 * checkout counts two, and `usesInThisCheckout` carries the earlier ones (their redemptions are
 * written after the orders exist).
 */
export async function claimCoupon(
  db: DbOrTx,
  input: {
    shopId: number;
    code: string;
    userId: number;
    lines: CouponLine[];
    now: Date;
    usesInThisCheckout?: Map<number, number>;
  },
): Promise<ClaimedCoupon> {
  const field = `coupons.${input.shopId}`;
  const refuse = (
    status: number,
    message: string,
    code: (typeof couponRefusalCodes)[keyof typeof couponRefusalCodes],
  ) => new AppError(status, message, { [field]: [message] }, code);
  const coupon = await findCouponForShop(db, input.shopId, input.code, { lock: true });
  if (!coupon) throw refuse(422, 'This coupon code is not valid for this shop.', 'coupon_not_found');
  const [uses] = await db
    .select({ n: count() })
    .from(couponRedemptions)
    .where(and(eq(couponRedemptions.couponId, coupon.id), eq(couponRedemptions.userId, input.userId)));
  const earlierInCheckout = input.usesInThisCheckout?.get(coupon.id) ?? 0;
  const check = evaluateCoupon(coupon, input.lines, {
    now: input.now,
    usesByThisUser: (uses?.n ?? 0) + earlierInCheckout,
  });
  if (!check.ok) {
    const code = couponRefusalCodes[check.reason];
    // Used up by other shoppers meanwhile is a conflict with them; the rest is about this cart.
    throw refuse(code === 'coupon_used_up' ? 409 : 422, check.message, code);
  }
  const counted = await db
    .update(coupons)
    .set({ timesUsed: sql`${coupons.timesUsed} + 1` })
    .where(
      and(
        eq(coupons.id, coupon.id),
        sql`(${coupons.usageLimit} is null or ${coupons.timesUsed} < ${coupons.usageLimit})`,
      ),
    )
    .returning({ id: coupons.id });
  if (counted.length === 0) throw refuse(409, 'This coupon has reached its usage limit.', 'coupon_used_up');
  input.usesInThisCheckout?.set(coupon.id, earlierInCheckout + 1);
  return {
    id: coupon.id,
    code: coupon.code,
    discount: check.discount,
    lineDiscounts: couponLineDiscounts(coupon, input.lines, check.discount),
    fundedBy: coupon.fundedBy,
  };
}

/** Records which order used a claimed coupon (what cancelling the order gives back). */
export async function recordCouponRedemption(
  db: DbOrTx,
  input: { couponId: number; userId: number; orderId: number; discount: number },
): Promise<void> {
  await db.insert(couponRedemptions).values(input);
}

/** An order was cancelled: its coupon use is given back (the redemption goes, times_used drops by one). */
export async function releaseOrderCoupon(db: DbOrTx, orderId: number): Promise<void> {
  const released = await db
    .delete(couponRedemptions)
    .where(eq(couponRedemptions.orderId, orderId))
    .returning({ couponId: couponRedemptions.couponId });
  if (released.length === 0) return;
  for (const { couponId } of released) {
    await db
      .update(coupons)
      .set({ timesUsed: sql`greatest(${coupons.timesUsed} - 1, 0)` })
      .where(inArray(coupons.id, [couponId]));
  }
}

/**
 * Spends points at a shop for an order: a guarded decrement that never takes a balance below
 * zero (two checkouts spending the same points: the second is refused), and a `checkout` entry.
 */
export async function spendRewardPoints(
  db: DbOrTx,
  input: { userId: number; shopId: number; points: number; orderId: number },
): Promise<void> {
  if (input.points <= 0) return;
  const spent = await db
    .update(rewardPointBalances)
    .set({ points: sql`${rewardPointBalances.points} - ${input.points}`, updatedAt: new Date() })
    .where(
      and(
        eq(rewardPointBalances.userId, input.userId),
        eq(rewardPointBalances.shopId, input.shopId),
        gte(rewardPointBalances.points, input.points),
      ),
    )
    .returning({ points: rewardPointBalances.points });
  if (spent.length === 0) {
    const message = `You do not have ${input.points} reward points at this shop.`;
    throw new AppError(422, message, { [`reward_points.${input.shopId}`]: [message] }, 'points_insufficient');
  }
  await db.insert(rewardPointEntries).values({
    userId: input.userId,
    shopId: input.shopId,
    points: -input.points,
    reason: 'checkout',
    orderId: input.orderId,
  });
}

async function addToBalance(db: DbOrTx, userId: number, shopId: number, points: number): Promise<void> {
  await db
    .insert(rewardPointBalances)
    .values({ userId, shopId, points })
    .onConflictDoUpdate({
      target: [rewardPointBalances.userId, rewardPointBalances.shopId],
      set: { points: sql`${rewardPointBalances.points} + ${points}`, updatedAt: new Date() },
    });
}

/** An order was cancelled: the points it spent go back to the balance (`order_cancelled`). */
export async function returnRewardPoints(
  db: DbOrTx,
  input: { userId: number; shopId: number; points: number; orderId: number },
): Promise<void> {
  if (input.points <= 0) return;
  await addToBalance(db, input.userId, input.shopId, input.points);
  await db.insert(rewardPointEntries).values({
    userId: input.userId,
    shopId: input.shopId,
    points: input.points,
    reason: 'order_cancelled',
    orderId: input.orderId,
  });
}

/**
 * Earns points once per source: an order's delivery (`order_delivered`) or a claim marked used
 * (`offer_claim`). Callers hold the source's row lock (the order's, the claim's), so the look for
 * an earlier award and the award cannot interleave with another call for the same source; a
 * second call awards nothing. Returns the points awarded.
 */
async function awardOnce(
  db: DbOrTx,
  input: { userId: number; shopId: number; points: number },
  source: { reason: 'order_delivered'; orderId: number } | { reason: 'offer_claim'; claimId: number },
): Promise<number> {
  if (input.points <= 0) return 0;
  const sourceColumn =
    source.reason === 'order_delivered'
      ? eq(rewardPointEntries.orderId, source.orderId)
      : eq(rewardPointEntries.claimId, source.claimId);
  const [earlier] = await db
    .select({ id: rewardPointEntries.id })
    .from(rewardPointEntries)
    .where(and(sourceColumn, eq(rewardPointEntries.reason, source.reason)))
    .limit(1);
  if (earlier) return 0;
  await db
    .insert(rewardPointEntries)
    .values({ userId: input.userId, shopId: input.shopId, points: input.points, ...source });
  await addToBalance(db, input.userId, input.shopId, input.points);
  return input.points;
}

/** An order was delivered: earns its points (`order_delivered`) once; the caller holds the order's row lock. */
export async function awardDeliveryPoints(
  db: DbOrTx,
  input: { userId: number; shopId: number; points: number; orderId: number },
): Promise<number> {
  return awardOnce(db, input, { reason: 'order_delivered', orderId: input.orderId });
}

/**
 * An offer claim was marked used: earns the offer's `points_reward` at its shop (`offer_claim`,
 * with the claim's id) once; the caller holds the claim's row lock.
 */
export async function awardClaimPoints(
  db: DbOrTx,
  input: { userId: number; shopId: number; points: number; claimId: number },
): Promise<number> {
  return awardOnce(db, input, { reason: 'offer_claim', claimId: input.claimId });
}

/** The points an order's delivery earned (its `order_delivered` entry), 0 when none was awarded. */
export async function deliveryPointsAwarded(db: DbOrTx, orderId: number): Promise<number> {
  const [row] = await db
    .select({ points: sql<number>`coalesce(sum(${rewardPointEntries.points}), 0)::int` })
    .from(rewardPointEntries)
    .where(and(eq(rewardPointEntries.orderId, orderId), eq(rewardPointEntries.reason, 'order_delivered')));
  return Number(row?.points ?? 0);
}

/**
 * A return of the order was received (docs/decisions/030): the points it spent on the returned
 * lines go back to the balance, and the delivery points those lines earned are taken back, as
 * two `adjustment` entries of the order (+ given back, - taken). The balance is locked first; points
 * already spent elsewhere are not taken below zero (the customer keeps what they spent, and the
 * entry records only what was taken). The caller runs it once per return (its receipt is
 * guarded). Answers the points taken back.
 */
export async function reverseReturnPoints(
  db: DbOrTx,
  input: { userId: number; shopId: number; orderId: number; giveBack: number; takeBack: number },
): Promise<{ givenBack: number; takenBack: number }> {
  const giveBack = Math.max(0, input.giveBack);
  if (giveBack > 0) {
    await addToBalance(db, input.userId, input.shopId, giveBack);
    await db.insert(rewardPointEntries).values({
      userId: input.userId,
      shopId: input.shopId,
      points: giveBack,
      reason: 'adjustment',
      orderId: input.orderId,
    });
  }
  if (input.takeBack <= 0) return { givenBack: giveBack, takenBack: 0 };
  const [balance] = await db
    .select({ points: rewardPointBalances.points })
    .from(rewardPointBalances)
    .where(and(eq(rewardPointBalances.userId, input.userId), eq(rewardPointBalances.shopId, input.shopId)))
    .for('update');
  const taken = Math.min(input.takeBack, balance?.points ?? 0);
  if (taken > 0) {
    // An update, not addToBalance's upsert: the insert's own row (negative) would fail the check first.
    await db
      .update(rewardPointBalances)
      .set({ points: sql`${rewardPointBalances.points} - ${taken}`, updatedAt: new Date() })
      .where(and(eq(rewardPointBalances.userId, input.userId), eq(rewardPointBalances.shopId, input.shopId)));
    await db.insert(rewardPointEntries).values({
      userId: input.userId,
      shopId: input.shopId,
      points: -taken,
      reason: 'adjustment',
      orderId: input.orderId,
    });
  }
  return { givenBack: giveBack, takenBack: taken };
}
