import { VAT_NUMBER_MESSAGE } from '@parade/core/vat';
import { seriousA11yViolations } from '@parade/test-support/axe';
import { e2eServer } from '@parade/test-support/e2e-servers';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, saveScreenshot } from './support/browser';
import { accounts, api, signIn } from './support/staff';

/**
 * VAT in the merchant site (issue 24): the shop's VAT number on its profile, the VAT block on
 * its orders, a new product's VAT rates starting from its category's, and the admin's category
 * rates. The demo greengrocer is not VAT-registered; the spec registers it and always undoes it.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const login = async (account: { email: string; password: string }) =>
  (await api<{ access_token: string }>(e2eServer().baseURL, 'auth/login', { method: 'POST', body: account })).body.data
    .access_token;

/** A cash collection order of one greengrocer line, placed by the demo customer; its invoice number. */
async function greengrocerOrder(): Promise<string> {
  const baseURL = e2eServer().baseURL;
  const token = await login(accounts.customer);
  const cards = await api<{ products: { data: { type: string; variation: { id: number; stock: number | null } }[] } }>(
    baseURL,
    `products?shop=${accounts.vendor.shopSlug}`,
  );
  const card = cards.body.data.products.data.find(
    (c) => c.type === 'Physical' && (c.variation.stock === null || c.variation.stock > 5),
  )!;
  const placed = await api<{ invoice: string }>(baseURL, 'user/order/place', {
    method: 'POST',
    token,
    body: {
      order_type: 'collection',
      collection_point: 'Jubilee Parade, Commercial Street, London E1 6AN',
      items: [{ variation_id: card.variation.id, quantity: 2 }],
      payment_method: 'cash',
    },
  });
  expect(placed.status, JSON.stringify(placed.body)).toBe(201);
  return placed.body.data.invoice;
}

