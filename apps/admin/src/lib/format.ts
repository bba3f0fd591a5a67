import { formatMoney } from '@parade/core/money';

export { formatMoney };

const dateTime = new Intl.DateTimeFormat('en-GB', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'Europe/London',
});
const dateOnly = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeZone: 'Europe/London' });

/** "23 Nov 2026, 14:05" in London time, whatever the browser's zone. */
export const formatDateTime = (iso: string | null | undefined): string => (iso ? dateTime.format(new Date(iso)) : '—');
export const formatDate = (iso: string | null | undefined): string => (iso ? dateOnly.format(new Date(iso)) : '—');

/**
 * Pence -> the pounds a form shows ("4.50", as text: the money inputs show what they hold, with no
 * two-decimal mask); the form sends pence back (toPence).
 */
export const poundsFromPence = (pence: number | null | undefined): string =>
  pence === null || pence === undefined ? '' : (pence / 100).toFixed(2);

const oneDecimal = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 1 });

/** "840 bytes", "12.3 KB", "4.5 MB" (1 KB = 1,024 bytes, as file managers count); a dash when unknown. */
export function formatFileSize(bytes: number | null | undefined): string {
  if (bytes === null || bytes === undefined) return '—';
  if (bytes < 1024) return `${bytes} ${bytes === 1 ? 'byte' : 'bytes'}`;
  if (bytes < 1024 * 1024) return `${oneDecimal.format(bytes / 1024)} KB`;
  return `${oneDecimal.format(bytes / 1024 / 1024)} MB`;
}

/** An offer's or coupon's discount as shoppers read it: "15% off", "£2.00 off". */
export const formatDiscount = (type: 'percent' | 'fixed', value: number): string =>
  type === 'percent' ? `${value}% off` : `${formatMoney(value)} off`;
