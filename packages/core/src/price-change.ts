/**
 * A price cut this deep is far more often a slip of the keyboard (0.45 typed for 4.50, a
 * missing digit) than a sale: the merchant site asks before saving it (issue 23: "a £0.00 change
 * asks to confirm"; the contract refuses prices below 1p outright, so the nearest thing a
 * shopkeeper can save by mistake is a price a tenth of what it was, or less).
 */
export const STEEP_CUT_FACTOR = 10;

/** Whether changing a price from `before` to `after` (pence) should be confirmed first. */
export function isSteepPriceCut(before: number, after: number): boolean {
  return before > 0 && after > 0 && after * STEEP_CUT_FACTOR <= before;
}
