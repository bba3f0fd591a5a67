/** Dates as the shopper reads them. Spec section 9: DD-MMM-YYYY unless the settings say otherwise. */
export const DEFAULT_DATE_FORMAT = 'DD-MMM-YYYY';

export interface DateFormatOptions {
  /** A pattern of YYYY, YY, MMMM, MMM, MM, M, DD, D and any literal text between them. */
  format?: string;
  locale?: string;
  /** IANA zone; the runtime's own zone when absent. */
  timeZone?: string;
}

// Fixed English names: ICU's en-GB short month for September is "Sept", which breaks the
// three-letter pattern the spec shows.
const ENGLISH_MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

const TOKEN = /YYYY|YY|MMMM|MMM|MM|M|DD|D/g;

/**
 * Whether a setting's date pattern writes a readable date: exactly one day (D, DD), one month
 * (M, MM, MMM, MMMM) and one year (YY, YYYY), in any order, each apart from the next by spaces
 * or `, . / -` ("DD-MMM-YYYY", "D MMMM YYYY", "MMM D, YYYY"). Anything else would print every
 * date on the site as something else ("banana", "0505-01-2026", "5126").
 */
export function isDatePattern(pattern: string): boolean {
  const parts = pattern.trim().split(/([ ,./-]+)/);
  // Tokens and separators alternate: token, separator, token, separator, token.
  if (parts.length !== 5) return false;
  const tokens = [parts[0], parts[2], parts[4]];
  const kinds = tokens.map((token) =>
    token === 'D' || token === 'DD'
      ? 'day'
      : token === 'M' || token === 'MM' || token === 'MMM' || token === 'MMMM'
        ? 'month'
        : token === 'YY' || token === 'YYYY'
          ? 'year'
          : null,
  );
  return new Set(kinds).size === 3 && !kinds.includes(null);
}

/**
 * "2026-01-05T10:00:00Z" -> "05-Jan-2026". Accepts a Date, an ISO string or epoch
 * milliseconds; an unreadable value gives an empty string rather than "Invalid Date".
 */
export function formatDate(value: Date | string | number, options: DateFormatOptions = {}): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const locale = options.locale || 'en-GB';
  const parts = new Intl.DateTimeFormat('en-GB', {
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    timeZone: options.timeZone,
  }).formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  const year = part('year');
  const month = part('month');
  const day = part('day');
  const monthName = (style: 'long' | 'short') => {
    if (locale.toLowerCase().startsWith('en')) {
      const name = ENGLISH_MONTHS[month - 1] ?? '';
      return style === 'long' ? name : name.slice(0, 3);
    }
    return new Intl.DateTimeFormat(locale, { month: style, timeZone: 'UTC' }).format(Date.UTC(2000, month - 1, 1));
  };
  const pad = (n: number) => String(n).padStart(2, '0');
  return (options.format || DEFAULT_DATE_FORMAT).replace(TOKEN, (token) => {
    switch (token) {
      case 'YYYY':
        return String(year);
      case 'YY':
        return pad(year % 100);
      case 'MMMM':
        return monthName('long');
      case 'MMM':
        return monthName('short');
      case 'MM':
        return pad(month);
      case 'M':
        return String(month);
      case 'DD':
        return pad(day);
      default:
        return String(day);
    }
  });
}
