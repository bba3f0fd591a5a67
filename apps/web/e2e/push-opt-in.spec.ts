import { seriousA11yViolations } from '@parade/test-support/axe';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inFreshPage, launchBrowser, viewports } from './support/browser';

/**
 * The opt-in to order updates by web push (docs/decisions/027) on the profile page, in real
 * Chromium at a phone's width: the switch and what it says when the browser blocks notifications
 * or cannot receive pushes. Subscribing for real needs a push service Chromium can reach, which
 * a test run does not have; the API tests prove the pushes themselves.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

let counter = 0;

/** A new customer signed in through the API, on /profile. */
async function signedInOnProfile(page: Page): Promise<void> {
  const email = `push.${Date.now()}.${++counter}@example.test`;
  const password = 'parade e2e passphrase';
  const res = await page.request.post('/api/auth/register', {
    data: { name: 'Push Shopper', email, password, password_confirmation: password },
  });
  expect(res.status()).toBe(201);
  const token = (await res.json()).data.access_token as string;
  await page.goto('/auth/login');
  await page.evaluate((value) => localStorage.setItem('authToken', value), token);
  await page.goto('/profile');
}

/** A fresh shopper whose browser lets the storefront's service worker register, as every real one does. */
const withWorkers = (
  run: (page: Page) => Promise<void>,
  viewport: { width: number; height: number } = viewports.desktop,
) => inFreshPage(browser, run, viewport, 'reduce', 'allow');

const orderUpdates = (page: Page) => page.getByRole('switch', { name: 'Order updates on this device' });

describe('order updates on this device (profile)', () => {
  it('offers the switch, off, until the customer presses it', async () => {
    await withWorkers(async (page) => {
      await signedInOnProfile(page);
      await expect.poll(() => page.getByTestId('push-opt-in').getAttribute('data-state')).toBe('off');
      expect(await orderUpdates(page).isChecked()).toBe(false);
      expect(await orderUpdates(page).isEnabled()).toBe(true);
      // Nothing was asked of the browser yet: the permission is still undecided.
      expect(await page.evaluate(() => Notification.permission)).toBe('default');
      expect(await seriousA11yViolations(page)).toEqual([]);
    }, viewports.mobile);
  });

  it('says how to allow notifications when the browser blocks them', async () => {
    await withWorkers(async (page) => {
      await page.goto('/');
      // The browser's own setting, as a person sets it in the site's settings.
      const cdp = await page.context().newCDPSession(page);
      const { targetInfo } = (await cdp.send('Target.getTargetInfo')) as {
        targetInfo: { browserContextId: string };
      };
      const browserSession = await browser.newBrowserCDPSession();
      await browserSession.send('Browser.setPermission', {
        permission: { name: 'notifications' },
        setting: 'denied',
        origin: new URL(page.url()).origin,
        browserContextId: targetInfo.browserContextId,
      });
      await signedInOnProfile(page);
      await expect.poll(() => page.getByTestId('push-opt-in').getAttribute('data-state')).toBe('blocked');
      expect(await orderUpdates(page).isDisabled()).toBe(true);
      await expect
        .poll(() => page.getByTestId('push-opt-in').textContent())
        .toContain("Allow them in your browser's site settings");
    }, viewports.mobile);
  });

  it('says so when the browser cannot receive pushes', async () => {
    await withWorkers(async (page) => {
      // A browser without the Push API (an iPhone's Safari outside the Home Screen, for one).
      await page.addInitScript(() => {
        Reflect.deleteProperty(window, 'PushManager');
      });
      await signedInOnProfile(page);
      await expect.poll(() => page.getByTestId('push-opt-in').getAttribute('data-state')).toBe('unsupported');
      expect(await orderUpdates(page).isDisabled()).toBe(true);
      expect(await page.getByTestId('push-opt-in').textContent()).toContain('cannot show notifications');
    });
  });

  it('serves the push workers of both apps at their fixed addresses, and the browser installs them', async () => {
    await withWorkers(async (page) => {
      for (const scope of ['/', '/admin/']) {
        const res = await page.request.get(`${scope}push-worker.js`);
        expect(res.status()).toBe(200);
        expect(res.headers()['content-type']).toMatch(/javascript/);
        expect(await res.text()).toContain("addEventListener('push'");
        // Under the server's real Content-Security-Policy, as the opt-in switch registers it.
        await page.goto(scope);
        const active = await page.evaluate(async (path) => {
          const registration = await navigator.serviceWorker.register(`${path}push-worker.js`, { scope: path });
          const worker = registration.installing ?? registration.waiting ?? registration.active;
          if (worker && worker.state !== 'activated') {
            await new Promise((resolve) =>
              worker.addEventListener('statechange', () => worker.state === 'activated' && resolve(null)),
            );
          }
          return {
            scope: new URL(registration.scope).pathname,
            script: new URL(registration.active?.scriptURL ?? '').pathname,
          };
        }, scope);
        expect(active).toEqual({ scope, script: `${scope}push-worker.js` });
      }
    });
  });
});
