import { seriousA11yViolations } from '@parade/test-support/axe';
import { e2eServer } from '@parade/test-support/e2e-servers';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage } from './support/browser';
import { accounts, api, signIn } from './support/staff';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

async function vendorToken(): Promise<string> {
  const reply = await api<{ access_token: string }>(e2eServer().baseURL, 'auth/login', {
    method: 'POST',
    body: accounts.vendor,
  });
  return reply.body.data.access_token;
}

describe('vendor coupons and shop profile', () => {
  it('creates a coupon (checked with core rules first), edits it and deletes it after confirming', async () => {
    const code = `SPRING${Date.now() % 100000}`;
    const { page, context } = await newPage(browser);
    await signIn(page, accounts.vendor);
    await page.getByText('Orders today').waitFor();
    await page.goto('/admin/vendor/coupons');
    await page.getByRole('button', { name: 'New coupon' }).click();
    const dialog = page.getByRole('dialog', { name: 'New coupon' });
    await dialog.getByLabel(/^Code/).fill(code.toLowerCase());
    await dialog.getByLabel(/^Discount \(%\)/).fill('150');
    await dialog.getByRole('button', { name: 'Save coupon' }).click();
    await dialog.getByText('A percent coupon is at most 100.').waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);

    await dialog.getByLabel(/^Discount \(%\)/).fill('15');
    // A minimum spend of £20.555 is neither cut to £20.55 nor rounded: it is refused as typed.
    const minSpend = dialog.getByLabel(/^Minimum spend/);
    await minSpend.fill('20.555');
    await dialog.getByRole('button', { name: 'Save coupon' }).click();
    await dialog.getByText('Use pounds and pence: at most two decimal places, e.g. 1.20.').waitFor();
    expect(await minSpend.inputValue()).toBe('£20.555');
    await minSpend.fill('');
    await dialog.getByRole('button', { name: 'Save coupon' }).click();
    await page.getByText(`Coupon ${code} is saved.`).waitFor();
    const row = page.getByRole('row', { name: new RegExp(code) });
    await row.getByText('15% off').waitFor();

    await row.getByRole('button', { name: `Edit ${code}` }).click();
    await page
      .getByRole('dialog', { name: `Edit coupon ${code}` })
      .getByLabel(/^Uses in total/)
      .fill('50');
    await page.getByRole('button', { name: 'Save coupon' }).click();
    await row.getByText('0 of 50').waitFor();

    // Restricted to one product of the shop: what the API and the cart honour as product_ids.
    await row.getByRole('button', { name: `Edit ${code}` }).click();
    const edit = page.getByRole('dialog', { name: `Edit coupon ${code}` });
    await edit.getByLabel('Only for these products').click();
    const option = page.getByRole('option').first();
    const productName = (await option.innerText()).trim();
    await option.click();
    // The pick counts once its pill shows (a click landing while the list still animates open
    // picked nothing once, ci28); only then does leaving the picker close its list, which
    // covers the form's buttons.
    await edit.locator('.mantine-Pill-label', { hasText: productName }).waitFor();
    await page.keyboard.press('Tab');
    await page.getByRole('listbox').waitFor({ state: 'hidden' });
    await edit.getByRole('button', { name: 'Save coupon' }).click();
    await page.getByText(`Coupon ${code} is saved.`).first().waitFor();
    const token = await vendorToken();
    const saved = await api<{ data: { code: string; product_ids: number[] }[] }>(
      e2eServer().baseURL,
      `vendor/coupons?search=${code}`,
      { token },
    );
    const products = await api<{ data: { id: number; name: string }[] }>(
      e2eServer().baseURL,
      `vendor/products?search=${encodeURIComponent(productName)}`,
      { token },
    );
    const productId = products.body.data.data.find((p) => p.name === productName)?.id;
    expect(saved.body.data.data.find((c) => c.code === code)?.product_ids).toEqual([productId]);

    await row.getByRole('button', { name: `Delete ${code}` }).click();
    await page
      .getByRole('dialog', { name: `Delete coupon ${code}?` })
      .getByRole('button', { name: 'Delete coupon' })
      .click();
    await page.getByText(`Coupon ${code} is deleted.`).waitFor();
    await row.waitFor({ state: 'detached' });
    await context.close();
  });

  it('turns holiday mode on with a message and off again', async () => {
    const { page, context } = await newPage(browser);
    try {
      await signIn(page, accounts.vendor);
      await page.getByText('Orders today').waitFor();
      await page.goto('/admin/vendor/shop');
      await page.getByRole('switch', { name: /On holiday/ }).check();
      await page.getByLabel('Message for shoppers').fill('Back on Monday.');
      await page.getByLabel(/^Points per pound/).fill('');
      await page.getByRole('button', { name: 'Save shop profile' }).click();
      // Core's rule for the field, under the field, focused.
      await page.getByText('Enter a whole number from 0 to 100.').waitFor();
      await page.getByLabel(/^Points per pound/).fill('1');
      await page.getByRole('button', { name: 'Save shop profile' }).click();
      await page.getByText('Saved. Your shop is on holiday: it takes no new orders.').waitFor();

      await page.getByRole('switch', { name: /On holiday/ }).uncheck();
      await page.getByRole('button', { name: 'Save shop profile' }).click();
      await page.getByText('Shop profile saved.').waitFor();
    } finally {
      await api(e2eServer().baseURL, 'vendor/shop', {
        method: 'PUT',
        token: await vendorToken(),
        body: { holiday_mode: false, holiday_message: null, points_per_pound: 1 },
      });
      await context.close();
    }
  });

  it('asks before leaving the shop profile with changes not saved, and keeps them on Stay', async () => {
    const { page, context } = await newPage(browser);
    try {
      await signIn(page, accounts.vendor);
      await page.getByText('Orders today').waitFor();
      await page.goto('/admin/vendor/shop');
      const tagline = page.getByLabel(/^Tagline/);
      await tagline.fill('Fresh every morning, since 1987');
      const nav = page.getByRole('navigation', { name: 'Main navigation' });
      await nav.getByRole('link', { name: 'Orders' }).click();
      const ask = page.getByRole('dialog', { name: 'Leave without saving?' });
      await ask.getByRole('button', { name: 'Cancel' }).click();
      await ask.waitFor({ state: 'detached' });
      expect(new URL(page.url()).pathname).toBe('/admin/vendor/shop');
      expect(await tagline.inputValue()).toBe('Fresh every morning, since 1987');
      await nav.getByRole('link', { name: 'Orders' }).click();
      await page
        .getByRole('dialog', { name: 'Leave without saving?' })
        .getByRole('button', { name: 'Leave without saving' })
        .click();
      await page.waitForURL((url) => url.pathname === '/admin/vendor/orders');
      // The address changes before React has drawn the new page; wait for what the shopkeeper sees.
      await page.getByRole('heading', { name: 'Orders', level: 1 }).waitFor();
      // Nothing was saved; and an unchanged form lets the shopkeeper go without a question.
      await nav.getByRole('link', { name: 'Shop profile' }).click();
      await page.getByRole('button', { name: 'Save shop profile' }).waitFor();
      expect(await page.getByLabel(/^Tagline/).inputValue()).not.toBe('Fresh every morning, since 1987');
      await nav.getByRole('link', { name: 'Orders' }).click();
      await page.waitForURL((url) => url.pathname === '/admin/vendor/orders');
    } finally {
      await context.close();
    }
  });
});
