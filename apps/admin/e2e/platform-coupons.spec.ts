import type { PlatformCoupon } from '@parade/core/admin-schemas';
import { seriousA11yViolations } from '@parade/test-support/axe';
import { e2eServer } from '@parade/test-support/e2e-servers';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, saveScreenshot, viewports } from './support/browser';
import { accounts, api, signIn } from './support/staff';

/**
 * Issue 23: the admin makes platform coupons (good at any shop, paid for by Parade) and shows one
 * on a deal; a deal's code must be one a coupon can honour.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe('platform coupons', () => {
  it('creates a platform coupon for a sub-category and advertises it on a new deal', async () => {
    const code = `PARADE${Date.now() % 100000}`;
    const { page, context } = await newPage(browser);
    await signIn(page, accounts.admin);
    await page.getByText('Shop requests waiting').waitFor();
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Platform coupons' })
      .click();
    await page.getByRole('heading', { name: 'Platform coupons', level: 1 }).waitFor();
    // The demo's FRESH10 names its categories in words.
    await page
      .getByRole('row', { name: /FRESH10/ })
      .getByText('Fruit & Veg, Bread (Bakery)')
      .waitFor();

    await page.getByRole('button', { name: 'New coupon' }).click();
    const dialog = page.getByRole('dialog', { name: 'New platform coupon' });
    await dialog.getByLabel(/^Code/).fill(code.toLowerCase());
    await dialog.getByLabel(/^Discount \(%\)/).fill('15');
    await dialog.getByLabel('Or these sub-categories').click();
    await page.getByRole('option', { name: 'Cheese (Dairy & Eggs)' }).click();
    await page.keyboard.press('Tab');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Save coupon' }).click();
    await page.getByText(`Coupon ${code} is saved.`).first().waitFor();
    const row = page.getByRole('row', { name: new RegExp(code) });
    await row.getByText('Cheese (Dairy & Eggs)').waitFor();
    await row.getByText('15% off').waitFor();
    await saveScreenshot(page, 'platform-coupons-desktop');

    const token = (
      await api<{ access_token: string }>(e2eServer().baseURL, 'auth/login', { method: 'POST', body: accounts.admin })
    ).body.data.access_token;
    const saved = await api<{ data: PlatformCoupon[] }>(e2eServer().baseURL, `admin/coupons?search=${code}`, {
      token,
    });
    expect(saved.body.data.data).toHaveLength(1);
    expect(saved.body.data.data[0]).toMatchObject({ code, value: 15, category_ids: [] });
    expect(saved.body.data.data[0]!.sub_category_ids).toHaveLength(1);

    // A deal may show only a code a coupon honours.
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'UBM deals' }).click();
    await page.getByRole('button', { name: 'New deal' }).click();
    const deal = page.getByRole('dialog', { name: 'New deal' });
    await deal.getByLabel(/^Title/).fill(`Cheese week ${code}`);
    await deal.getByLabel(/^Description/).fill('Fifteen per cent off cheese at any shop on the parade.');
    await deal.getByLabel(/^Coupon code/).fill('NO-SUCH-CODE');
    await deal.getByRole('button', { name: /^Save/ }).click();
    // Said in the form's alert and under the field, which is marked invalid.
    await deal.getByText('No platform coupon has this code.').first().waitFor();
    expect(await deal.getByLabel(/^Coupon code/).getAttribute('aria-invalid')).toBe('true');
    await deal.getByLabel(/^Coupon code/).fill(code.toLowerCase());
    await deal.getByRole('button', { name: /^Save/ }).click();
    await page
      .getByRole('row', { name: new RegExp(`Cheese week ${code}`) })
      .getByText(`Code ${code}`, { exact: true })
      .waitFor();
    await context.close();
  });

  it('fits a phone', async () => {
    const { page, context } = await newPage(browser, viewports.mobile);
    await signIn(page, accounts.admin);
    await page.getByText('Shop requests waiting').waitFor();
    await page.goto('/admin/platform/coupons');
    await page.getByRole('row', { name: /FRESH10/ }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await saveScreenshot(page, 'platform-coupons-mobile');
    await context.close();
  });
});