describe('VAT in the merchant site', () => {
  it("sets the shop's VAT number (a wrong one refused under the field) and shows VAT on its new orders", async () => {
    const { page, context } = await newPage(browser);
    try {
      await signIn(page, accounts.vendor);
      await page.getByText('Orders today').waitFor();
      await page.goto('/admin/vendor/shop');
      const field = page.getByLabel(/^VAT number/);
      await field.fill('GB 1234');
      await page.getByRole('button', { name: 'Save shop profile' }).click();
      await page.getByText(VAT_NUMBER_MESSAGE).waitFor();
      expect(await field.getAttribute('aria-invalid')).toBe('true');
      // The API holds the same rule for any client.
      const refused = await api(e2eServer().baseURL, 'vendor/shop', {
        method: 'PUT',
        token: await login(accounts.vendor),
        body: { vat_number: '123456789' },
      });
      expect(refused.status).toBe(422);
      expect((refused.body as unknown as { errors: Record<string, string[]> }).errors.vat_number).toEqual([
        VAT_NUMBER_MESSAGE,
      ]);

      await field.fill('gb999 0004 04');
      await page.getByRole('button', { name: 'Save shop profile' }).click();
      await page.getByText('Shop profile saved.').waitFor();
      // Kept, and shown back, in the one spelling invoices print.
      await expect.poll(() => field.inputValue()).toBe('GB999000404');
      expect(await seriousA11yViolations(page)).toEqual([]);
      await saveScreenshot(page, 'vendor-shop-vat-desktop');

      // An order placed now carries the number: its page shows the VAT in it (fruit and veg, 0 %).
      const invoice = await greengrocerOrder();
      await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Orders' }).click();
      await page.getByRole('searchbox', { name: 'Search' }).fill(invoice);
      await page.getByRole('link', { name: invoice }).click();
      await page.getByRole('heading', { name: `Order ${invoice}` }).waitFor();
      const block = page.getByRole('group', { name: 'VAT included' });
      await block.waitFor();
      expect(await block.innerText()).toMatch(/VAT at 0%\s+£0\.00[\s\S]*VAT number: GB999000404/);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await saveScreenshot(page, 'vendor-order-vat-desktop');

      // Emptied: not VAT-registered again; the order placed meanwhile keeps its number.
      await page.goto('/admin/vendor/shop');
      await field.fill('');
      await page.getByRole('button', { name: 'Save shop profile' }).click();
      await page.getByText('Shop profile saved.').waitFor();
      const shop = await api<{ shop: { vat_number: string | null } }>(e2eServer().baseURL, 'vendor/shop', {
        token: await login(accounts.vendor),
      });
      expect(shop.body.data.shop.vat_number).toBeNull();
      await page.goBack();
      await page.getByRole('heading', { name: `Order ${invoice}` }).waitFor();
      expect(await page.getByRole('group', { name: 'VAT included' }).innerText()).toContain('GB999000404');
    } finally {
      await api(e2eServer().baseURL, 'vendor/shop', {
        method: 'PUT',
        token: await login(accounts.vendor),
        body: { vat_number: null },
      });
      await context.close();
    }
  });

  it("starts a new product's variations at its category's VAT rate, and keeps a rate picked by hand", async () => {
    const { page, context } = await newPage(browser);
    const name = `VAT Test Hamper ${Date.now()}`;
    let productId: number | undefined;
    try {
      await signIn(page, accounts.vendor);
      await page.getByText('Orders today').waitFor();
      await page.goto('/admin/vendor/products/new');
      await page.getByRole('heading', { name: 'New product', level: 1 }).waitFor();
      const vatRates = page.getByRole('combobox', { name: 'VAT rate' });
      // No category yet: the standard rate.
      await expect.poll(() => vatRates.first().inputValue()).toBe('20% (standard)');

      const pick = async (label: string, option: string) => {
        await page.getByRole('combobox', { name: label, exact: true }).click();
        await page.getByRole('option', { name: option, exact: true }).click();
      };
      await pick('Category', 'Fruit & Veg');
      await expect.poll(() => vatRates.first().inputValue()).toBe('0% (zero-rated: most food, books)');
      await pick('VAT rate', '5% (reduced)');
      await page.getByRole('button', { name: 'Add another variation' }).click();
      await expect.poll(() => vatRates.nth(1).inputValue()).toBe('0% (zero-rated: most food, books)');
      // A new category: the variation left as it was follows it, the one picked by hand stays.
      await pick('Category', 'Household & Hardware');
      await expect.poll(() => vatRates.nth(1).inputValue()).toBe('20% (standard)');
      expect(await vatRates.first().inputValue()).toBe('5% (reduced)');
      expect(await seriousA11yViolations(page)).toEqual([]);
      await saveScreenshot(page, 'vendor-product-vat-desktop');

      await page.getByLabel(/^Product name/).fill(name);
      await page
        .getByLabel(/^Variation name/)
        .first()
        .fill('Small');
      await page
        .getByLabel(/^Price/)
        .first()
        .fill('12.00');
      await page
        .getByLabel(/^Variation name/)
        .nth(1)
        .fill('Large');
      await page
        .getByLabel(/^Price/)
        .nth(1)
        .fill('20.00');
      await page.getByRole('button', { name: 'Save product' }).click();
      await page.getByRole('heading', { name, level: 1 }).waitFor();

      const token = await login(accounts.vendor);
      const found = await api<{ data: { id: number; name: string; variations: { vat_rate: number }[] }[] }>(
        e2eServer().baseURL,
        `vendor/products?search=${encodeURIComponent(name)}`,
        { token },
      );
      const product = found.body.data.data.find((p) => p.name === name)!;
      productId = product.id;
      expect(product.variations.map((v) => v.vat_rate)).toEqual([5, 20]);
      // The saved variations show their rates in their own forms.
      await expect.poll(() => vatRates.nth(0).inputValue()).toBe('5% (reduced)');
      expect(await vatRates.nth(1).inputValue()).toBe('20% (standard)');
    } finally {
      if (productId !== undefined)
        await api(e2eServer().baseURL, `vendor/products/${productId}`, {
          method: 'DELETE',
          token: await login(accounts.vendor),
        });
      await context.close();
    }
  });

  it("shows each category's VAT rate to the admin, and the rate in its form", async () => {
    const { page, context } = await newPage(browser);
    await signIn(page, accounts.admin);
    // Signed in only once the dashboard shows: going elsewhere sooner lands on the sign-in page.
    await page.getByText('Shop requests waiting').waitFor();
    await page.goto('/admin/platform/content');
    await page.getByText('Fruit & Veg').first().waitFor();
    const row = page.getByRole('row', { name: /Fruit & Veg/ });
    await row.getByText('0%', { exact: true }).waitFor();
    await page
      .getByRole('row', { name: /Household & Hardware/ })
      .getByText('20%', { exact: true })
      .waitFor();
    await row.getByRole('button', { name: 'Edit Fruit & Veg' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Fruit & Veg' });
    expect(await dialog.getByRole('combobox', { name: 'VAT rate' }).inputValue()).toBe(
      '0% (zero-rated: most food, books)',
    );
    await dialog.getByText('Changing it does not change variations already made.', { exact: false }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await saveScreenshot(page, 'admin-category-vat-desktop');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await context.close();
  });
});
