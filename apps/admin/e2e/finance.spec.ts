import type { FinanceReport } from '@parade/core/finance-schemas';
import { formatMoney } from '@parade/core/money';
import type { VendorBalance } from '@parade/core/money-schemas';
import { seriousA11yViolations } from '@parade/test-support/axe';
import { e2eServer } from '@parade/test-support/e2e-servers';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, saveScreenshot, viewports } from './support/browser';
import { deliveredCashOrderAtTheBakery, tokenOf as tokenFor } from './support/orders';
import { accounts, api, signIn } from './support/staff';

/**
 * Issue 24, "Admin finance": the platform admin's Finance page shows what the API adds up, per
 * day and per shop, with the payouts due, and downloads it as CSV.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const baseURL = () => e2eServer().baseURL;
const tokenOf = (account: { email: string; password: string }) => tokenFor(baseURL(), account);

describe('the Finance page', () => {
  it('shows the figures per day and per shop as the API adds them up, and downloads them', async () => {
    await deliveredCashOrderAtTheBakery(baseURL());
    const admin = await tokenOf(accounts.admin);
    const { page, context } = await newPage(browser);
    await signIn(page, accounts.admin);
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Finance' }).click();
    await page.getByRole('heading', { name: 'Finance', level: 1 }).waitFor();
    const byDay = (await api<FinanceReport>(baseURL(), 'admin/finance', { token: admin })).body.data;
    const today = byDay.rows.at(-1)!;
    expect(today.gross_sales).toBeGreaterThan(0);
    // The stat card (the table's header says it too, further down).
    const gross = page.getByText('Gross sales', { exact: true }).first().locator('..');
    await expect.poll(async () => (await gross.textContent()) ?? '').toContain(formatMoney(byDay.totals.gross_sales));
    const table = page.getByRole('table', { name: 'Figures per day' });
    await table
      .getByRole('row')
      .filter({ hasText: formatMoney(today.gross_sales) })
      .first()
      .waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await saveScreenshot(page, 'admin-finance-by-day');

    // Per shop: the bakery's row, with its balance now; the choice is kept in the address.
    await page.getByText('By shop', { exact: true }).click();
    await page.waitForURL(/group=shop/);
    const byShop = (await api<FinanceReport>(baseURL(), 'admin/finance?group=shop', { token: admin })).body.data;
    const bakery = byShop.rows.find((row) => row.label === 'Rise & Crumb Bakery')!;
    expect(bakery.orders).toBeGreaterThan(0);
    const bakeryRow = page
      .getByRole('table', { name: 'Figures per shop' })
      .getByRole('row', { name: /Rise & Crumb Bakery/ });
    await expect.poll(async () => (await bakeryRow.textContent()) ?? '').toContain(formatMoney(bakery.gross_sales));
    expect(await bakeryRow.textContent()).toContain(formatMoney(bakery.pending ?? 0));
    // The "Available now" total says what it is: what is due to the shops owed, not the column's sum.
    expect(await page.getByTestId('payouts-due').textContent()).toBe(`Due ${formatMoney(byShop.payouts_due)}`);
    await saveScreenshot(page, 'admin-finance-by-shop');

    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download CSV' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`parade-finance-by-shop-${byShop.date_from}-to-${byShop.date_to}.csv`);
    const csv = await new Response((await download.createReadStream()) as unknown as ReadableStream).text();
    expect(csv.split('\r\n')[0]).toMatch(/^Shop,Orders,Gross sales \(GBP\)/);
    expect(csv).toContain(`Rise & Crumb Bakery,${bakery.orders},${(bakery.gross_sales / 100).toFixed(2)},`);

    // A range typed the British way narrows the report to it.
    const from = page.getByRole('textbox', { name: 'From' });
    await from.fill('01/10/2026');
    await from.press('Enter');
    await page.waitForURL(/date_from=2026-10-01/);
    await page.getByText(/^1 Oct 2026 to /).waitFor();

    // A date that does not exist is said to be none, not silently put back.
    const to = page.getByRole('textbox', { name: 'To' });
    await to.fill('31/02/2026');
    await to.press('Tab');
    await page.getByText('There is no 31/02/2026: check the day and the month.').waitFor();
    await to.fill('2026-02-10');
    await to.press('Tab');
    await page.getByText('Type the date as dd/mm/yyyy.').waitFor();

    // A range the API refuses is said under its date, not as a page that failed to load.
    await page.goto('/admin/platform/finance?date_from=2026-11-20&date_to=2026-11-10');
    await page.getByText('The start date must be on or before the end date.').waitFor();
    await page.getByText('Change the dates to see the report.').waitFor();
    expect(await page.getByRole('button', { name: 'Try again' }).count()).toBe(0);
    await context.close();
  });

  it("sets a shop's own commission rate and corrects its balance from the Shops page", async () => {
    const admin = await tokenOf(accounts.admin);
    const shops = await api<{ data: { id: number; name: string }[] }>(baseURL(), 'admin/shops?search=Stepney', {
      token: admin,
    });
    const deli = shops.body.data.data.find((shop) => shop.name === 'The Stepney Deli')!;
    const before = (await api<VendorBalance>(baseURL(), `admin/shops/${deli.id}/balance`, { token: admin })).body.data;
    const { page, context } = await newPage(browser);
    await signIn(page, accounts.admin);
    await page.waitForURL(/\/admin\/platform$/);
    await page.goto('/admin/platform/shops?search=Stepney');
    await page.getByRole('button', { name: 'Money of The Stepney Deli' }).click();
    const dialog = page.getByRole('dialog', { name: 'The Stepney Deli: money' });
    await dialog.getByText('Charged now: 10% (the platform’s rate)', { exact: false }).waitFor();

    await dialog.getByLabel('Give this shop its own rate').check();
    // 150 % is not turned into 100 % behind the admin's back: it stays as typed, the rule says why.
    const rate = dialog.getByRole('textbox', { name: 'Commission rate' });
    await rate.fill('150');
    await rate.press('Tab');
    expect(await rate.inputValue()).toBe('150%');
    await dialog.getByRole('button', { name: 'Save rate' }).click();
    await dialog.getByText('At most 100%.').waitFor();
    // Nor does a decimal point typed key by key vanish (7.5 was saved as 75 %).
    await rate.fill('');
    await rate.pressSequentially('7.5');
    await rate.press('Tab');
    expect(await rate.inputValue()).toBe('7.5%');
    await dialog.getByRole('button', { name: 'Save rate' }).click();
    await dialog.getByText('A whole percent.').waitFor();
    await rate.fill('12');
    await dialog.getByRole('button', { name: 'Save rate' }).click();
    await dialog.getByText('Charged now: 12% (this shop’s own rate)', { exact: false }).waitFor();
    const commission = await api<{ commission_rate: number | null }>(baseURL(), `admin/shops/${deli.id}/commission`, {
      token: admin,
    });
    expect(commission.body.data.commission_rate).toBe(12);
    // Back to the platform's rate, so the deli's other orders in this run are charged as usual.
    await dialog.getByLabel('Give this shop its own rate').uncheck();
    await dialog.getByRole('button', { name: 'Save rate' }).click();
    await dialog.getByText('Charged now: 10% (the platform’s rate)', { exact: false }).waitFor();

    // A correction needs a reason, and is asked for once more before it is recorded.
    await dialog.getByRole('textbox', { name: 'Amount' }).fill('5');
    await dialog.getByRole('button', { name: 'Record adjustment' }).click();
    await dialog.getByText('Say why, in a few words.').waitFor();
    await dialog.getByRole('textbox', { name: 'Reason' }).fill('Refund of a tray the shop lent to a market stall');
    await dialog.getByRole('button', { name: 'Record adjustment' }).click();
    await page
      .getByRole('dialog', { name: 'Add £5.00 to The Stepney Deli?' })
      .getByRole('button', { name: 'Record adjustment' })
      .click();
    const available = dialog.getByText('Available', { exact: true }).locator('..');
    await expect.poll(async () => (await available.textContent()) ?? '').toContain(formatMoney(before.available + 500));
    expect(await seriousA11yViolations(page)).toEqual([]);
    await saveScreenshot(page, 'admin-shop-money');
    await context.close();
  });

  it('fits a phone', async () => {
    const { page, context } = await newPage(browser, viewports.mobile);
    await signIn(page, accounts.admin);
    await page.waitForURL(/\/admin\/platform$/);
    await page.goto('/admin/platform/finance');
    await page.getByRole('heading', { name: 'Finance', level: 1 }).waitFor();
    await page.getByRole('table', { name: 'Figures per day' }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await saveScreenshot(page, 'admin-finance-mobile');
    await context.close();
  });
});
