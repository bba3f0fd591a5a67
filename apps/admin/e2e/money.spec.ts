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
 * Issue 24, first part: a shopkeeper's Money page. A delivered cash order's commission shows in
 * the balance and the ledger, the ledger downloads as CSV, and the month prints as a statement.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const baseURL = () => e2eServer().baseURL;
const tokenOf = (account: { email: string; password: string }) => tokenFor(baseURL(), account);

describe('the Money page', () => {
  it('shows the balance and the ledger, downloads the CSV and prints the month', async () => {
    const { invoice } = await deliveredCashOrderAtTheBakery(baseURL(), 2);
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
