import { cartLineFromCard } from '@parade/core/cart-lines';
import type { ProductCard, ProductList } from '@parade/core/catalog-dto';
import { seriousA11yViolations } from '@parade/test-support/axe';
import { e2eServer } from '@parade/test-support/e2e-servers';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, saveScreenshot, viewports } from './support/browser';
import { accounts, api, signIn } from './support/staff';

/**
 * Issue 23's live board: the shopkeeper's orders page, open in one browser context, shows an
 * order a shopper places in another context without a reload, and chimes; the tab's title counts
 * new orders until the list is looked at; the chime can be muted.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const COLLECTION_POINT = {
  value: 'Jubilee Parade, Commercial Street, London E1 6AN',
  note: 'Collect from the shop you ordered from. Mon-Sat 8am-7pm, Sun 10am-4pm.',
};

/** Counts the notes the page's Web Audio plays: the chime is two oscillators started. */
async function countChimes(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { chimeNotes: number };
    w.chimeNotes = 0;
    const start = OscillatorNode.prototype.start;
    OscillatorNode.prototype.start = function (...args: Parameters<OscillatorNode['start']>) {
      w.chimeNotes += 1;
      return start.apply(this, args);
    };
  });
}
const chimeNotes = (page: Page) => page.evaluate(() => (window as unknown as { chimeNotes: number }).chimeNotes);

/** The demo customer buys one line of the vendor's shop through the storefront, in a context of their own. */
async function shopperPlacesOrder(): Promise<string> {
  const baseURL = e2eServer().baseURL;
  const login = await api<{ access_token: string }>(baseURL, 'auth/login', { method: 'POST', body: accounts.customer });
  const list = await api<ProductList>(baseURL, `products?shop=${accounts.vendor.shopSlug}`);
  const card = list.body.data.products.data.find(
    (c: ProductCard) => c.type === 'Physical' && (c.variation.stock === null || c.variation.stock > 5),
  )!;
  const { page, context } = await newPage(browser);
  try {
    await context.addInitScript(
      ({ token, line, point }) => {
        localStorage.setItem('authToken', token);
        localStorage.setItem(
          'parade-cart',
          JSON.stringify({ state: { items: [line], shopCoupons: {}, rewardPointsApplied: {} }, version: 1 }),
        );
        localStorage.setItem(
          'parade-location',
          JSON.stringify({
            state: { orderType: 'collection', selectedLocation: { type: 'collection', location: point } },
            version: 0,
          }),
        );
      },
      {
        token: login.body.data.access_token,
        point: COLLECTION_POINT,
        line: { ...cartLineFromCard(card), quantity: 1 },
      },
    );
    await page.goto('/cart');
    await page.getByRole('button', { name: 'Place order' }).click();
    await page.getByRole('heading', { name: 'Thank you, your order is placed' }).waitFor();
    return (await page.getByTestId('invoice-number').innerText()).trim();
  } finally {
    await context.close();
  }
}

describe('live orders on the merchant site', () => {
  it('shows a new order on the open orders page without a reload, chimes, and counts it in the title elsewhere', async () => {
    const { page, context } = await newPage(browser);
    await countChimes(page);
    await signIn(page, accounts.vendor);
    await page.getByText('Orders today').waitFor();
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Orders' }).click();
    await page.getByRole('heading', { name: 'Orders', level: 1 }).waitFor();
    await page.locator('[data-testid="live-orders"][data-status="live"]').waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);

    // A shopper orders in another browser context: the row appears here, and the chime plays.
    const first = await shopperPlacesOrder();
    await page.getByRole('link', { name: first }).waitFor();
    await expect.poll(() => chimeNotes(page)).toBeGreaterThanOrEqual(2);
    await page
      .getByRole('status')
      .filter({ hasText: `New order ${first}` })
      .waitFor({ state: 'attached' });
    // Seen at once on the list in front: no count in the title.
    expect(await page.title()).toBe('Parade Merchant');

    // On the dashboard, the next order counts in the tab's title and on the bell until the list is opened.
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Dashboard' }).click();
    await page.getByText('Orders today').waitFor();
    const second = await shopperPlacesOrder();
    await expect.poll(() => page.title()).toBe('(1) Parade Merchant');
    await page.getByRole('link', { name: 'Orders: 1 new' }).waitFor();
    await saveScreenshot(page, 'live-orders-dashboard-desktop');
    await page.getByRole('link', { name: 'Orders: 1 new' }).click();
    await page.getByRole('link', { name: second }).waitFor();
    await expect.poll(() => page.title()).toBe('Parade Merchant');

    // Muted: the next order still appears, silently.
    const chime = page.getByRole('button', { name: 'Chime for new orders' });
    expect(await chime.getAttribute('aria-pressed')).toBe('true');
    await chime.click();
    expect(await chime.getAttribute('aria-pressed')).toBe('false');
    const notesBefore = await chimeNotes(page);
    const third = await shopperPlacesOrder();
    await page.getByRole('link', { name: third }).waitFor();
    expect(await chimeNotes(page)).toBe(notesBefore);
    await chime.click();
    await context.close();
  });

  it('fits a 390 px phone, with the board in the header', async () => {
    const { page, context } = await newPage(browser, viewports.mobile);
    await signIn(page, accounts.vendor);
    await page.getByText('Orders today').waitFor();
    await page.locator('[data-testid="live-orders"][data-status="live"]').waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await saveScreenshot(page, 'live-orders-mobile');
    await context.close();
  });
});
