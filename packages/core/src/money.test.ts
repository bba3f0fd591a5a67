import { describe, expect, it } from 'vitest';
import { formatMoney, isWholePence, toPence } from './money';

describe('money', () => {
  it('formats pence as pounds with the currency sign', () => {
    expect(formatMoney(450)).toBe('£4.50');
    expect(formatMoney(189900)).toBe('£1,899.00');
    expect(formatMoney(0)).toBe('£0.00');
  });

  it('follows the currency and locale it is given', () => {
    expect(formatMoney(1000, { currency: 'EUR', locale: 'en-GB' })).toBe('€10.00');
  });

  it('converts pounds to whole pence without float drift', () => {
    expect(toPence('4.50')).toBe(450);
    expect(toPence(0.1 + 0.2)).toBe(30);
    expect(toPence(-1.005)).toBe(-101);
    expect(() => toPence('abc')).toThrow(RangeError);
  });

  it('tells whole pence from amounts with more than two decimal places', () => {
    for (const pounds of [4.5, '4.50', 1.1, '1.', 1.15, 19.99, -2, 0, '1234567.89', ' 3.20 ']) {
      expect(isWholePence(pounds), String(pounds)).toBe(true);
    }
    for (const pounds of [1.234, '10.555', 0.001, '1.2.3', '', '19.990000000001', 0.1 + 0.2, Number.NaN, '1e3']) {
      expect(isWholePence(pounds), String(pounds)).toBe(false);
    }
  });
});
