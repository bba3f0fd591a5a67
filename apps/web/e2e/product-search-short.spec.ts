import { seriousA11yViolations } from '@parade/test-support/axe';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gotoInApp, inFreshPage, launchBrowser, saveScreenshot } from './support/browser';
import { query } from './support/page-helpers';

/**
 * GET /api/products refuses a search under 3 letters or digits (folded, spaces not counted)
 * with 422. A link or a hand-edited URL holding one (`/products?search=ab`) must still show the
 * Products page: every product, unfiltered, with the spec's notice (section 5, "Product search
 * needs 3 or more characters."), never the error state, and a real price range.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const withPage = (run: (page: Page) => Promise<void>) => inFreshPage(browser, run);

const NOTICE = 'Product search needs 3 or more characters.';
const productCards = (page: Page) => page.getByTestId('product-card');
const notice = (page: Page) => page.getByRole('status').filter({ hasText: NOTICE });

interface ProductListReply {
  data: { products: { total: number; data: { name: string }[] }; price_range: { min: number; max: number } };
}

async function apiList(page: Page, apiQuery: string): Promise<ProductListReply['data']> {
  const res = await page.request.get(`/api/products${apiQuery}`);
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as ProductListReply).data;
}

/** Every GET /api/products the page sends, as its query. */
function recordProductRequests(page: Page): URLSearchParams[] {
  const asked: URLSearchParams[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === '/api/products') asked.push(url.searchParams);
  });
  return asked;
}

/** The page lists every product, unfiltered, with the full price range: no error, no endless loading. */
async function expectEveryProduct(page: Page, everything: ProductListReply['data']) {
  await productCards(page).first().waitFor({ timeout: 15_000 });
  await expect
    .poll(() => page.getByTestId('product-count').textContent())
    .toBe(`${everything.products.total} products`);
  expect(await productCards(page).count()).toBe(everything.products.data.length);
  expect(await productCards(page).first().getByRole('heading').textContent()).toBe(everything.products.data[0]?.name);
  expect(await page.getByText('Sorry, that did not load').count()).toBe(0);
  expect(await page.getByRole('button', { name: 'Try again' }).count()).toBe(0);
  expect(await page.getByText('Loading products...').count()).toBe(0);

  // The price slider spans the list's real range, not the 0..1 placeholder (£0.00–£0.01).
  const minThumb = page.getByRole('slider', { name: 'Minimum price' });
  const maxThumb = page.getByRole('slider', { name: 'Maximum price' });
  await expect.poll(() => maxThumb.getAttribute('aria-valuemax')).toBe(String(everything.price_range.max));
  expect(await minThumb.getAttribute('aria-valuemin')).toBe(String(everything.price_range.min));
  expect(everything.price_range.max).toBeGreaterThan(everything.price_range.min);
  expect(await page.getByTestId('price-range-value').textContent()).not.toBe('£0.00 – £0.01');
}

