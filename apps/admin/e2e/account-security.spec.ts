import { securityMessages } from '@parade/core/account-security-schemas';
import { seriousA11yViolations } from '@parade/test-support/axe';
import { e2eServer } from '@parade/test-support/e2e-servers';
import { authenticator, readQrCode, secretOf, totpCode, totpStep } from '@parade/test-support/totp';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, saveScreenshot, viewports } from './support/browser';
import { accounts, api, signIn } from './support/staff';

/**
 * Issue 28's acceptance in the merchant site (docs/decisions/045): a shopkeeper is refused payout
 * onboarding and sent to Account, turns on two-factor sign-in there by scanning the QR code (read
 * here with jsQR, its codes computed here by RFC 6238), keeps the 10 recovery codes, signs out and
 * back in with a code, and may then set up payouts. An admin whom the API refuses for want of
 * two-factor sign-in lands on Account with the reason.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** A shopkeeper of their own: turning two-factor sign-in on for a demo account would change every other spec's sign-in. */
async function newShopkeeper(): Promise<{ name: string; email: string; password: string }> {
  const baseURL = e2eServer().baseURL;
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const person = { name: 'Tamsin Twofactor', email: `tamsin.${stamp}@example.test`, password: 'two locks on the till' };
  const registered = await api<{ access_token: string }>(baseURL, 'auth/register', {
    method: 'POST',
    body: { ...person, password_confirmation: person.password },
  });
  expect(registered.status, JSON.stringify(registered.body)).toBe(201);
  const asked = await api<{ id: number }>(baseURL, 'user/shop-create-request', {
    method: 'POST',
    token: registered.body.data.access_token,
    body: {
      shop_name: `Two Locks Hardware ${stamp}`,
      description: 'Padlocks, hasps and keys cut while you wait.',
      address: '3 Lock Lane',
      postcode: 'E2 7RG',
      phone: '020 7946 0777',
    },
  });
  expect(asked.status, JSON.stringify(asked.body)).toBe(201);
  const admin = await api<{ access_token: string }>(baseURL, 'auth/login', { method: 'POST', body: accounts.admin });
  const accepted = await api(baseURL, `admin/shop-requests/${asked.body.data.id}/accept`, {
    method: 'POST',
    token: admin.body.data.access_token,
  });
  expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
  return person;
}

/** The header's Sign out (a button on a computer, an icon on a phone; each session on Account has one too). */
const signOutButton = (page: Page) =>
  page.getByRole('banner').getByRole('button', { name: 'Sign out', exact: true }).filter({ visible: true });

const main = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' });

/** The name of the element that has the focus (its label, for an input). */
const focusedLabel = (page: Page) =>
  page.evaluate(() => {
    const active = document.activeElement as HTMLInputElement | null;
    return active?.labels?.[0]?.textContent ?? active?.getAttribute('aria-label') ?? active?.tagName ?? null;
  });

/** A code that is not this step's nor a neighbour's: certainly wrong. */
function wrongCode(secret: string): string {
  const near = [-1, 0, 1].map((delta) => totpCode(secret, totpStep() + delta));
  for (let n = 0; ; n++) {
    const candidate = String(n).padStart(6, '0');
    if (!near.includes(candidate)) return candidate;
  }
}

