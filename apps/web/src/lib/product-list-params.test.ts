import { clipSearchTerm, SEARCH_MAX_LENGTH } from '@parade/core/catalog';
import { describe, expect, it } from 'vitest';
import {
  pastLastPage,
  productListApiQuery,
  readProductListParams,
  searchTooShort,
  withSearchAsAsked,
} from './product-list-params';

const read = (query: string) => readProductListParams(new URLSearchParams(query));

describe('a search in the /products URL too short to run', () => {
  it('is one under 3 characters once folded (spaces and word punctuation not counted), as the API counts', () => {
    for (const query of ['search=ab', 'search=%20a%20', 'search=q', 'search=a-b', 'search=s%201', 'search=...'])
      expect(searchTooShort(read(query)), query).toBe(true);
    for (const query of ['search=abc', 'search=a%20b%20c', 'search=Cr%C3%A8me', 'search=bread'])
      expect(searchTooShort(read(query)), query).toBe(false);
  });

  it('is not one when the search is empty or blank: that is no search', () => {
    for (const query of ['', 'search=', 'search=%20%20']) {
      expect(read(query).search, query).toBeUndefined();
      expect(searchTooShort(read(query)), query).toBe(false);
    }
  });

  it('is left out of what GET /products is asked, every other filter kept', () => {
    const params = read('search=ab&category=bakery&brand=rise-and-crumb&sort=sortHighPrice&min_price=100&page=2');
    const asked = withSearchAsAsked(params);
    expect(asked).toEqual({ ...params, search: undefined });
    expect(productListApiQuery(asked, { categoryAsList: true })).toEqual({
      sort_by: 'price',
      sort_high: 1,
      category: ['bakery'],
      sub: undefined,
      brand: 'rise-and-crumb',
      shop: undefined,
      search: undefined,
      min_price: 100,
      max_price: undefined,
      page: 2,
    });
    const long = read('search=bread&page=2');
    expect(withSearchAsAsked(long)).toBe(long);
    expect(productListApiQuery(long, { categoryAsList: true }).search).toBe('bread');
  });
});

describe('the search GET /products is asked', () => {
  it("is clipped to what the API takes when the URL's is longer, every other filter kept", () => {
    const params = read(`search=${'sourdough '.repeat(15)}&shop=rise-and-crumb&page=3`);
    const asked = withSearchAsAsked(params);
    expect(params.search!.length).toBeGreaterThan(SEARCH_MAX_LENGTH);
    expect(asked).toEqual({ ...params, search: clipSearchTerm(params.search!) });
    expect(asked.search!.length).toBeLessThanOrEqual(SEARCH_MAX_LENGTH);
    expect(asked.search!.startsWith('sourdough sourdough')).toBe(true);
  });
});

describe('pastLastPage', () => {
  const list = (items: number, lastPage: number) => ({ data: Array.from({ length: items }), last_page: lastPage });
  it('is a page number past the last page, which shows nothing', () => {
    expect(pastLastPage(5, list(0, 3))).toBe(true);
    expect(pastLastPage(2, list(0, 0))).toBe(true);
  });
  it('is not the first page (an empty list is still a page), a page with products, or a list not yet loaded', () => {
    expect(pastLastPage(1, list(0, 0))).toBe(false);
    expect(pastLastPage(3, list(24, 3))).toBe(false);
    expect(pastLastPage(5, undefined)).toBe(false);
  });
});