describe('a product search shorter than 3 characters in the URL', () => {
  it('lists every product with the notice, never sending the search, and the page keeps working', () =>
    withPage(async (page) => {
      const everything = await apiList(page, '?sort_by=date&sort_high=1');
      expect(everything.products.total).toBeGreaterThan(everything.products.data.length);
      const asked = recordProductRequests(page);

      await gotoInApp(page, '/products?search=ab');
      await notice(page).waitFor({ timeout: 15_000 });
      await expectEveryProduct(page, everything);
      await page.getByRole('heading', { level: 1, name: 'All products' }).waitFor();
      expect(await page.getByText('Results for “ab”').count()).toBe(0);
      expect(asked.length).toBeGreaterThan(0);
      expect(asked.every((params) => !params.has('search'))).toBe(true);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await saveScreenshot(page, 'products-short-search');

      // Sorting works, and the change drops the search that was never run from the URL.
      await page.getByLabel('Sort by').selectOption('sortHighPrice');
      await page.waitForURL((url) => url.searchParams.get('sort') === 'sortHighPrice');
      expect(query(page)).toEqual({ sort: 'sortHighPrice' });
      await notice(page).waitFor({ state: 'detached' });
      await expect
        .poll(() => page.getByTestId('product-count').textContent())
        .toBe(`${everything.products.total} products`);
      expect(asked.every((params) => !params.has('search'))).toBe(true);
    }));

  it('counts letters and digits as the API does: spaces and punctuation do not count', () =>
    withPage(async (page) => {
      const everything = await apiList(page, '?sort_by=date&sort_high=1');
      const asked = recordProductRequests(page);
      for (const short of ['%20a%20', 'a-b', 'q']) {
        await gotoInApp(page, `/products?search=${short}`);
        await notice(page).waitFor({ timeout: 15_000 });
        await expectEveryProduct(page, everything);
      }
      expect(asked.every((params) => !params.has('search'))).toBe(true);

      // An empty search is no search: no notice. (The list is the one already shown, so it proves
      // nothing about the new page drawn: wait for the notice to go, as a shopper sees it go.)
      await gotoInApp(page, '/products?search=');
      await expect.poll(() => notice(page).count()).toBe(0);
      await expectEveryProduct(page, everything);
    }));

  it('still filters by a search of 3 or more characters, without the notice', () =>
    withPage(async (page) => {
      const everything = await apiList(page, '?sort_by=date&sort_high=1');
      const found = await apiList(page, '?sort_by=date&sort_high=1&search=sourdough');
      expect(found.products.total).toBeGreaterThan(0);
      expect(found.products.total).toBeLessThan(everything.products.total);
      const asked = recordProductRequests(page);

      await gotoInApp(page, '/products?search=sourdough');
      await page.getByRole('heading', { level: 1, name: 'Results for “sourdough”' }).waitFor();
      await expect.poll(() => page.getByTestId('product-count').textContent()).toBe(`${found.products.total} products`);
      expect(await productCards(page).count()).toBe(found.products.data.length);
      expect(await productCards(page).first().getByRole('heading').textContent()).toBe(found.products.data[0]?.name);
      expect(await notice(page).count()).toBe(0);
      expect(asked.some((params) => params.get('search') === 'sourdough')).toBe(true);
    }));

  it('still shows the error state, with Try again, when the list really fails to load', () =>
    withPage(async (page) => {
      await page.route('**/api/products**', (route) =>
        route.fulfill({
          status: 400,
          contentType: 'application/json',
          body: JSON.stringify({ status: false, message: 'The list is unavailable.', code: 'bad_request', errors: {} }),
        }),
      );
      await gotoInApp(page, '/products?search=ab');
      await page.getByText('Sorry, that did not load').waitFor({ timeout: 15_000 });
      await page.getByText('The list is unavailable.').waitFor();

      await page.unroute('**/api/products**');
      await page.getByRole('button', { name: 'Try again' }).click();
      await productCards(page).first().waitFor({ timeout: 15_000 });
      expect(await page.getByText('Sorry, that did not load').count()).toBe(0);
    }));

  it('is refused by the header search box on Enter', () =>
    withPage(async (page) => {
      await page.goto('/');
      await page.getByTestId('home-categories').waitFor();
      const search = page.getByRole('combobox', { name: 'Search products' });
      await search.fill('ab');
      await search.press('Enter');
      await page.waitForTimeout(600);
      expect(new URL(page.url()).pathname).toBe('/');

      await search.fill('sourdough');
      await search.press('Enter');
      await page.waitForURL(/\/products\?search=sourdough$/);
      await page.getByRole('heading', { level: 1, name: 'Results for “sourdough”' }).waitFor();
    }));

  it('is counted by the header search box as the list counts it: `a-b` neither suggests nor lists', () =>
    withPage(async (page) => {
      const suggested: string[] = [];
      page.on('request', (request) => {
        if (new URL(request.url()).pathname === '/api/search' && request.method() === 'POST')
          suggested.push((request.postDataJSON() as { search: string }).search);
      });
      await page.goto('/');
      await page.getByTestId('home-categories').waitFor();
      const search = page.getByRole('combobox', { name: 'Search products' });

      // Three raw characters but one letter pair: /products would show the notice, so Enter stays put.
      await search.fill('a-b');
      await page.waitForTimeout(800);
      await search.press('Enter');
      await page.waitForTimeout(600);
      expect(new URL(page.url()).pathname).toBe('/');
      await page.getByTestId('search-dropdown').getByText('Type to search').waitFor();
      // Two emoji are four UTF-16 units but two characters to POST /search, which asks 3 (422).
      await search.fill('😀😀');
      await page.waitForTimeout(800);
      expect(suggested).toEqual([]);

      // A real search still suggests, then lists on Enter.
      await search.fill('sourdough');
      await page.getByTestId('search-option').first().waitFor({ timeout: 15_000 });
      expect(suggested).toEqual(['sourdough']);
      await search.press('Enter');
      await page.waitForURL(/\/products\?search=sourdough$/);
    }));
});

describe('a product search longer than the API takes (100 characters) in the URL', () => {
  // 99 characters, an emoji of two UTF-16 units as the 100th, then 50 more: 150 characters.
  const head = `${'sourdough '.repeat(9)}sourdough`;
  const long = `${head}😀${' rye bread'.repeat(5)}`;
  const first100 = `${head}😀`;

  it('lists the matches of its first 100 characters, never the error state', () =>
    withPage(async (page) => {
      expect([...long]).toHaveLength(150);
      expect([...first100]).toHaveLength(100);
      expect((await page.request.get(`/api/products?search=${encodeURIComponent(long)}`)).status()).toBe(422);
      const everything = await apiList(page, '?sort_by=date&sort_high=1');
      const found = await apiList(page, `?sort_by=date&sort_high=1&search=${encodeURIComponent(first100)}`);
      expect(found.products.total).toBeGreaterThan(0);
      expect(found.products.total).toBeLessThan(everything.products.total);
      const asked = recordProductRequests(page);

      await gotoInApp(page, `/products?search=${encodeURIComponent(long)}`);
      await productCards(page).first().waitFor({ timeout: 15_000 });
      await expect.poll(() => page.getByTestId('product-count').textContent()).toBe(`${found.products.total} products`);
      expect(await productCards(page).count()).toBe(found.products.data.length);
      expect(await productCards(page).first().getByRole('heading').textContent()).toBe(found.products.data[0]?.name);
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(`Results for “${first100}”`);
      expect(await page.getByText('Sorry, that did not load').count()).toBe(0);
      expect(await page.getByRole('button', { name: 'Try again' }).count()).toBe(0);
      expect(await notice(page).count()).toBe(0);

      // Every request asks the first 100 characters, the emoji whole (a halved one would arrive as U+FFFD).
      const searches = asked.map((params) => params.get('search'));
      expect(searches.length).toBeGreaterThan(0);
      expect(searches.every((search) => search === first100)).toBe(true);
      expect(Math.max(...searches.map((search) => [...(search ?? '')].length))).toBeLessThanOrEqual(100);
      // The URL keeps what the shopper asked.
      expect(query(page).search).toBe(long);
    }));
});
