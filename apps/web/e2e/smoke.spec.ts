import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, saveScreenshot } from './support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe('smoke', () => {
  it('serves the storefront with demo categories from the API', async () => {
    const { page, context } = await newPage(browser);
    await page.goto('/');
    await page.getByTestId('home-categories').waitFor();
    expect(await page.getByTestId('home-categories').getByText('Fruit & Veg').count()).toBeGreaterThan(0);
    await saveScreenshot(page, 'smoke-home');
    await context.close();
  });

  it('answers a deep link with the app (history fallback) and unknown pages with Not Found', async () => {
    const { page, context } = await newPage(browser);
    const deep = await page.goto('/vendor/green-barrow/products');
    expect(deep?.status()).toBe(200);
    // An unknown page is the app's Not Found page, with the status a crawler needs (issue 25).
    const response = await page.goto('/some/unknown/page');
    expect(response?.status()).toBe(404);
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    await context.close();
  });

  it('serves the admin site under /admin/', async () => {
    const { page, context } = await newPage(browser);
    await page.goto('/admin/');
    await page.getByRole('heading', { name: 'Parade Merchant' }).waitFor();
    await context.close();
  });
});
