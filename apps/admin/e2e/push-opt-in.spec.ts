import { seriousA11yViolations } from '@parade/test-support/axe';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, viewports } from './support/browser';
import { accounts, signIn } from './support/staff';

/**
 * The shopkeeper's opt-in to new-order pushes (docs/decisions/027) on the merchant dashboard,
 * at a phone's width. Subscribing for real needs a push service Chromium can reach; the API
 * tests prove the pushes, and the storefront's spec the blocked and unsupported states of the
 * same switch.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe('new-order notifications on this device (merchant dashboard)', () => {
  it('offers the switch, off, without asking the browser anything until it is pressed', async () => {
    const { page, context } = await newPage(browser, viewports.mobile);
    try {
      await signIn(page, accounts.vendor);
      await page.waitForURL(/\/admin\/vendor/);
      const toggle = page.getByRole('switch', { name: 'New-order notifications on this device' });
      await expect.poll(() => page.getByTestId('push-opt-in').getAttribute('data-state')).toBe('off');
      expect(await toggle.isChecked()).toBe(false);
      expect(await toggle.isEnabled()).toBe(true);
      expect(await page.evaluate(() => Notification.permission)).toBe('default');
      // The dashboard's figures are in before axe looks at the page.
      await page.getByText('Orders today').waitFor();
      expect(await seriousA11yViolations(page)).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
