/**
 * The marketplace's money rules (api-contract.md, "Money" and "VAT"), pure so the API, the
 * repair command and the tests compute every penny the same way. All amounts are pence.
 */

/** The platform's default commission when a shop has no rate of its own (the setting `commission_rate`). */
export const DEFAULT_COMMISSION_RATE = 10;
/** Days after delivery before a sale can be paid out (the setting `payout_hold_days`). */
export const DEFAULT_PAYOUT_HOLD_DAYS = 7;

/** A whole number setting as stored text, within bounds; the default when unset or not such a number. */
function wholeSetting(value: string | undefined, fallback: number, max: number): number {
  const text = (value ?? '').trim();
  const parsed = /^\d+$/.test(text) ? Number(text) : Number.NaN;
  return Number.isInteger(parsed) && parsed <= max ? parsed : fallback;
}

/** The setting `commission_rate` as the checkout uses it. */
export const commissionRateSetting = (value: string | undefined) => wholeSetting(value, DEFAULT_COMMISSION_RATE, 100);
/** The setting `payout_hold_days` as the ledger uses it. */
export const payoutHoldDaysSetting = (value: string | undefined) => wholeSetting(value, DEFAULT_PAYOUT_HOLD_DAYS, 90);

/** round_half_up(numerator / denominator) for a non-negative numerator and a positive denominator. */
const divideHalfUp = (numerator: number, denominator: number) =>
  Math.floor((2 * numerator + denominator) / (2 * denominator));

/**
 * commission = round_half_up(rate x (subtotal - discount)), the rate a whole percent 0-100
 * (never below zero: a discount never makes the platform pay commission back).
 */
export function commissionFor(order: { subtotal: number; discount: number }, ratePercent: number): number {
  const base = Math.max(0, order.subtotal - order.discount);
  return divideHalfUp(base * ratePercent, 100);
}

/**
 * Splits `amount` into parts proportional to `weights` (largest remainder: the parts add up to
 * `amount` exactly; ties go to the earlier part). All weights zero: equal parts, odd pence first.
 */
export function allocate(amount: number, weights: number[]): number[] {
  if (weights.length === 0) return [];
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  const shares = total > 0 ? weights : weights.map(() => 1);
  const sum = total > 0 ? total : weights.length;
  const parts = shares.map((weight) => Math.floor((amount * weight) / sum));
  let left = amount - parts.reduce((a, b) => a + b, 0);
  const order = shares
    .map((weight, index) => ({ index, remainder: (amount * weight) % sum }))
    .sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (const { index } of order) {
    if (left <= 0) break;
    parts[index]! += 1;
    left -= 1;
  }
  return parts;
}

/**
 * The checkout's delivery charge shared across its orders with a physical line: equal parts,
 * the odd pence to the first (contract: "Money"). Orders without a physical line carry 0.
 */
export function shareDeliveryCharge(charge: number, physical: boolean[]): number[] {
  const carriers = physical.filter(Boolean).length;
  if (carriers === 0) return physical.map(() => 0);
  const base = Math.floor(charge / carriers);
  let odd = charge - base * carriers;
  return physical.map((isPhysical) => {
    if (!isPhysical) return 0;
    const extra = odd > 0 ? 1 : 0;
    odd -= extra;
    return base + extra;
  });
}

/** The VAT rates a price may include (UK: zero, reduced, standard). */
export const vatRates = [0, 5, 20] as const;
export type VatRate = (typeof vatRates)[number];

/** The VAT inside a VAT-inclusive amount: round_half_up(amount x rate / (100 + rate)). */
export function vatIncluded(amount: number, ratePercent: number): number {
  if (ratePercent <= 0 || amount <= 0) return 0;
  return divideHalfUp(amount * ratePercent, 100 + ratePercent);
}

export interface VatLineInput {
  /** price x quantity. */
  total: number;
  vatRate: number;
  /**
   * This line's own part of a shop-funded coupon discount (the order item's `discount`, core's
   * couponLineDiscounts): a coupon for some products lowers only their lines. Absent = 0.
   */
  couponDiscount?: number;
}

/**
 * What each line of an order was charged and the VAT in it. A shop-funded coupon comes off the
 * lines it covers, each by its own part (`couponDiscount`); what is left of the order's
 * shop-funded discounts (its reward points, and any coupon discount not given per line) comes
 * off the lines in proportion to what they cost after that; the order's part of the delivery
 * charge is added in proportion to the lines' totals, so a mixed order's delivery is apportioned
 * across its VAT rates (a delivery follows the goods it carries). A platform-paid discount does
 * not lower what the shop is paid for, so it does not lower the VAT. VAT is then computed per
 * line, half up.
 */
export function lineVat(
  lines: VatLineInput[],
  order: { shopFundedDiscount: number; shippingCharge: number },
): { charged: number; vat: number }[] {
  const own = lines.map((line) => Math.min(line.total, Math.max(0, line.couponDiscount ?? 0)));
  const ownSum = own.reduce((sum, part) => sum + part, 0);
  const rest = allocate(
    Math.max(0, order.shopFundedDiscount - ownSum),
    lines.map((line, index) => line.total - own[index]!),
  );
  const delivery = allocate(
    order.shippingCharge,
    lines.map((line) => line.total),
  );
  return lines.map((line, index) => {
    const charged = line.total - own[index]! - rest[index]! + delivery[index]!;
    return { charged, vat: vatIncluded(charged, line.vatRate) };
  });
}

/** An order's VAT at each rate, for its invoice, lowest rate first (lines kept from before VAT was recorded are left out). */
export function vatBreakdown(
  lines: { vat_rate: number | null; vat: number | null }[],
): { rate: number; vat: number }[] {
  const byRate = new Map<number, number>();
  for (const line of lines) {
    if (line.vat_rate === null || line.vat === null) continue;
    byRate.set(line.vat_rate, (byRate.get(line.vat_rate) ?? 0) + line.vat);
  }
  return [...byRate.entries()].map(([rate, vat]) => ({ rate, vat })).sort((a, b) => a.rate - b.rate);
}

/** An order as the ledger rule reads it. */
export interface LedgerOrder {
  status: string;
  paymentStatus: string;
  paymentMethod: 'cash' | 'card';
  total: number;
  commission: number;
  platformDiscount: number;
}

/**
 * Whether an order's sale belongs in its shop's ledger: it is delivered, and a card order is
 * paid (the platform holds its money; refunded or partly refunded since, by a return, it was
 * paid: the refund has its own entry, decision 030). A cash order's shop took the money at the
 * handover.
 */
export const isSaleDue = (order: LedgerOrder) =>
  order.status === 'delivered' &&
  (order.paymentMethod === 'cash' ||
    order.paymentStatus === 'paid' ||
    order.paymentStatus === 'partially_refunded' ||
    order.paymentStatus === 'refunded');

/**
 * The ledger entries of an order's sale, signed from the shop's side (what the platform owes it):
 * `sale` is the card money the platform holds for it plus any discount the platform paid for
 * (a platform coupon), `commission` what the platform keeps. A cash order adds no card money:
 * its shop already holds the cash, so its commission is owed to the platform. Zero amounts are
 * left out.
 */
export function saleEntries(order: LedgerOrder): { kind: 'sale' | 'commission'; amount: number }[] {
  if (!isSaleDue(order)) return [];
  const sale = (order.paymentMethod === 'card' ? order.total : 0) + order.platformDiscount;
  return [
    { kind: 'sale' as const, amount: sale },
    { kind: 'commission' as const, amount: -order.commission },
  ].filter((entry) => entry.amount !== 0);
}
