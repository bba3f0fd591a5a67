import type { ClaimStatus } from '@parade/core/enums';
import { formatMoney } from '@parade/core/money';
import { claimDiscountCap } from '@parade/core/offer-rules';
import type { DbOrTx } from '../db/client';
import { AppError, conflict } from '../lib/errors';
import { awardClaimPoints } from '../modules/cart';
import { claimMissing, type LockedClaim, lockClaim, releaseOfferPlace, setClaimState } from '../modules/offers';
import { findCustomerOrderForTicket } from '../modules/orders';

/**
 * The claim transitions (spec section 4): the shop confirms a pending claim, marks a confirmed
 * one used (optionally with the order and the discount; the offer's points go to the customer's
 * balance at the shop, into the ledger), and cancels one until it is used; the customer cancels
 * while it is pending. Each is one transaction that locks the claim and checks its status as
 * read now: a claim past its own expiry or its offer's end is `expired` and moves no further.
 * A cancel gives the offer's place back. The routes read the claim back after the commit.
 */

const statusInvalid = (message: string) => conflict(message, {}, 'claim_status_invalid');

function refuseExpired(claim: LockedClaim): void {
  if (claim.status === 'expired') {
    throw conflict('This claim has expired and can no longer be used.', {}, 'claim_expired');
  }
}

const statusSentence = (status: ClaimStatus) => `This claim is ${status}.`;

/** POST vendor/claims/{id}/confirm: pending only. */
export function confirmClaim(
  db: DbOrTx,
  input: { shopId: number; claimId: number; vendorNotes: string | null | undefined },
): Promise<void> {
  return db.transaction(async (tx) => {
    const claim = await lockClaim(tx, input.claimId, { shopId: input.shopId });
    if (!claim) throw claimMissing();
    refuseExpired(claim);
    if (claim.status !== 'pending')
      throw statusInvalid(`${statusSentence(claim.status)} Only a pending claim can be confirmed.`);
    await setClaimState(tx, claim.id, {
      status: 'confirmed',
      ...(input.vendorNotes !== undefined ? { vendorNotes: input.vendorNotes || null } : {}),
    });
  });
}

/**
 * POST vendor/claims/{id}/mark-used: confirmed only. An `order_id` must be an order of this
 * shop placed by the claim's customer (else 422 `claim_order_invalid`). Awards the offer's
 * `points_reward` once (the ledger is looked up by claim under the claim's lock). A
 * `discount_applied` above what the offer can take off (core's claimDiscountCap) is 422, and so
 * is an order under the offer's minimum spend (`claim_order_invalid`).
 */
export function markClaimUsed(
  db: DbOrTx,
  input: { shopId: number; claimId: number; orderId?: number | null; discountApplied?: number | null },
): Promise<void> {
  return db.transaction(async (tx) => {
    const claim = await lockClaim(tx, input.claimId, { shopId: input.shopId });
    if (!claim) throw claimMissing();
    refuseExpired(claim);
    if (claim.status !== 'confirmed') {
      throw statusInvalid(`${statusSentence(claim.status)} Only a confirmed claim can be marked used.`);
    }
    let orderSubtotal: number | null = null;
    if (input.orderId) {
      const order = await findCustomerOrderForTicket(tx, claim.userId, input.orderId);
      if (!order || order.shopId !== input.shopId) {
        const message = "That order is not one of this customer's orders at your shop.";
        throw new AppError(422, message, { order_id: [message] }, 'claim_order_invalid');
      }
      orderSubtotal = order.subtotal;
      if (order.subtotal < claim.minSpend) {
        const message = `That order is under the offer's minimum spend of ${formatMoney(claim.minSpend)}.`;
        throw new AppError(422, message, { order_id: [message] }, 'claim_order_invalid');
      }
    }
    const cap = claimDiscountCap(
      { discount_type: claim.discountType, discount_value: claim.discountValue },
      orderSubtotal,
    );
    if (cap !== null && (input.discountApplied ?? 0) > cap) {
      const message =
        orderSubtotal === null
          ? `This offer takes at most ${formatMoney(cap)} off.`
          : `At most ${formatMoney(cap)}: what this offer takes off that order.`;
      throw new AppError(422, message, { discount_applied: [message] }, 'validation_failed');
    }
    const points = await awardClaimPoints(tx, {
      userId: claim.userId,
      shopId: claim.shopId,
      points: claim.pointsReward,
      claimId: claim.id,
    });
    await setClaimState(tx, claim.id, {
      status: 'used',
      orderId: input.orderId ?? null,
      discountApplied: input.discountApplied ?? null,
      pointsAwarded: points,
    });
  });
}

/** POST vendor/claims/{id}/cancel: pending or confirmed (until used); gives the offer's place back. */
export function vendorCancelClaim(
  db: DbOrTx,
  input: { shopId: number; claimId: number; vendorNotes: string | null | undefined },
): Promise<void> {
  return db.transaction(async (tx) => {
    const claim = await lockClaim(tx, input.claimId, { shopId: input.shopId });
    if (!claim) throw claimMissing();
    if (claim.status !== 'pending' && claim.status !== 'confirmed') {
      throw statusInvalid(`${statusSentence(claim.status)} Only a pending or confirmed claim can be cancelled.`);
    }
    await setClaimState(tx, claim.id, {
      status: 'cancelled',
      ...(input.vendorNotes !== undefined ? { vendorNotes: input.vendorNotes || null } : {}),
    });
    await releaseOfferPlace(tx, claim.offerId);
  });
}

/** POST user/claims/{id}/cancel: the customer's own claim, while pending; gives the offer's place back. */
export function customerCancelClaim(db: DbOrTx, input: { userId: number; claimId: number }): Promise<void> {
  return db.transaction(async (tx) => {
    const claim = await lockClaim(tx, input.claimId, { userId: input.userId });
    if (!claim) throw claimMissing();
    if (claim.status !== 'pending') {
      throw statusInvalid(`${statusSentence(claim.status)} You can cancel a claim only while it is pending.`);
    }
    await setClaimState(tx, claim.id, { status: 'cancelled' });
    await releaseOfferPlace(tx, claim.offerId);
  });
}
