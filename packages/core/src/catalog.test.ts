import { describe, expect, it } from 'vitest';
import { defaultSort, sortOptions } from './catalog';

describe('sort options (spec section 4, contract "Sorting")', () => {
  it('map each of the five options to sort_by and sort_high', () => {
    expect(sortOptions).toEqual({
      sortLowPrice: { sort_by: 'price', sort_high: 0 },
      sortHighPrice: { sort_by: 'price', sort_high: 1 },
      sortNew: { sort_by: 'date', sort_high: 1 },
      sortOld: { sort_by: 'date', sort_high: 0 },
      sortBestSelling: { sort_by: 'best_selling', sort_high: 1 },
    });
  });

  it('sort newest first by default (by date, sort_high 1)', () => {
    expect(defaultSort).toEqual({ sort_by: 'date', sort_high: 1 });
  });
});
