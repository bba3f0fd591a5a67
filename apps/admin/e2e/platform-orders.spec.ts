import type { ProductCard, ProductList } from '@parade/core/catalog-dto';
import type { AdminDashboard } from '@parade/core/vendor-schemas';
import { seriousA11yViolations } from '@parade/test-support/axe';
import { e2eServer } from '@parade/test-support/e2e-servers';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, saveScreenshot, viewports } from './support/browser';
import { accounts, api, signIn } from './support/staff';

/** Issue 23: the platform admin's orders view over every shop, and a dashboard of orders and sales. */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** The demo customer places a cash collection order at `shop` through the API; its invoice number. */
async function placeAt(shop: string): Promise<string> {
  const baseURL = e2eServer().baseURL;
  const login = await api<{ access_token: string }>(baseURL, 'auth/login', { method: 'POST', body: accounts.customer });
  const list = await api<ProductList>(baseURL, `products?shop=${shop}`);
  const card = list.body.data.products.data.find(
    (c: ProductCard) => c.type === 'Physical' && (c.variation.stock === null || c.variation.stock > 5),
  )!;
  const placed = await api<{ invoice: string }>(baseURL, 'user/order/place', {
    method: 'POST',
    token: login.body.data.access_token,
    body: {
      order_type: 'collection',
      collection_point: 'Jubilee Parade, Commercial Street, London E1 6AN',
      items: [{ variation_id: card.variation.id, quantity: 1 }],
      payment_method: 'cash',
    },
  });
  expect(placed.status, JSON.stringify(placed.body)).toBe(201);
  return placed.body.data.invoice;
}

describe('platform orders', () => {
  it("shows the day's orders and sales on the dashboard, and every shop's orders with filters and each order's history", async () => {
    const invoice = await placeAt('green-barrow');
    await placeAt('rise-and-crumb');
    const { page, context } = await newPage(browser);
    await signIn(page, accounts.admin);
    await page.getByText('Shop requests waiting').waitFor();
    const today = page.getByText('Orders today').locator('..');
    await expect.poll(async () => Number((await today.innerText()).match(/\d+/)?.[0] ?? 0)).toBeGreaterThanOrEqual(2);
    // The five shops with the most sales over 30 days, as the API counts them: the demo's reviewed
    // orders spread over every shop, so which five lead is the data's to say, not this test's.
    const adminLogin = await api<{ access_token: string }>(e2eServer().baseURL, 'auth/login', {
      method: 'POST',
      body: accounts.admin,
    });
    const figures = await api<AdminDashboard>(e2eServer().baseURL, 'admin/dashboard', {
      token: adminLogin.body.data.access_token,
    });
    expect(figures.body.data.top_shops.length).toBeGreaterThan(0);
    for (const { shop } of figures.body.data.top_shops) {
      await page.getByTestId('top-shops').getByRole('link', { name: shop.name, exact: true }).waitFor();
    }
    // The test server's PUBLIC_URL is 127.0.0.1: the dashboard says phones cannot reach its links.
    await page.getByRole('alert').filter({ hasText: "Phones cannot open Parade's links yet" }).waitFor();
    await page.getByRole('table', { name: 'Sales over the last 30 days' }).waitFor({ state: 'attached' });
    expect(await seriousA11yViolations(page)).toEqual([]);
    await saveScreenshot(page, 'platform-dashboard-orders-desktop');

    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Orders' }).click();
    await page.getByRole('heading', { name: 'Orders', level: 1 }).waitFor();
    await page.getByRole('link', { name: invoice }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);

    // One shop's orders only.
    await page.getByRole('combobox', { name: 'Shop' }).click();
    await page.getByRole('option', { name: 'Rise & Crumb Bakery' }).click();
    await page.waitForURL(/shop=\d+/);
    await expect.poll(() => page.getByRole('link', { name: invoice }).count()).toBe(0);
    const shops = await page.locator('tbody tr td:nth-child(3)').allInnerTexts();
    expect(shops.length).toBeGreaterThan(0);
    expect(new Set(shops)).toEqual(new Set(['Rise & Crumb Bakery']));

    // Dates are typed and shown the British way (dd/mm/yyyy), whatever the browser's language.
    const [y, m, d] = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date()).split('-');
    const from = page.getByRole('textbox', { name: 'From' });
    await from.fill(`${d}/${m}/${y}`);
    await from.press('Enter');
    await page.waitForURL(new RegExp(`date_from=${y}-${m}-${d}`));
    await from.blur();
    // The field shows the date from the URL once the list re-renders with it (not at once, under load).
    await expect.poll(() => from.inputValue()).toBe(`${d}/${m}/${y}`);
    await expect.poll(() => page.locator('tbody tr').count()).toBeGreaterThan(0);

    // Search by invoice, across shops, then the order's page with its shop and history.
    await page.goto(`/admin/platform/orders?search=${invoice}`);
    await page.getByRole('link', { name: invoice }).click();
    await page.getByRole('heading', { name: `Order ${invoice}` }).waitFor();
    await page.getByText('Green Barrow Greengrocer · placed').waitFor();
    await page.getByTestId('order-history').getByText('Pending').waitFor();
    await page.getByTestId('handover').getByText('Jubilee Parade, Commercial Street, London E1 6AN').waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await context.close();
  });

  it('fits a 390 px phone', async () => {
    const { page, context } = await newPage(browser, viewports.mobile);
    await signIn(page, accounts.admin);
    await page.getByText('Shop requests waiting').waitFor();
    await page.goto('/admin/platform/orders');
    await page.getByRole('heading', { name: 'Orders', level: 1 }).waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await saveScreenshot(page, 'platform-orders-mobile');
    await context.close();
  });
});
