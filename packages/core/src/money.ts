/** Money is always an integer number of minor units (pence). These helpers are the only place it becomes text. */
export interface MoneyFormat {
  currency: string;
  locale: string;
}

export const defaultMoneyFormat: MoneyFormat = { currency: 'GBP', locale: 'en-GB' };

// Making an Intl.NumberFormat costs far more than using one (a checkout's mails format a dozen
// amounts): one per locale and currency, made on first use.
const formatters = new Map<string, Intl.NumberFormat>();

function formatterFor(format: MoneyFormat): Intl.NumberFormat {
  const key = `${format.locale}|${format.currency}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(format.locale, {
      style: 'currency',
      currency: format.currency,
      currencyDisplay: 'narrowSymbol',
    });
    formatters.set(key, formatter);
  }
  return formatter;
}

/** 450 -> "£4.50" (currency sign plus amount, as the spec asks). */
export function formatMoney(pence: number, format: MoneyFormat = defaultMoneyFormat): string {
  return formatterFor(format).format(pence / 100);
}

/**
 * What a merchant form says when an amount has more than two decimal places. The contract's
 * "Prices": nothing is clamped silently, so 1.234 is refused with this rather than saved as £1.23.
 */
export const WHOLE_PENCE_MESSAGE = 'Use pounds and pence: at most two decimal places, e.g. 1.20.';

/**
 * Whether an amount in pounds, as typed, is a whole number of pence: 4.5, "4.50", "1." and -2
 * are; 1.234 and 19.990000000001 are not. Read as written (its text), not as a float: a
 * tolerance for binary noise would let a long tail of decimals through and round it silently.
 */
export function isWholePence(pounds: number | string): boolean {
  if (typeof pounds === 'number' && !Number.isFinite(pounds)) return false;
  return /^-?\d+(\.\d{0,2})?$/.test(String(pounds).trim());
}

/** "4.50" or 4.5 -> 450. Rounds half away from zero to the nearest penny. */
export function toPence(pounds: number | string): number {
  const value = typeof pounds === 'string' ? Number.parseFloat(pounds) : pounds;
  if (!Number.isFinite(value)) throw new RangeError(`Not an amount of money: ${pounds}`);
  // toPrecision(12) removes binary noise such as 1.005 * 100 = 100.49999999999999.
  return Math.sign(value) * Math.round(Number((Math.abs(value) * 100).toPrecision(12)));
}
