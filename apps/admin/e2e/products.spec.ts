import { seriousA11yViolations } from '@parade/test-support/axe';
import { e2eServer } from '@parade/test-support/e2e-servers';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

// A small but real PDF: the server checks a digital file's kind by its content.
const pdf = Buffer.from(
  '%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [] /Count 0 >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n',
  'latin1',
);

async function vendorToken(): Promise<string> {
  const reply = await api<{ access_token: string }>(e2eServer().baseURL, 'auth/login', {
    method: 'POST',
    body: accounts.vendor,
  });
  return reply.body.data.access_token;
}

interface VendorProductReply {
  product: { id: number; variations: { id: number; digital_file: { name: string; size: number | null } | null }[] };
}

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

    const listed = await api<ProductsReply>(e2eServer().baseURL, `products?search=${encodeURIComponent(name)}`);
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
    const withPicture = await api<ProductsReply>(e2eServer().baseURL, `products?search=${encodeURIComponent(name)}`);
    expect(withPicture.body.data.products.data.find((p) => p.name === name)?.thumbnail).toMatch(/\/uploads\//);

    // Unpublished, it leaves the storefront.
    await page.getByRole('button', { name: 'Unpublish' }).click();
    await page.getByText('Draft', { exact: true }).waitFor();
    const hidden = await api<ProductsReply>(e2eServer().baseURL, `products?search=${encodeURIComponent(name)}`);
    expect(hidden.body.data.products.data.find((p) => p.name === name)).toBeUndefined();
    await context.close();
  });

  it("uploads a PDF as a digital product's file, shows its name, and removes it after confirming", async () => {
    const token = await vendorToken();
    const created = await api<VendorProductReply>(e2eServer().baseURL, 'vendor/products', {
      method: 'POST',
      token,
      // A draft: the storefront never lists it while the spec runs.
      body: {
        name: `Allotment Planner ${Date.now()}`,
        type: 'Digital',
        is_active: false,
        variations: [{ name: 'PDF', price: 350 }],
      },
    });
    expect(created.status).toBe(201);
    const { id } = created.body.data.product;
    try {
      const { page, context } = await newPage(browser);
      await signIn(page, accounts.vendor);
      await page.getByText('Orders today').waitFor();
      await page.goto(`/admin/vendor/products/${id}`);
      const file = page.getByTestId('digital-file');
      await file.getByText(/^No file yet/).waitFor();
      // The server reads the content: a text file named .pdf is refused, in the envelope's words.
      await file
        .locator('input[type=file]')
        .setInputFiles({ name: 'notes.pdf', mimeType: 'application/pdf', buffer: Buffer.from('just some notes') });
      await file
        .getByRole('alert')
        .getByText('A digital file must be a PDF, EPUB, ZIP, MP3, PNG or JPEG file.')
        .waitFor();
      await file
        .locator('input[type=file]')
        .setInputFiles({ name: 'planner-2027.pdf', mimeType: 'application/pdf', buffer: pdf });
      await file.getByTestId('digital-file-name').getByText('planner-2027.pdf').waitFor();
      await file.getByRole('button', { name: /^Replace file of / }).waitFor();
      expect(await file.getByRole('alert').count()).toBe(0);
      await page.getByText('planner-2027.pdf is uploaded.').waitFor();
      expect(await seriousA11yViolations(page)).toEqual([]);
      await saveScreenshot(page, 'vendor-digital-file-desktop');

      const stored = await api<VendorProductReply>(e2eServer().baseURL, `vendor/products/${id}`, { token });
      expect(stored.body.data.product.variations[0]?.digital_file).toEqual({
        name: 'planner-2027.pdf',
        size: pdf.length,
      });

      // A phone shows the same, within its width.
      const phone = await newPage(browser, viewports.mobile);
      await signIn(phone.page, accounts.vendor);
      await phone.page.getByText('Orders today').waitFor();
      await phone.page.goto(`/admin/vendor/products/${id}`);
      await phone.page.getByTestId('digital-file-name').getByText('planner-2027.pdf').waitFor();
      expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        viewports.mobile.width,
      );
      await saveScreenshot(phone.page, 'vendor-digital-file-mobile');
      await phone.context.close();

      await file.getByRole('button', { name: /^Remove file of / }).click();
      await page.getByRole('dialog', { name: 'Remove the file?' }).getByRole('button', { name: 'Remove file' }).click();
      await file.getByText(/^No file yet/).waitFor();
      const removed = await api<VendorProductReply>(e2eServer().baseURL, `vendor/products/${id}`, { token });
      expect(removed.body.data.product.variations[0]?.digital_file).toBeNull();
      await context.close();
    } finally {
      await api(e2eServer().baseURL, `vendor/products/${id}`, { method: 'DELETE', token });
    }
  });

  it('refuses a price below 1p under the field, and asks before cutting a price to a tenth', async () => {
    const token = await vendorToken();
    const created = await api<VendorProductReply>(e2eServer().baseURL, 'vendor/products', {
      method: 'POST',
      token,
      body: {
        name: `Price Check Marmalade ${Date.now()}`,
        is_active: false,
        variations: [{ name: 'Jar', price: 450 }],
      },
    });
    expect(created.status).toBe(201);
    const { id } = created.body.data.product;
    const storedPrice = async () =>
      (
        await api<{ product: { variations: { price: number }[] } }>(e2eServer().baseURL, `vendor/products/${id}`, {
          token,
        })
      ).body.data.product.variations[0]!.price;
    try {
      const { page, context } = await newPage(browser);
      await signIn(page, accounts.vendor);
      await page.getByText('Orders today').waitFor();
      await page.goto(`/admin/vendor/products/${id}`);
      const variation = page.getByTestId('variation');
      const price = variation.getByLabel(/^Price/);
      await price.waitFor();

      // Nor is a stock of -3 turned into 0 when the field loses focus: it stays as typed and the
      // rule shows under it.
      const stock = variation.getByLabel(/^Stock/);
      await stock.fill('-3');
      await stock.press('Tab');
      expect(await stock.inputValue()).toBe('-3');
      await variation.getByRole('button', { name: 'Save variation' }).click();
      await variation.getByText('Stock cannot be negative.').waitFor();
      await stock.fill('8');

      // "-1" is never clamped to a free £0.00: the rule shows under the field and nothing is sent.
      await price.fill('-1');
      await variation.getByRole('button', { name: 'Save variation' }).click();
      await variation.getByText('A price must be at least £0.01.').waitFor();
      expect(await price.inputValue()).toBe('-£1.00');
      expect(await storedPrice()).toBe(450);

      // Nor is 1.234 cut or rounded to £1.23 (a two-decimal mask did that to a pasted price): it
      // stays as typed, the rule says why, and nothing is sent (contract: "Prices").
      await price.fill('1.234');
      await variation.getByRole('button', { name: 'Save variation' }).click();
      await variation.getByText('Use pounds and pence: at most two decimal places, e.g. 1.20.').waitFor();
      expect(await price.inputValue()).toBe('£1.234');
      expect(await storedPrice()).toBe(450);
      // Whole pence are written out with their pence when the field is left.
      await price.fill('4.5');
      await price.press('Tab');
      expect(await price.inputValue()).toBe('£4.50');

      // 0.45 for 4.50: asked first; Cancel keeps the old price.
      await price.fill('0.45');
      await variation.getByRole('button', { name: 'Save variation' }).click();
      const ask = page.getByRole('dialog', { name: 'Cut the price this much?' });
      await ask.getByText(/from £4\.50 to £0\.45/).waitFor();
      expect(await seriousA11yViolations(page)).toEqual([]);
      await ask.getByRole('button', { name: 'Cancel' }).click();
      await ask.waitFor({ state: 'hidden' });
      expect(await storedPrice()).toBe(450);

      await variation.getByRole('button', { name: 'Save variation' }).click();
      await page
        .getByRole('dialog', { name: 'Cut the price this much?' })
        .getByRole('button', { name: 'Sell at £0.45' })
        .click();
      await page
        .getByText(/is saved\.$/)
        .first()
        .waitFor();
      expect(await storedPrice()).toBe(45);
      await context.close();
    } finally {
      await api(e2eServer().baseURL, `vendor/products/${id}`, { method: 'DELETE', token });
    }
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
