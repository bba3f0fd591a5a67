import { describe, expect, it } from 'vitest';
import {
  defaultSort,
  foldSearchText,
  SEARCH_FOLD_FROM,
  SEARCH_FOLD_TO,
  SEARCH_MIN_LENGTH,
  searchTermLongEnough,
  sortOptions,
} from './catalog';

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

describe('product search folding (the API and the storefront fold alike)', () => {
  it('drops accents and case, maps the letters that do not decompose and word punctuation, collapses spaces', () => {
    expect(foldSearchText('  Crème Brûlée ')).toBe('creme brulee');
    expect(foldSearchText('Rise & Crumb')).toBe('rise crumb');
    expect(foldSearchText('Bone-In 5% fat')).toBe('bone in 5% fat');
    expect(foldSearchText('ØRSTED łódź Đ ı ħ')).toBe('orsted lodz d i h');
    expect(foldSearchText('O\'Neill’s: a;b!c?"d"')).toBe('o neill s a b c d');
    expect(foldSearchText('x(1)/2+3')).toBe('x 1 2 3');
    expect(foldSearchText(' A \t b\nc ')).toBe('a b c');
  });

  it('maps each character of SEARCH_FOLD_FROM to the one at the same place in SEARCH_FOLD_TO (the SQL translate())', () => {
    expect([...SEARCH_FOLD_FROM]).toHaveLength([...SEARCH_FOLD_TO].length);
    for (const [i, ch] of [...SEARCH_FOLD_FROM].entries())
      expect(foldSearchText(`a${ch}b`), ch).toBe(`a${[...SEARCH_FOLD_TO][i]!.toLowerCase()}b`.replace(/ +/, ' '));
  });
});

describe('searchTermLongEnough (GET /products refuses a shorter search)', () => {
  it('needs SEARCH_MIN_LENGTH (3) characters once folded, spaces not counted', () => {
    expect(SEARCH_MIN_LENGTH).toBe(3);
    for (const term of ['abc', 'a b c', 'Crème', '  bread ', 'E1 0', '123', 'x'.repeat(100)])
      expect(searchTermLongEnough(term), term).toBe(true);
    for (const term of ['', '   ', 'ab', 'q', ' 7 ', ' a ', 's 1', 'a.b', 'a-b', '&&&', 'é-è', 'Ø ł'])
      expect(searchTermLongEnough(term), term).toBe(false);
  });
});
