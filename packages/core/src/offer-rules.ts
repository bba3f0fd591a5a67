/**
 * What a claim marked used may record as the discount it gave (POST vendor/claims/{id}/mark-used).
 * A fixed offer gives at most its value; on an order, at most what the offer takes off that
 * order's goods (a percent rounded up to the penny, so the shop's own rounding always fits). A
 * percent offer used without an order (a sale at the till Parade never saw) has no bound here
 * beyond the schema's. The offers' stats and the customer's savings add these figures up, so an
 * impossible one would show as money nobody gave (an outside audit found £500 off a £3 offer).
 */
import type { CouponType } from './enums';

export function claimDiscountCap(
  offer: { discount_type: CouponType; discount_value: number },
  orderSubtotal: number | null,
): number | null {
  if (offer.discount_type === 'fixed') {
    return orderSubtotal === null ? offer.discount_value : Math.min(offer.discount_value, orderSubtotal);
  }
  if (orderSubtotal === null) return null;
  return Math.ceil((orderSubtotal * offer.discount_value) / 100);
}
