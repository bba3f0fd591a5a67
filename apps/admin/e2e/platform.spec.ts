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

// No storefront spec uses this shop, and the test makes it active again whatever happens.
const shop = { slug: 'barakah-halal-grocer', name: 'Barakah Halal Grocer' };

const listedShopSlugs = async () => {
  const reply = await api<{ data: { slug: string }[] }>(e2eServer().baseURL, 'shops?per_page=60');
  return reply.body.data.data.map((s) => s.slug);
};

async function adminToken(): Promise<string> {
  const reply = await api<{ access_token: string }>(e2eServer().baseURL, 'auth/login', {
    method: 'POST',
    body: accounts.admin,
  });
  return reply.body.data.access_token;
}

describe('platform admin', () => {
  it('sees the shop requests queue', async () => {
    const { page, context } = await newPage(browser);
    await signIn(page, accounts.admin);
    await page.getByText('Shop requests waiting').waitFor();
    await saveScreenshot(page, 'platform-dashboard-desktop');
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Shop requests' })
      .click();
    await page.getByRole('heading', { name: 'Shop requests', level: 1 }).waitFor();
    await page.getByRole('table', { name: 'Shop requests' }).waitFor();
    await page
      .getByText(/No requests are waiting\.|Accept/)
      .first()
      .waitFor();
    await context.close();
  });

  it('suspends a shop, which disappears from the storefront, and makes it active again', async () => {
    // With motion, as most people see it: the closing dialog holds the focus through its animation.
    const { page, context } = await newPage(browser, viewports.desktop, 'no-preference');
    try {
      expect(await listedShopSlugs()).toContain(shop.slug);
      await signIn(page, accounts.admin);
      await page.getByText('Shop requests waiting').waitFor();
      await page.goto('/admin/platform/shops');
      const row = page.getByRole('row', { name: new RegExp(shop.name) });
      await row.waitFor();
      expect(await seriousA11yViolations(page)).toEqual([]);
      await saveScreenshot(page, 'platform-shops-desktop');

      await row.getByRole('button', { name: `Suspend ${shop.name}` }).click();
      // A destructive action asks first; Cancel changes nothing.
      const dialog = page.getByRole('dialog', { name: `Suspend ${shop.name}?` });
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'detached' });
      expect(await listedShopSlugs()).toContain(shop.slug);

      await row.getByRole('button', { name: `Suspend ${shop.name}` }).click();
      await dialog.getByRole('button', { name: 'Suspend shop' }).click();
      await page.getByText(`${shop.name} is suspended.`).waitFor();
      await row.getByText('SUSPENDED').waitFor();
      // The keyboard user's place is kept: the button that asked (now Activate) has the focus back,
      // though it was disabled while the change ran.
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
        .toBe(`Activate ${shop.name}`);
      expect(await listedShopSlugs()).not.toContain(shop.slug);

      await row.getByRole('button', { name: `Activate ${shop.name}` }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Make active' }).click();
      await row.getByText('ACTIVE').waitFor();
      expect(await listedShopSlugs()).toContain(shop.slug);
    } finally {
      const token = await adminToken();
      const shops = await api<{ data: { id: number; slug: string }[] }>(
        e2eServer().baseURL,
        `admin/shops?search=Barakah`,
        {
          token,
        },
      );
      const id = shops.body.data.data.find((s) => s.slug === shop.slug)?.id;
      if (id)
        await api(e2eServer().baseURL, `admin/shops/${id}`, { method: 'PATCH', token, body: { status: 'active' } });
      await context.close();
    }
  });

  it("tells a suspended shop's shopkeeper on every screen, until it is active again", async () => {
    const token = await adminToken();
    const shops = await api<{ data: { id: number; slug: string }[] }>(e2eServer().baseURL, 'admin/shops?search=Rise', {
      token,
    });
    const id = shops.body.data.data.find((s) => s.slug === 'rise-and-crumb')?.id;
    expect(id).toBeDefined();
    const setStatus = (status: 'active' | 'suspended') =>
      api(e2eServer().baseURL, `admin/shops/${id}`, { method: 'PATCH', token, body: { status } });
    const { page, context } = await newPage(browser);
    try {
      expect((await setStatus('suspended')).status).toBe(200);
      await signIn(page, accounts.otherVendor);
      const notice = page.getByTestId('shop-suspended');
      await notice.getByText('Your shop is suspended').waitFor();
      await notice.getByText('its shop page and products are hidden from the storefront', { exact: false }).waitFor();
      await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Orders' }).click();
      await page.getByRole('heading', { name: 'Orders', level: 1 }).waitFor();
      await notice.waitFor();
      expect(await seriousA11yViolations(page)).toEqual([]);

      expect((await setStatus('active')).status).toBe(200);
      await page.reload();
      await page.getByRole('heading', { name: 'Orders', level: 1 }).waitFor();
      await page.getByTestId('shop-name').waitFor();
      expect(await notice.count()).toBe(0);
    } finally {
      await setStatus('active');
      await context.close();
    }
  });

  it('shows every setting with a typed input, and saves one', async () => {
    const { page, context } = await newPage(browser);
    await signIn(page, accounts.admin);
    await page.getByText('Shop requests waiting').waitFor();
    await page.goto('/admin/platform/settings');
    await page.getByLabel('Site title').waitFor();
    expect(await page.getByRole('switch', { name: /Test mode/ }).isChecked()).toBe(true);
    expect(await page.getByLabel(/^Delivery radius/).inputValue()).toMatch(/miles$/);
    await page.getByLabel('Facebook').fill('not a link');
    // Changes not saved: leaving for another screen asks first, and Cancel stays.
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Dashboard' }).click();
    const ask = page.getByRole('dialog', { name: 'Leave without saving?' });
    await ask.getByRole('button', { name: 'Cancel' }).click();
    await ask.waitFor({ state: 'detached' });
    expect(await page.getByLabel('Facebook').inputValue()).toBe('not a link');
    await page.getByRole('button', { name: 'Save settings' }).click();
    // The error renders after React commits the failed check: wait for it rather than read once.
    await expect.poll(() => page.getByLabel('Facebook').getAttribute('aria-invalid')).toBe('true');
    await page.getByLabel('Facebook').fill('https://www.facebook.com/parade.e1');
    // Meanwhile another admin (or another tab) changes the phone: saving this page's Facebook
    // link must not write its older phone back.
    const token = await adminToken();
    const otherPhone = `020 7946 ${String(Date.now()).slice(-4)}`;
    expect(
      (await api(e2eServer().baseURL, 'admin/settings', { method: 'PUT', token, body: { phone: otherPhone } })).status,
    ).toBe(200);
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.getByText('Settings saved.').waitFor();
    const stored = await api<{ phone: string; facebook_url: string }>(e2eServer().baseURL, 'admin/settings', { token });
    expect(stored.body.data).toMatchObject({ phone: otherPhone, facebook_url: 'https://www.facebook.com/parade.e1' });
    await saveScreenshot(page, 'platform-settings-desktop');
    await context.close();
  });

  it('shows the platform on a phone', async () => {
    const { page, context } = await newPage(browser, viewports.mobile);
    await signIn(page, accounts.admin);
    await page.getByText('Shop requests waiting').waitFor();
    await page.goto('/admin/platform/shops');
    await page.getByRole('row', { name: new RegExp(shop.name) }).waitFor();
    await saveScreenshot(page, 'platform-shops-mobile');
    await context.close();
  });
});
