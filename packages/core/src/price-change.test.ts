import { describe, expect, it } from 'vitest';
import { isSteepPriceCut } from './price-change';

describe('isSteepPriceCut', () => {
  it('asks about a cut to a tenth or less, not about an ordinary sale or a rise', () => {
    expect(isSteepPriceCut(450, 45)).toBe(true);
    expect(isSteepPriceCut(450, 1)).toBe(true);
    expect(isSteepPriceCut(450, 46)).toBe(false);
    expect(isSteepPriceCut(450, 225)).toBe(false);
    expect(isSteepPriceCut(450, 4500)).toBe(false);
    expect(isSteepPriceCut(450, 450)).toBe(false);
  });

  it('leaves prices that cannot be saved to the price rule (below 1p is refused, not confirmed)', () => {
    expect(isSteepPriceCut(450, 0)).toBe(false);
    expect(isSteepPriceCut(0, 10)).toBe(false);
  });
});
