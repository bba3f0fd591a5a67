/**
 * How a vendor offer reads on a card (storefront and merchant site alike): the discount in words,
 * the claims left, the per-customer limit and where the offer stands in time. Pure functions, so
 * every client words an offer the same way and the wording is tested once.
 */
import type { CouponType } from './enums';
import { defaultMoneyFormat, type MoneyFormat } from './money';

const wholePounds = new Map<string, Intl.NumberFormat>();

/** 200 -> "£2", 70 -> "£0.70": whole amounts read better without ".00" in a headline. */
function shortMoney(pence: number, format: MoneyFormat): string {
  const whole = pence % 100 === 0;
  const key = `${format.locale}|${format.currency}|${whole}`;
  let formatter = wholePounds.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(format.locale, {
      style: 'currency',
      currency: format.currency,
      currencyDisplay: 'narrowSymbol',
      minimumFractionDigits: whole ? 0 : 2,
      maximumFractionDigits: whole ? 0 : 2,
    });
    wholePounds.set(key, formatter);
  }
  return formatter.format(pence / 100);
}

/**
 * The discount in words: `percent` 10 -> "10% off", `fixed` 200 (pence) -> "£2 off"
 * (api-contract.md: a percent is a whole number 1-100, a fixed value is in pence).
 */
export function offerDiscountText(
  discount: { discount_type: CouponType; discount_value: number },
  format: MoneyFormat = defaultMoneyFormat,
): string {
  return discount.discount_type === 'percent'
    ? `${discount.discount_value}% off`
    : `${shortMoney(discount.discount_value, format)} off`;
}

/** "When you spend £8 or more", or null when the offer has no minimum spend. */
export function offerMinSpendText(minSpend: number, format: MoneyFormat = defaultMoneyFormat): string | null {
  return minSpend > 0 ? `When you spend ${shortMoney(minSpend, format)} or more` : null;
}

/**
 * How many claims are left: "3 of 10 left", "None left" when the limit is reached, or null when
 * the offer has no overall limit (nothing to count down).
 */
export function offerClaimsLeftText(offer: { max_claims: number | null; claims_count: number }): string | null {
  if (offer.max_claims === null) return null;
  const left = Math.max(0, offer.max_claims - offer.claims_count);
  return left === 0 ? 'None left' : `${left} of ${offer.max_claims} left`;
}

/** "Limit 1 per customer". */
export function offerPerCustomerText(maxClaimsPerUser: number): string {
  return `Limit ${maxClaimsPerUser} per customer`;
}

/**
 * When the offer can be claimed, from its server-computed `state` (offer-schemas.ts):
 * "Ended", "Starts on 01-Mar-2026", or "Valid until 31-Mar-2026". `formatDate` is the site's
 * date format (spec section 9: DD-MMM-YYYY unless the settings say otherwise).
 */
export function offerValidityText(
  offer: { state: string; starts_at: string; ends_at: string },
  formatDate: (value: string) => string,
): string {
  if (offer.state === 'ended') return 'Ended';
  if (offer.state === 'upcoming') return `Starts on ${formatDate(offer.starts_at)}`;
  return `Valid until ${formatDate(offer.ends_at)}`;
}
