import { describe, expect, it } from 'vitest';
import { formatDate } from './dates';

describe('formatDate', () => {
  it('shows DD-MMM-YYYY by default', () => {
    expect(formatDate('2026-01-05T10:00:00Z', { timeZone: 'UTC' })).toBe('05-Jan-2026');
    expect(formatDate(new Date(Date.UTC(2025, 11, 31, 12)), { timeZone: 'UTC' })).toBe('31-Dec-2025');
  });

  it('keeps three letters for September in en-GB', () => {
    expect(formatDate('2026-09-09T12:00:00Z', { timeZone: 'UTC', locale: 'en-GB' })).toBe('09-Sep-2026');
  });

  it('follows a format from the settings', () => {
    const date = '2026-03-07T12:00:00Z';
    expect(formatDate(date, { timeZone: 'UTC', format: 'DD/MM/YYYY' })).toBe('07/03/2026');
    expect(formatDate(date, { timeZone: 'UTC', format: 'D MMMM YYYY' })).toBe('7 March 2026');
    expect(formatDate(date, { timeZone: 'UTC', format: 'YYYY-MM-DD' })).toBe('2026-03-07');
    expect(formatDate(date, { timeZone: 'UTC', format: 'M/D/YY' })).toBe('3/7/26');
  });

  it('uses the shop time zone, so a late-evening UTC time is the next day in summer London', () => {
    expect(formatDate('2026-06-30T23:30:00Z', { timeZone: 'Europe/London' })).toBe('01-Jul-2026');
  });

  it('names months in another locale when asked', () => {
    expect(formatDate('2026-03-07T12:00:00Z', { timeZone: 'UTC', locale: 'de-DE', format: 'D. MMMM YYYY' })).toBe(
      '7. März 2026',
    );
  });

  it('gives an empty string for an unreadable date', () => {
    expect(formatDate('not a date')).toBe('');
  });
});
