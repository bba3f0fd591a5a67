import { describe, expect, it } from 'vitest';
import { claimDiscountCap } from './offer-rules';

describe('claimDiscountCap', () => {
  it('bounds a fixed offer by its value, and by the order when there is one', () => {
    expect(claimDiscountCap({ discount_type: 'fixed', discount_value: 300 }, null)).toBe(300);
    expect(claimDiscountCap({ discount_type: 'fixed', discount_value: 300 }, 1000)).toBe(300);
    expect(claimDiscountCap({ discount_type: 'fixed', discount_value: 300 }, 250)).toBe(250);
  });

  it("bounds a percent offer by its share of the order's goods, rounded up, and not without an order", () => {
    expect(claimDiscountCap({ discount_type: 'percent', discount_value: 10 }, 1005)).toBe(101);
    expect(claimDiscountCap({ discount_type: 'percent', discount_value: 100 }, 999)).toBe(999);
    expect(claimDiscountCap({ discount_type: 'percent', discount_value: 10 }, null)).toBeNull();
  });
});
