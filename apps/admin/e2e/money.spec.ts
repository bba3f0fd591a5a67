import type { ProductCard, ProductList } from '@parade/core/catalog-dto';
import { formatMoney } from '@parade/core/money';
import type { VendorBalance } from '@parade/core/money-schemas';
import { seriousA11yViolations } from '@parade/test-support/axe';
import { e2eServer } from '@parade/test-support/e2e-servers';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, saveScreenshot, viewports } from './support/browser';
import { accounts, api, signIn } from './support/staff';

/**
 * Issue 24, first part: a shopkeeper's Money page. A delivered cash order's commission shows in
 * the balance and the ledger, the ledger downloads as CSV, and the month prints as a statement.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const baseURL = () => e2eServer().baseURL;
const tokenOf = async (account: { email: string; password: string }) =>
  (await api<{ access_token: string }>(baseURL(), 'auth/login', { method: 'POST', body: account })).body.data
    .access_token;

/** The demo customer buys one line at the bakery by cash; the bakery delivers it. */
async function deliveredCashOrder(): Promise<{ invoice: string; orderId: number }> {
  const customer = await tokenOf(accounts.customer);
  const list = await api<ProductList>(baseURL(), 'products?shop=rise-and-crumb');
  const card = list.body.data.products.data.find(
    (c: ProductCard) => c.type === 'Physical' && (c.variation.stock === null || c.variation.stock > 5),
  )!;
  const settings = await api<unknown>(baseURL(), 'app/setting');
  const points = JSON.parse(
    (settings.body as unknown as { settings: { collection_locations: string } }).settings.collection_locations,
  ) as { value: string }[];
  const placed = await api<{ invoice: string; orders: { id: number }[] }>(baseURL(), 'user/order/place', {
    method: 'POST',
    token: customer,
    body: {
      order_type: 'collection',
      collection_point: points[0]!.value,
      items: [{ variation_id: card.variation.id, quantity: 2 }],
      payment_method: 'cash',
    },
  });
  expect(placed.status, JSON.stringify(placed.body)).toBe(201);
  const orderId = placed.body.data.orders[0]!.id;
  const vendor = await tokenOf(accounts.otherVendor);
  for (const status of ['processing', 'ready', 'delivered']) {
    const moved = await api(baseURL(), `vendor/orders/${orderId}/status`, {
      method: 'PATCH',
      token: vendor,
      body: { status },
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
  }
  return { invoice: placed.body.data.invoice, orderId };
}

describe('the Money page', () => {
  it('shows the balance and the ledger, downloads the CSV and prints the month', async () => {
    const { invoice } = await deliveredCashOrder();
    const balance = (
      await api<VendorBalance>(baseURL(), 'vendor/balance', { token: await tokenOf(accounts.otherVendor) })
    ).body.data;
    expect(balance.pending).toBeLessThan(0);

    const { page, context } = await newPage(browser);
    await signIn(page, accounts.otherVendor);
    await page.getByText('Orders today').waitFor();
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Money' }).click();
    await page.getByRole('heading', { name: 'Money', level: 1 }).waitFor();
    const pending = page.getByText('Pending', { exact: true }).locator('..');
    await expect.poll(async () => (await pending.textContent()) ?? '').toContain(formatMoney(balance.pending));
    const row = page.getByRole('row', { name: new RegExp(invoice) });
    await row.getByText('Commission').waitFor();
    await row.getByRole('link', { name: invoice }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await saveScreenshot(page, 'vendor-money-desktop');

    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download CSV' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('parade-ledger.csv');
    const csv = await new Response((await download.createReadStream()) as unknown as ReadableStream).text();
    expect(csv.split('\r\n')[0]).toBe('Date,Kind,Amount (GBP),Invoice,Order,Note,Available from');
    expect(csv).toContain(`,commission,-`);
    expect(csv).toContain(`,${invoice},`);

    await page.getByRole('link', { name: 'Open statement' }).click();
    const statement = page.getByTestId('statement');
    await statement.getByRole('heading', { name: /^Statement for [A-Z][a-z]+ \d{4}$/ }).waitFor();
    await statement.getByRole('cell', { name: invoice }).first().waitFor();
    await page.getByRole('button', { name: 'Print' }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    // On paper: the statement alone.
    await page.emulateMedia({ media: 'print' });
    expect(await page.getByRole('button', { name: 'Print' }).isVisible()).toBe(false);
    expect(await page.getByRole('navigation', { name: 'Main navigation' }).isVisible()).toBe(false);
    await page.emulateMedia({ media: 'screen' });
    await saveScreenshot(page, 'vendor-statement-desktop');
    await context.close();
  });

  it('fits a phone', async () => {
    const { page, context } = await newPage(browser, viewports.mobile);
    await signIn(page, accounts.otherVendor);
    await page.getByText('Orders today').waitFor();
    await page.goto('/admin/vendor/money');
    await page.getByRole('heading', { name: 'Money', level: 1 }).waitFor();
    await page.getByRole('table', { name: 'Ledger entries' }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await saveScreenshot(page, 'vendor-money-mobile');
    await context.close();
  });
});