describe('two-factor sign-in in the merchant site', () => {
  it('a shopkeeper scans the QR code, keeps the recovery codes, signs out and back in with a code', async () => {
    const person = await newShopkeeper();
    const { page, context } = await newPage(browser);
    try {
      await signIn(page, person);
      await page.getByText('Orders today').waitFor();

      // Payout details need two-factor sign-in: asking for Stripe's form lands on Account with the reason.
      await main(page).getByRole('link', { name: 'Money' }).click();
      const payouts = page.getByRole('region', { name: 'Payouts' });
      await payouts.getByRole('button', { name: 'Set up payouts' }).click();
      await page.waitForURL(/\/admin\/vendor\/account$/);
      await page.getByTestId('two-factor-required').getByText(securityMessages.payoutTwoFactorRequired).waitFor();
      await page.getByRole('heading', { name: 'Account', level: 1 }).waitFor();
      const twoFactor = page.getByRole('region', { name: 'Two-factor sign-in' });
      await twoFactor.getByText('Off', { exact: true }).waitFor();
      expect(await seriousA11yViolations(page)).toEqual([]);
      await saveScreenshot(page, 'account-two-factor-off-desktop');

      // Set up: the QR code on the page is the otpauth:// URL of the key shown beside it.
      await twoFactor.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
      const qr = twoFactor.getByRole('img', { name: 'QR code for your authenticator app' });
      await qr.waitFor();
      // The pressed button is gone: the focus is on the first instruction, not lost.
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.textContent?.startsWith('Scan this QR code')))
        .toBe(true);
      const scanned = readQrCode((await qr.getAttribute('src')) ?? '');
      expect(scanned).toMatch(/^otpauth:\/\/totp\/Parade:/);
      const secret = secretOf(scanned!);
      expect(decodeURIComponent(new URL(scanned!).pathname)).toContain(person.email);
      await twoFactor.getByText(secret, { exact: true }).waitFor();
      // The picture as a camera sees it (a screenshot of the element) reads the same.
      expect(readQrCode(await qr.screenshot())).toBe(scanned);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await saveScreenshot(page, 'account-two-factor-setup-desktop');

      // A wrong code is refused under the field; the app's code turns it on and shows 10 recovery codes.
      const phone = authenticator(secret);
      const codeField = twoFactor.getByRole('textbox', { name: 'Code from the app' });
      await codeField.fill(wrongCode(secret));
      await twoFactor.getByRole('button', { name: 'Turn on' }).click();
      await twoFactor.getByText(securityMessages.codeWrong).first().waitFor();
      await codeField.fill(phone.nextCode());
      await twoFactor.getByRole('button', { name: 'Turn on' }).click();
      const recovery = twoFactor.getByLabel('Recovery codes', { exact: true });
      await recovery.waitFor();
      const codes = await recovery.locator('code').allTextContents();
      expect(codes).toHaveLength(10);
      expect(new Set(codes).size).toBe(10);
      await twoFactor.getByText('On', { exact: true }).waitFor();
      await twoFactor.getByText('Recovery codes left: 10').waitFor();
      expect(await seriousA11yViolations(page)).toEqual([]);
      await saveScreenshot(page, 'account-two-factor-on-desktop');

      // Signed out, then in: the password is not enough, the code field has the focus.
      await signOutButton(page).click();
      await page.getByRole('button', { name: 'Sign in' }).waitFor();
      await signIn(page, person);
      const step = page.getByRole('form', { name: 'Two-factor sign-in' });
      await step.waitFor();
      expect(await page.evaluate(() => localStorage.getItem('parade.admin.token'))).toBeNull();
      await expect.poll(() => focusedLabel(page)).toMatch(/^Code/);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await saveScreenshot(page, 'sign-in-code-step-desktop');

      // A wrong code: a clear message, the focus back on the field, still signed out.
      await page.keyboard.type(wrongCode(secret));
      await page.keyboard.press('Enter');
      await step.getByText(securityMessages.codeWrong).first().waitFor();
      await expect.poll(() => focusedLabel(page)).toMatch(/^Code/);
      expect(await page.evaluate(() => localStorage.getItem('parade.admin.token'))).toBeNull();
      await saveScreenshot(page, 'sign-in-code-wrong-desktop');

      // A fresh code from the app: in, on the dashboard.
      await step.getByRole('textbox', { name: 'Code' }).fill(phone.nextCode());
      await step.getByRole('button', { name: 'Verify' }).click();
      await page.getByText('Orders today').waitFor();
      expect(new URL(page.url()).pathname).toBe('/admin/vendor');

      // With two-factor sign-in on, Stripe's form for the payout details opens.
      await main(page).getByRole('link', { name: 'Money' }).click();
      await page.getByRole('region', { name: 'Payouts' }).getByRole('button', { name: 'Set up payouts' }).click();
      await page.getByRole('heading', { name: 'Set up payouts' }).waitFor();

      // The account's events name what happened.
      await page.goto('/admin/vendor/account');
      const events = page.getByRole('region', { name: 'Security events' });
      await events.getByText('Two-factor sign-in turned on').waitFor();
      await events.getByText('wrong two-factor code', { exact: false }).first().waitFor();
    } finally {
      await context.close();
    }
  });

  it('shows the Account page and the code step on a 390 px phone', async () => {
    const person = await newShopkeeper();
    const { page, context } = await newPage(browser, viewports.mobile);
    try {
      await signIn(page, person);
      await page.getByText('Orders today').waitFor();
      await page.goto('/admin/vendor/account');
      const twoFactor = page.getByRole('region', { name: 'Two-factor sign-in' });
      await twoFactor.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
      const qr = twoFactor.getByRole('img', { name: 'QR code for your authenticator app' });
      await qr.waitFor();
      const secret = secretOf(readQrCode((await qr.getAttribute('src')) ?? '') ?? '');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await saveScreenshot(page, 'account-two-factor-setup-mobile');
      const phone = authenticator(secret);
      await twoFactor.getByRole('textbox', { name: 'Code from the app' }).fill(phone.nextCode());
      await twoFactor.getByRole('button', { name: 'Turn on' }).click();
      const recovery = twoFactor.getByLabel('Recovery codes', { exact: true });
      await recovery.waitFor();
      const [recoveryCode] = await recovery.locator('code').allTextContents();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await saveScreenshot(page, 'account-two-factor-on-mobile');

      await signOutButton(page).click();
      await signIn(page, person);
      const step = page.getByRole('form', { name: 'Two-factor sign-in' });
      await step.waitFor();
      expect(await seriousA11yViolations(page)).toEqual([]);
      await saveScreenshot(page, 'sign-in-code-step-mobile');
      // A recovery code signs in in place of the app's code, once.
      await step.getByRole('textbox', { name: 'Code' }).fill(recoveryCode!);
      await step.getByRole('button', { name: 'Verify' }).click();
      await page.getByText('Orders today').waitFor();
      await page.goto('/admin/vendor/account');
      await page.getByRole('region', { name: 'Two-factor sign-in' }).getByText('Recovery codes left: 9').waitFor();
    } finally {
      await context.close();
    }
  });

  it('sends an admin whom the API refuses for want of two-factor sign-in to Account, with the reason', async () => {
    const { page, context } = await newPage(browser);
    try {
      // The test servers let the demo admin work without it (a laptop's default); a server answers
      // every admin call so until it is on (decision 045), which is what the page gets here.
      await page.route(/\/api\/admin\//, (route) =>
        route.fulfill({
          status: 403,
          contentType: 'application/json',
          body: JSON.stringify({
            status: false,
            message: securityMessages.adminTwoFactorRequired,
            code: 'two_factor_required',
          }),
        }),
      );
      await page.route(/\/api\/user\/2fa$/, (route) =>
        route.request().method() === 'GET'
          ? route.fulfill({
              status: 200,
              contentType: 'application/json',
              body: JSON.stringify({ status: true, data: { enabled: false, required: true, recovery_codes_left: 0 } }),
            })
          : route.continue(),
      );
      await signIn(page, accounts.admin);
      await page.waitForURL(/\/admin\/platform\/account$/);
      const reason = page.getByTestId('two-factor-required');
      await reason.getByText(securityMessages.adminTwoFactorRequired).waitFor();
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid')))
        .toBe('two-factor-required');
      await page
        .getByRole('region', { name: 'Two-factor sign-in' })
        .getByRole('button', { name: 'Set up two-factor sign-in' })
        .waitFor();
      // The search of every account's events (an admin call) waits until two-factor sign-in is on.
      expect(await page.getByRole('region', { name: "Every account's security events" }).count()).toBe(0);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await saveScreenshot(page, 'admin-two-factor-required-desktop');

      // Any other admin page comes back here.
      await page.goto('/admin/platform/shops');
      await page.waitForURL(/\/admin\/platform\/account$/);
      await reason.waitFor();
    } finally {
      await context.close();
    }
  });
});
