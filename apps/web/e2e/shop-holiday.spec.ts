import type { ProductList } from '@parade/core/catalog-dto';
import type { VendorShop } from '@parade/core/vendor-schemas';
import { seriousA11yViolations } from '@parade/test-support/axe';
import { e2eServer } from '@parade/test-support/e2e-servers';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inFreshPage, launchBrowser, saveScreenshot, viewports } from './support/browser';

/**
 * A shopkeeper turns holiday mode on (through the merchant API, as the admin site does): the
 * shop's page and its product pages say it takes no orders, and its "Add to cart" buttons are
 * off. Holiday mode is turned off again whatever happens, for the specs after this one.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const SHOP = 'bluebell-chemist';
const vendor = { email: `vendor.${SHOP}@parade.test`, password: 'parade-vendor-2026' };
let clientCounter = 0;

async function api<T>(path: string, init: { method?: string; token?: string; body?: unknown } = {}): Promise<T> {
  const res = await fetch(`${e2eServer().baseURL}/api/${path}`, {
    method: init.method ?? 'GET',
    headers: {
      'content-type': 'application/json',
      // Its own client address, clear of the other specs' sign-ins against the per-address limits.
      'x-forwarded-for': `10.93.${process.pid % 250}.${++clientCounter}`,
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const reply = (await res.json()) as { data: T };
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${res.status} ${JSON.stringify(reply)}`);
  return reply.data;
}

const setHoliday = (token: string, body: { holiday_mode: boolean; holiday_message: string | null }) =>
  api<{ shop: VendorShop }>('vendor/shop', { method: 'PUT', token, body });

describe('a shop on holiday', () => {
  it('shows its notice on its page and its product pages, with "Add to cart" off', async () => {
    const { access_token: token } = await api<{ access_token: string }>('auth/login', { method: 'POST', body: vendor });
    const { shop: before } = await api<{ shop: VendorShop }>('vendor/shop', { token });
    const { products } = await api<ProductList>(`shop/${SHOP}/product?per_page=20`);
    // One in stock, so that only the holiday can turn its button off.
    const card = products.data.find((c) => c.variation.stock !== 0)!;
    const productPath = `/${SHOP}/product/${card.slug}/${card.variation.slug}`;
    const defaultNotice = `${before.name} is on holiday and not taking orders at the moment.`;
    try {
      await setHoliday(token, { holiday_mode: true, holiday_message: null });

      await inFreshPage(browser, async (page) => {
        await page.goto(`/vendor/${SHOP}`);
        const notice = page.getByRole('status').filter({ hasText: defaultNotice });
        await notice.waitFor();
        expect(await notice.getAttribute('data-testid')).toBe('holiday-notice');
        // The shop's cards cannot be added, and say why.
        const firstCard = page.getByTestId('product-card').first();
        await firstCard.waitFor();
        const cardButton = firstCard.getByRole('button', { name: /the shop is on holiday/ });
        expect(await cardButton.isDisabled()).toBe(true);
        expect(await cardButton.textContent()).toContain('On holiday');
        expect(await seriousA11yViolations(page)).toEqual([]);
        await saveScreenshot(page, 'shop-on-holiday-desktop');

        // Its cards elsewhere (here /products, filtered to the shop) know it too: no "Add" there either.
        await page.goto(`/products?shop=${SHOP}`);
        const listed = page.getByTestId('product-card').filter({ hasText: card.name }).first();
        await listed.getByRole('button', { name: /the shop is on holiday/ }).waitFor();
        expect(await listed.getByRole('button', { name: /the shop is on holiday/ }).isDisabled()).toBe(true);
      });

      // In the shop's own words, on a phone: a fresh browser, so nothing cached from before.
      await setHoliday(token, { holiday_mode: true, holiday_message: 'Closed for stocktaking until Monday.' });
      await inFreshPage(
        browser,
        async (page) => {
          await page.goto(productPath);
          await page.getByTestId('product-title').waitFor();
          const notice = page.getByTestId('holiday-notice');
          await notice.getByText('Closed for stocktaking until Monday.').waitFor();
          await notice.getByText(`${before.name} is on holiday and not taking orders`).waitFor();
          expect(await notice.getAttribute('role')).toBe('status');
          const add = page.getByRole('button', { name: 'Shop on holiday' });
          expect(await add.isDisabled()).toBe(true);
          expect(await add.getAttribute('aria-describedby')).toBe(await notice.getAttribute('id'));
          expect(await page.getByRole('button', { name: 'Add to cart' }).count()).toBe(0);
          // Nothing wider than the phone's screen.
          expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
            viewports.mobile.width,
          );
          expect(await seriousA11yViolations(page)).toEqual([]);
          await saveScreenshot(page, 'product-shop-on-holiday-mobile');
        },
        viewports.mobile,
      );
    } finally {
      await setHoliday(token, { holiday_mode: before.holiday_mode, holiday_message: before.holiday_message });
    }

    // Back from holiday: no notice, and the product can be added again.
    await inFreshPage(browser, async (page) => {
      await page.goto(productPath);
      await page.getByRole('button', { name: 'Add to cart' }).waitFor();
      expect(await page.getByTestId('holiday-notice').count()).toBe(0);
    });
  });
});
