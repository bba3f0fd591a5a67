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

/** Pence -> the pounds a form shows ("4.50"); the form sends pence back (toPence). */
export const poundsFromPence = (pence: number | null | undefined): number | '' =>
  pence === null || pence === undefined ? '' : pence / 100;
