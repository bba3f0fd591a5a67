import { describe, expect, it } from 'vitest';
import {
  clipSearchTerm,
  defaultSort,
  foldSearchText,
  SEARCH_FOLD_FROM,
  SEARCH_FOLD_TO,
  SEARCH_MAX_LENGTH,
  SEARCH_MIN_LENGTH,
  searchTermLongEnough,
  sortOptions,
} from './catalog';
import { productListQuerySchema } from './catalog-schemas';
import { searchRequestSchema } from './search-schemas';

describe('sort options (spec section 4, contract "Sorting")', () => {
  it('map each of the five options, and Top rated, to sort_by and sort_high', () => {
    expect(sortOptions).toEqual({
      sortLowPrice: { sort_by: 'price', sort_high: 0 },
      sortHighPrice: { sort_by: 'price', sort_high: 1 },
      sortNew: { sort_by: 'date', sort_high: 1 },
      sortOld: { sort_by: 'date', sort_high: 0 },
      sortBestSelling: { sort_by: 'best_selling', sort_high: 1 },
      sortTopRated: { sort_by: 'rating', sort_high: 1 },
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
  it('needs SEARCH_MIN_LENGTH (3) letters or digits once folded, spaces and symbols not counted', () => {
    expect(SEARCH_MIN_LENGTH).toBe(3);
    for (const term of ['abc', 'a b c', 'Crème', '  bread ', 'E1 0', '123', 'x'.repeat(100)])
      expect(searchTermLongEnough(term), term).toBe(true);
    for (const term of [
      '',
      '   ',
      'ab',
      'q',
      ' 7 ',
      ' a ',
      's 1',
      'a.b',
      'a-b',
      '&&&',
      'é-è',
      'Ø ł',
      '%%%',
      '___',
      '***',
      'a%_',
    ])
      expect(searchTermLongEnough(term), term).toBe(false);
  });
});

describe('clipSearchTerm (the API refuses a search over SEARCH_MAX_LENGTH characters)', () => {
  const listTakes = (search: string) => productListQuerySchema.safeParse({ search }).success;
  const searchTakes = (search: string) => searchRequestSchema.safeParse({ search }).success;
  const codePoints = (text: string) => [...text].length;

  it('is the limit both schemas count, in code points of the trimmed text', () => {
    expect(SEARCH_MAX_LENGTH).toBe(100);
    for (const takes of [listTakes, searchTakes]) {
      expect(takes('a'.repeat(100))).toBe(true);
      expect(takes(` ${'a'.repeat(100)} `)).toBe(true);
      expect(takes('a'.repeat(101))).toBe(false);
      expect(takes('😀'.repeat(100))).toBe(true); // 200 UTF-16 units
      expect(takes('😀'.repeat(101))).toBe(false);
    }
  });

  it('trims, and leaves a text within the limit as it is', () => {
    expect(clipSearchTerm('  sourdough ')).toBe('sourdough');
    expect(clipSearchTerm('a'.repeat(100))).toBe('a'.repeat(100));
    expect(clipSearchTerm(` ${'😀'.repeat(100)} `)).toBe('😀'.repeat(100));
    expect(clipSearchTerm('')).toBe('');
  });

  it('keeps the first SEARCH_MAX_LENGTH characters of a longer one, which the API takes', () => {
    const long = 'sourdough '.repeat(15).concat('rye');
    const clipped = clipSearchTerm(long);
    expect(clipped).toBe(long.slice(0, 100).trim());
    expect(listTakes(clipped) && searchTakes(clipped)).toBe(true);
    expect(clipSearchTerm('x'.repeat(150))).toBe('x'.repeat(100));
  });

  it('never cuts an emoji or an accented letter in half', () => {
    // 99 letters, then an emoji of two UTF-16 units: it is the 100th character, kept whole.
    const pair = `${'a'.repeat(99)}😀${'b'.repeat(20)}`;
    expect(clipSearchTerm(pair)).toBe(`${'a'.repeat(99)}😀`);
    // At the 100th character a flag (two code points) or a letter with a combining accent does
    // not fit: it is left out whole, not halved into a lone regional indicator or a bare letter.
    for (const cluster of ['🇬🇧', 'e\u0301', '👍🏽', '👩‍👩‍👧']) {
      const text = `${'a'.repeat(99)}${cluster}${'b'.repeat(20)}`;
      expect(clipSearchTerm(text), cluster).toBe('a'.repeat(99));
    }
    for (const text of ['😀'.repeat(150), `${'é'.normalize('NFD').repeat(60)}`, '👩‍👩‍👧'.repeat(40)]) {
      const clipped = clipSearchTerm(text);
      expect(codePoints(clipped)).toBeLessThanOrEqual(SEARCH_MAX_LENGTH);
      expect(text.startsWith(clipped)).toBe(true);
      expect(clipped).not.toMatch(/[\uD800-\uDBFF]$/);
      expect(listTakes(clipped) && searchTakes(clipped)).toBe(true);
    }
    expect(clipSearchTerm('😀'.repeat(150))).toBe('😀'.repeat(100));
  });

  it('cuts by code points a single character longer than the limit', () => {
    const zalgo = `a${'\u0301'.repeat(120)}`;
    expect(clipSearchTerm(zalgo)).toBe(`a${'\u0301'.repeat(99)}`);
  });
});
