import { seriousA11yViolations } from '@parade/test-support/axe';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newPage, saveScreenshot, viewports } from './support/browser';
import { accounts, api, signIn } from './support/staff';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

// A 2x2 PNG: the server checks pictures by content, so it must be a real image.
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP8z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==',
  'base64',
);

interface ProductsReply {
  products: { data: { name: string; price: number; shop: { slug: string }; thumbnail: string | null }[] };
}

describe('vendor products', () => {
  it('lists the shop products with search, with no serious accessibility problems', async () => {
    const { page, context } = await newPage(browser);
    await signIn(page, accounts.vendor);
    await page.getByRole('link', { name: 'Products' }).click();
    await page.getByRole('heading', { name: 'Products', level: 1 }).waitFor();
    await page.getByRole('table').getByRole('row').nth(1).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await saveScreenshot(page, 'vendor-products-desktop');

    await page.getByRole('searchbox', { name: 'Search' }).fill('zzz-nothing-like-this');
    await page.getByText('No product matches this search.').waitFor();
    expect(new URL(page.url()).searchParams.get('search')).toBe('zzz-nothing-like-this');
    await context.close();
  });

  it('creates a product with a variation and a picture, and the storefront lists it at once', async () => {
    const { page, context } = await newPage(browser);
    const name = `Crown Prince Squash ${Date.now()}`;
    await signIn(page, accounts.vendor);
    await page.getByText('Orders today').waitFor();
    await page.goto('/admin/vendor/products/new');
    await page.getByRole('heading', { name: 'New product', level: 1 }).waitFor();

    // The browser check (core's schema) speaks before anything is sent.
    await page.getByRole('button', { name: 'Save product' }).click();
    await page.getByText('Enter a price in pounds, e.g. 1.20.').waitFor();

    await page.getByLabel(/^Product name/).fill(name);
    await page.getByLabel(/^Variation name/).fill('Each');
    await page.getByLabel(/^SKU/).fill(`SQ-${Date.now()}`);
    await page.getByLabel(/^Price/).fill('2.75');
    await page.getByLabel(/^Stock/).fill('12');
    await saveScreenshot(page, 'vendor-product-form-desktop');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Save product' }).click();

    await page.getByRole('heading', { name, level: 1 }).waitFor();
    await page.getByText('Published', { exact: true }).waitFor();

    const listed = await api<ProductsReply>(inject('baseURL'), `products?search=${encodeURIComponent(name)}`);
    const card = listed.body.data.products.data.find((p) => p.name === name);
    expect(card).toMatchObject({ price: 275, shop: { slug: accounts.vendor.shopSlug } });

    // A picture: previewed before upload, then the variation's first picture.
    await page
      .locator('input[type=file]')
      .first()
      .setInputFiles({ name: 'squash.png', mimeType: 'image/png', buffer: png });
    await page.getByRole('img', { name: /New picture 1/ }).waitFor();
    await page.getByRole('button', { name: 'Upload 1 picture' }).click();
    await page.getByRole('img', { name: new RegExp(`${name} Each, picture 1`) }).waitFor();
    const withPicture = await api<ProductsReply>(inject('baseURL'), `products?search=${encodeURIComponent(name)}`);
    expect(withPicture.body.data.products.data.find((p) => p.name === name)?.thumbnail).toMatch(/\/uploads\//);

    // Unpublished, it leaves the storefront.
    await page.getByRole('button', { name: 'Unpublish' }).click();
    await page.getByText('Draft', { exact: true }).waitFor();
    const hidden = await api<ProductsReply>(inject('baseURL'), `products?search=${encodeURIComponent(name)}`);
    expect(hidden.body.data.products.data.find((p) => p.name === name)).toBeUndefined();
    await context.close();
  });

  it('shows the products list and the form on a phone', async () => {
    const { page, context } = await newPage(browser, viewports.mobile);
    await signIn(page, accounts.vendor);
    await page.getByText('Orders today').waitFor();
    await page.goto('/admin/vendor/products');
    await page.getByRole('table').getByRole('row').nth(1).waitFor();
    await saveScreenshot(page, 'vendor-products-mobile');
    await page.goto('/admin/vendor/products/new');
    await page.getByLabel(/^Product name/).waitFor();
    await saveScreenshot(page, 'vendor-product-form-mobile');
    await context.close();
  });
});
