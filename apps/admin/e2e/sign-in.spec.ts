import { seriousA11yViolations } from '@parade/test-support/axe';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, saveScreenshot, viewports } from './support/browser';
import { accounts, signIn } from './support/staff';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe('merchant and admin sign-in', () => {
  it('shows the sign-in form at /admin/ with no serious accessibility problems', async () => {
    for (const [name, viewport] of Object.entries(viewports)) {
      const { page, context } = await newPage(browser, viewport);
      const warnings: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'warning' || message.type() === 'error') warnings.push(message.text());
      });
      await page.goto('/admin/');
      await page.getByRole('heading', { name: 'Parade Merchant' }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/admin/sign-in');
      // The router warned of the redirecting index route and of no fallback while loading.
      expect(warnings).toEqual([]);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await saveScreenshot(page, `sign-in-${name}`);
      await context.close();
    }
  });

  it('refuses a customer with a clear message, revokes their token and stores none', async () => {
    const { page, context } = await newPage(browser);
    const logouts: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/auth/logout')) logouts.push(request.headers().authorization ?? '');
    });
    await signIn(page, accounts.customer);
    await page.getByRole('alert').getByText('Customers sign in on the storefront').waitFor();
    expect(new URL(page.url()).pathname).toBe('/admin/sign-in');
    expect(logouts).toHaveLength(1);
    expect(logouts[0]).toMatch(/^Bearer .+/);
    expect(await page.evaluate(() => ({ ...localStorage }))).toEqual({});
    await context.close();
  });

  it('shows the server message for a wrong password', async () => {
    const { page, context } = await newPage(browser);
    await signIn(page, { email: accounts.vendor.email, password: 'not-the-password' });
    await page.getByRole('alert').getByText('These credentials do not match our records.').waitFor();
    // Said once, in the alert, not again under the e-mail field (which is marked invalid).
    expect(await page.getByText('These credentials do not match our records.').count()).toBe(1);
    await context.close();
  });

  it('lands a vendor on their dashboard with the shop name, and signs out', async () => {
    const { page, context } = await newPage(browser);
    await signIn(page, accounts.vendor);
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/admin/vendor');
    await expect.poll(() => page.getByTestId('shop-name').textContent()).toBe('Green Barrow Greengrocer');
    await page.getByText('Orders today').waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await saveScreenshot(page, 'vendor-dashboard-desktop');

    // A vendor who opens a platform link stays in their own area.
    await page.goto('/admin/platform/shops');
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/admin/vendor');

    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('parade.admin.token'))).toBeNull();
    await context.close();
  });

  it('follows a redirect inside the merchant site, and ignores one that would leave it', async () => {
    const { page, context } = await newPage(browser);
    // A tab or a line break, which browsers drop from a URL, would turn "/\t/x" into "//x".
    for (const sneaky of ['/%09/example.invalid', '/%0a/example.invalid', 'https%3A%2F%2Fevil.example%2F']) {
      await page.goto(`/admin/sign-in?redirect=${sneaky}`);
      await page.getByLabel('E-mail').fill(accounts.vendor.email);
      await page.getByLabel(/^Password/).fill(accounts.vendor.password);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
      expect(new URL(page.url()).pathname, sneaky).toBe('/admin/vendor');
      await page.getByRole('button', { name: 'Sign out' }).click();
      await page.getByRole('button', { name: 'Sign in' }).waitFor();
    }
    await page.goto('/admin/sign-in?redirect=%2Fvendor%2Forders');
    await page.getByLabel('E-mail').fill(accounts.vendor.email);
    await page.getByLabel(/^Password/).fill(accounts.vendor.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/admin\/vendor\/orders$/);
    await context.close();
  });

  it('opens a screen whose code failed to arrive the first time (issue 22: a shed script broke the page editor)', async () => {
    const { page, context } = await newPage(browser);
    let asked = 0;
    await page.route(/\/admin\/assets\/page-edit-[^/]+\.js$/, (route) => {
      asked += 1;
      // The first request is answered as a server shedding load would; the second goes through.
      if (asked === 1) return route.fulfill({ status: 503, contentType: 'application/json', body: '{}' });
      return route.continue();
    });
    await signIn(page, accounts.admin);
    await page.getByText('Shop requests waiting').waitFor();
    await page.goto('/admin/platform/pages/new');
    await page.getByRole('heading', { name: 'New page', level: 1 }).waitFor();
    expect(asked).toBe(2);
    expect(await page.getByText('Something went wrong').count()).toBe(0);
    await context.close();
  });

  it('shows the vendor dashboard on a phone with the navigation behind the burger', async () => {
    const { page, context } = await newPage(browser, viewports.mobile);
    await signIn(page, accounts.vendor);
    await page.getByText('Orders today').waitFor();
    await saveScreenshot(page, 'vendor-dashboard-mobile');
    await page.getByRole('button', { name: 'Open navigation' }).click();
    await page.getByRole('link', { name: 'Products' }).click();
    await page.getByRole('heading', { name: 'Products', level: 1 }).waitFor();
    await context.close();
  });

  it('lands an admin on the platform dashboard, who then opens the shop requests', async () => {
    const { page, context } = await newPage(browser);
    await signIn(page, accounts.admin);
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/admin/platform');
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Shop requests' })
      .click();
    await page.getByRole('heading', { name: 'Shop requests', level: 1 }).waitFor();
    await page.getByRole('table', { name: 'Shop requests' }).waitFor();
    await context.close();
  });

  it('a stored token that stopped working sends the user back to sign-in', async () => {
    const { page, context } = await newPage(browser);
    await page.goto('/admin/sign-in');
    await page.evaluate(() => localStorage.setItem('parade.admin.token', 'revoked-or-made-up'));
    await page.goto('/admin/vendor/products');
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/vendor/products');
    expect(await page.evaluate(() => localStorage.getItem('parade.admin.token'))).toBeNull();
    await context.close();
  });
});
