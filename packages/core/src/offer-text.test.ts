import { describe, expect, it } from 'vitest';
import { formatDate } from './dates';
import {
  offerClaimsLeftText,
  offerDiscountText,
  offerMinSpendText,
  offerPerCustomerText,
  offerValidityText,
} from './offer-text';

const formatDateInLondon = (value: string) => formatDate(value, { timeZone: 'Europe/London' });

describe('offerDiscountText', () => {
  it('words a percent discount', () => {
    expect(offerDiscountText({ discount_type: 'percent', discount_value: 10 })).toBe('10% off');
    expect(offerDiscountText({ discount_type: 'percent', discount_value: 100 })).toBe('100% off');
  });

  it('words a fixed discount in pounds, without pence when whole', () => {
    expect(offerDiscountText({ discount_type: 'fixed', discount_value: 200 })).toBe('£2 off');
    expect(offerDiscountText({ discount_type: 'fixed', discount_value: 70 })).toBe('£0.70 off');
    expect(offerDiscountText({ discount_type: 'fixed', discount_value: 1250 })).toBe('£12.50 off');
    expect(offerDiscountText({ discount_type: 'fixed', discount_value: 150000 })).toBe('£1,500 off');
  });

  it('follows the site currency', () => {
    expect(
      offerDiscountText({ discount_type: 'fixed', discount_value: 500 }, { currency: 'EUR', locale: 'en-GB' }),
    ).toBe('€5 off');
  });
});

describe('offerMinSpendText', () => {
  it('says the minimum spend, or nothing without one', () => {
    expect(offerMinSpendText(800)).toBe('When you spend £8 or more');
    expect(offerMinSpendText(1299)).toBe('When you spend £12.99 or more');
    expect(offerMinSpendText(0)).toBeNull();
  });
});

describe('offerClaimsLeftText', () => {
  it('counts down the overall limit', () => {
    expect(offerClaimsLeftText({ max_claims: 10, claims_count: 7 })).toBe('3 of 10 left');
    expect(offerClaimsLeftText({ max_claims: 10, claims_count: 0 })).toBe('10 of 10 left');
  });

  it('says none are left when the limit is reached', () => {
    expect(offerClaimsLeftText({ max_claims: 10, claims_count: 10 })).toBe('None left');
  });

  it('has nothing to say without a limit', () => {
    expect(offerClaimsLeftText({ max_claims: null, claims_count: 42 })).toBeNull();
  });
});

describe('offerPerCustomerText', () => {
  it('names the per-customer limit', () => {
    expect(offerPerCustomerText(1)).toBe('Limit 1 per customer');
    expect(offerPerCustomerText(3)).toBe('Limit 3 per customer');
  });
});

describe('offerValidityText', () => {
  const offer = { starts_at: '2026-03-01T09:00:00Z', ends_at: '2026-03-31T09:00:00Z' };
  const formatDate = (value: string) => formatDateInLondon(value);

  it('says when a running offer ends', () => {
    expect(offerValidityText({ ...offer, state: 'active' }, formatDate)).toBe('Valid until 31-Mar-2026');
    expect(offerValidityText({ ...offer, state: 'full' }, formatDate)).toBe('Valid until 31-Mar-2026');
  });

  it('says when an upcoming offer starts', () => {
    expect(offerValidityText({ ...offer, state: 'upcoming' }, formatDate)).toBe('Starts on 01-Mar-2026');
  });

  it('says an ended offer has ended', () => {
    expect(offerValidityText({ ...offer, state: 'ended' }, formatDate)).toBe('Ended');
  });
});
