import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousA11yViolations } from './support/axe';
import { launchBrowser, newPage, saveScreenshot, viewports } from './support/browser';
import { loadLazyImages, query } from './support/page-helpers';

/** The same shopper on a 390 x 844 phone: the drawers replace the desktop navigation. */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

async function withPhone(run: (page: Page) => Promise<void>): Promise<void> {
  const { page, context } = await newPage(browser, viewports.mobile);
  try {
    await run(page);
  } finally {
    await context.close();
  }
}

const productCards = (page: Page) => page.getByTestId('product-card');

describe('storefront on a 390 x 844 phone', () => {
  it('shows the home page with the phone header and the mobile slide pictures', () =>
    withPhone(async (page) => {
      await page.goto('/');
      await page.getByTestId('home-categories').waitFor();
      expect(await page.getByRole('button', { name: 'Open navigation' }).isVisible()).toBe(true);
      expect(await page.getByRole('link', { name: 'My account' }).isVisible()).toBe(true);
      expect(await page.getByTestId('mega-menu-button').isVisible()).toBe(false);
      expect(await page.getByRole('combobox', { name: 'Search products' }).isVisible()).toBe(true);

      // The first slide shows its square mobile picture.
      const slide = page.getByRole('region', { name: 'Featured' }).locator('img').first();
      await expect.poll(() => slide.evaluate((img: HTMLImageElement) => img.currentSrc)).toContain('/slides-mobile/');

      // No horizontal scrolling on a phone.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await loadLazyImages(page);
      await saveScreenshot(page, 'home-mobile');
    }));

  it('browses from the navigation drawer through the category drawer to filtered products', () =>
    withPhone(async (page) => {
      await page.goto('/');
      await page.getByTestId('home-categories').waitFor();
      await page.getByRole('button', { name: 'Open navigation' }).click();
      const menu = page.getByRole('dialog', { name: 'Menu' });
      await menu.waitFor();
      expect(await menu.getByRole('link').allTextContents()).toEqual(
        expect.arrayContaining(['Home', 'Products', 'Shops', 'Blog', 'UBM Deals', 'Contact Us']),
      );
      await menu.getByRole('button', { name: 'Shop by category' }).click();
      const categories = page.getByRole('dialog', { name: 'Shop by category' });
      await categories.waitFor();
      await menu.waitFor({ state: 'detached' });
      await categories.getByRole('button', { name: 'Fruit & Veg' }).click();
      await categories.getByRole('button', { name: 'Fresh Fruit' }).click();
      await categories.getByRole('link', { name: 'All Fresh Fruit' }).click();
      await page.waitForURL(/\/products\?category=fruit-and-veg&sub=fresh-fruit$/);
      await categories.waitFor({ state: 'detached' });
      await page.getByRole('heading', { level: 1, name: 'Fresh Fruit' }).waitFor();
      await productCards(page).first().waitFor();

      // The drawers close with Escape and give focus back.
      await page.getByRole('button', { name: 'Open navigation' }).click();
      await menu.waitFor();
      await page.keyboard.press('Escape');
      await menu.waitFor({ state: 'detached' });

      // A brand from the category drawer.
      await page.getByRole('button', { name: 'Open navigation' }).click();
      await menu.getByRole('button', { name: 'Shop by category' }).click();
      await categories.getByRole('button', { name: 'Fruit & Veg' }).click();
      await categories.getByRole('button', { name: 'Fresh Fruit' }).click();
      await categories.getByRole('link', { name: /Orchard Lane/ }).click();
      await page.waitForURL(/\/products\?brand=orchard-lane$/);
    }));

  it('filters, sorts and reads the products on a phone', () =>
    withPhone(async (page) => {
      await page.goto('/products');
      await productCards(page).first().waitFor();
      await page.getByLabel('Sort by').selectOption('sortLowPrice');
      await page.waitForURL((url) => url.searchParams.get('sort') === 'sortLowPrice');

      await page.getByRole('button', { name: /^Filters/ }).click();
      const filters = page.getByRole('dialog', { name: 'Filters' });
      await filters.waitFor();
      await filters.getByLabel('Category', { exact: true }).selectOption('fruit-and-veg');
      await page.waitForURL((url) => url.searchParams.get('category') === 'fruit-and-veg');
      expect(query(page)).toMatchObject({ category: 'fruit-and-veg', sort: 'sortLowPrice' });
      await filters.getByRole('button', { name: /^Show \d+ products?$/ }).click();
      await filters.waitFor({ state: 'detached' });
      await page.getByRole('heading', { level: 1, name: 'Fruit & Veg' }).waitFor();
      expect(await page.getByRole('button', { name: 'Filters (1)' }).count()).toBe(1);

      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await loadLazyImages(page);
      await saveScreenshot(page, 'products-mobile');
    }));

  it('opens a product and switches its variation on a phone', () =>
    withPhone(async (page) => {
      await page.goto('/green-barrow/product/braeburn-apples/each');
      await page.getByTestId('product-title').waitFor();
      const option = page.getByTestId('variation-option').filter({ hasText: '1kg' });
      await option.click();
      await page.waitForURL(/\/braeburn-apples\/1kg$/);
      await expect.poll(() => page.getByTestId('variation-name').textContent()).toBe('Braeburn Apples 1kg');
      expect(await option.getAttribute('aria-current')).toBe('true');
      const box = await option.boundingBox();
      expect(box!.height).toBeGreaterThanOrEqual(44);

      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await loadLazyImages(page);
      await saveScreenshot(page, 'product-mobile');
    }));

  it('searches from the phone header and uses the navigation drawer links', () =>
    withPhone(async (page) => {
      await page.goto('/');
      await page.getByTestId('home-categories').waitFor();
      const search = page.getByRole('combobox', { name: 'Search products' });
      await search.tap();
      await search.pressSequentially('sourdough', { delay: 20 });
      const option = page.getByTestId('search-option').first();
      await option.waitFor();
      await option.tap();
      await page.waitForURL(/\/product\//);
      await page.getByTestId('product-title').waitFor();

      await page.getByRole('button', { name: 'Open navigation' }).click();
      await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Blog' }).click();
      await page.waitForURL(/\/blog$/);
      await page.getByTestId('post-card').first().waitFor();
      await page.getByRole('dialog', { name: 'Menu' }).waitFor({ state: 'detached' });
    }));

  it('shows the shop tabs and the Not Found page on a phone', () =>
    withPhone(async (page) => {
      await page.goto('/vendor/rise-and-crumb');
      await page.getByRole('heading', { level: 1 }).waitFor();
      await page.getByRole('link', { name: 'Products', exact: true }).last().click();
      await page.waitForURL(/\/vendor\/rise-and-crumb\/products$/);
      await productCards(page).first().waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

      await page.goto('/this/does/not/exist');
      await page.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor();
    }));
});
