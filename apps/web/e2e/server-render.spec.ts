import { e2eServer } from '@parade/test-support/e2e-servers';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, recordFailure, viewports } from './support/browser';

/**
 * The storefront's pages as the server renders them (issue 25, decision 038), in the browser:
 * the five pages shoppers land on most hydrate without a console warning, a layout shift or a
 * second fetch of their data; a signed-in shopper's header and cart survive the server's guest
 * render; and the page's content is there before any script runs.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const vendor = { email: 'vendor.green-barrow@parade.test', password: 'parade-vendor-2026' };
const customer = { email: 'customer@parade.test', password: 'parade-customer-2026' };

async function post<T>(path: string, body: unknown, token?: string): Promise<T> {
  const response = await fetch(`${e2eServer().baseURL}/api/${path}`, {
    method: 'POST',
    headers: {
      accept: 'application/json',
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
  expect(response.status, path).toBeLessThan(300);
  return ((await response.json()) as { data: T }).data;
}

async function get<T>(path: string): Promise<T> {
  return ((await (await fetch(`${e2eServer().baseURL}/api/${path}`)).json()) as { data: T }).data;
}

/** The five pages of the acceptance: home, the product list, a product, a shop, and My Offer from a QR poster. */
async function landingPages(): Promise<string[]> {
  const list = await get<{
    products: { data: { slug: string; shop: { slug: string }; variation: { slug: string } }[] };
  }>('products?shop=green-barrow&per_page=1');
  const card = list.products.data[0];
  if (!card) throw new Error('The demo shop lists no product');
  const { access_token: token } = await post<{ access_token: string }>('auth/login', vendor);
  const qr = await post<{ qr_code_url: string }>('vendor-offers/vendor/qr-code/generate', {}, token);
  const myOffer = new URL(qr.qr_code_url);
  return [
    '/',
    '/products',
    `/${card.shop.slug}/product/${card.slug}/${card.variation.slug}`,
    `/vendor/${card.shop.slug}`,
    `${myOffer.pathname}${myOffer.search}`,
  ];
}

/** Console warnings and errors, uncaught errors, and the layout shifts of the page's life (CLS's inputs). */
async function watch(page: Page) {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning')
      problems.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));
  const apiCalls: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/')) apiCalls.push(`${request.method()} ${url.pathname}${url.search}`);
  });
  await page.addInitScript(() => {
    const shifts: number[] = [];
    (window as unknown as { layoutShifts: number[] }).layoutShifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
        if (!entry.hadRecentInput) shifts.push(entry.value);
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  const layoutShift = () =>
    page.evaluate(() => (window as unknown as { layoutShifts: number[] }).layoutShifts.reduce((a, b) => a + b, 0));
  return { problems, apiCalls, layoutShift };
}

/** True once React has taken the server's HTML over: a hydrated root carries React's own keys. */
const hydrated = (page: Page) =>
  page.waitForFunction(() => {
    const root = document.getElementById('root');
    return root !== null && Object.keys(root).some((key) => key.startsWith('__reactContainer'));
  });

describe('server-rendered pages in the browser', () => {
  it('hydrate the five landing pages without a console warning, a layout shift or fetching their data again', async () => {
    for (const url of await landingPages()) {
      for (const viewport of [viewports.mobile, viewports.desktop]) {
        // As a shopper's browser runs the page: the service worker registers, and says nothing.
        const { page, context } = await newPage(browser, viewport, 'reduce', 'allow');
        try {
          const { problems, apiCalls, layoutShift } = await watch(page);
          const response = await page.goto(url, { waitUntil: 'load' });
          expect(response?.status(), url).toBe(200);
          await hydrated(page);
          await page.waitForLoadState('networkidle');
          expect(problems, `${url} at ${viewport.width}px`).toEqual([]);
          expect(await layoutShift(), `${url} at ${viewport.width}px`).toBeLessThanOrEqual(0.02);
          // A guest's page brings its data with it: the browser asks the API nothing to show it.
          expect(apiCalls, `${url} at ${viewport.width}px`).toEqual([]);
        } catch (error) {
          await recordFailure(page, error);
          throw error;
        } finally {
          await context.close();
        }
      }
    }
    // Ten pages, each until the network is quiet (the cards' hearts load after hydration): about
    // 50 s on a quiet 2-core machine, more than the default minute when the run is busy.
  }, 150_000);

  it("keeps a signed-in shopper's header and cart over the server's guest render", async () => {
    const { access_token: token, user } = await post<{ access_token: string; user: { name: string } }>(
      'auth/login',
      customer,
    );
    const [, , productUrl] = await landingPages();
    const { page, context } = await newPage(browser, viewports.desktop, 'reduce', 'allow');
    try {
      // A shopper who signed in and put something in the cart on an earlier visit.
      await page.goto('/cart-details');
      await page.evaluate((value) => localStorage.setItem('authToken', value), token);
      await page.goto(productUrl ?? '/');
      await page.getByRole('button', { name: 'Add to cart' }).click();
      const modal = page.getByRole('dialog', { name: 'Choose Order Type' });
      await modal.getByRole('radio').first().check();
      await modal.getByRole('button', { name: 'Continue' }).click();
      await page.getByRole('button', { name: 'Cart, 1 item' }).waitFor();

      const { problems } = await watch(page);
      for (const url of ['/', productUrl ?? '/', '/products']) {
        await page.goto(url);
        await hydrated(page);
        // The server drew a guest's header; the browser's own state takes over without a mismatch.
        await page.getByRole('button', { name: 'Cart, 1 item' }).waitFor();
        await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Profile' }).waitFor();
      }
      expect(problems).toEqual([]);
      expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBe(token);
      expect(user.name.length).toBeGreaterThan(0);
    } catch (error) {
      await recordFailure(page, error);
      throw error;
    } finally {
      await context.close();
    }
  });

  it("draws a signed-in shopper's header signed in before the page's code runs, and a guest's as a guest's", async () => {
    const { access_token: token } = await post<{ access_token: string }>('auth/login', customer);
    // A context of its own: newPage's goto waits for hydration, and this looks before it.
    const context = await browser.newContext({ baseURL: e2eServer().baseURL, viewport: viewports.desktop });
    const page = await context.newPage();
    try {
      // The app's code held back: the page as the server drew it and index.html's first script left it.
      let release = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      await page.route(/\/assets\/start-[^/]+\.js$/, async (route) => {
        await held;
        await route.continue();
      });
      const banner = page.getByRole('banner');
      const nav = page.getByRole('navigation', { name: 'Main' });
      const signIn = banner.getByRole('button', { name: 'Sign In/Register' });
      const logout = banner.getByRole('button', { name: 'Logout' });

      await page.goto('/products', { waitUntil: 'load' });
      await signIn.waitFor();
      expect(await logout.count()).toBe(0);
      expect(await nav.getByRole('link', { name: 'Profile' }).count()).toBe(0);

      // Signed in on an earlier visit: signed in from the first paint, not "Sign In/Register" until the check.
      await page.evaluate((value) => localStorage.setItem('authToken', value), token);
      await page.goto('/products', { waitUntil: 'load' });
      await logout.waitFor();
      await nav.getByRole('link', { name: 'Profile' }).waitFor();
      await nav.getByRole('link', { name: 'Track Your Order' }).waitFor();
      expect(await signIn.count()).toBe(0);
      expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBeUndefined();
      // The code arrives and the check agrees: the same header.
      release();
      await hydrated(page);
      await expect.poll(() => page.evaluate(() => document.documentElement.dataset.hydrated)).toBe('true');
      await logout.waitFor();
      expect(await signIn.count()).toBe(0);
      expect(await nav.getByRole('link', { name: 'Profile' }).count()).toBe(1);

      // A token the server refuses: a guest's header once the check says so.
      await page.evaluate(() => localStorage.setItem('authToken', 'no-longer-valid'));
      await page.goto('/products', { waitUntil: 'load' });
      await hydrated(page);
      await signIn.waitFor();
      expect(await logout.count()).toBe(0);
      expect(await nav.getByRole('link', { name: 'Profile' }).count()).toBe(0);
    } catch (error) {
      await recordFailure(page, error);
      throw error;
    } finally {
      await context.close();
    }
  });

  it('shows a product page whole before any script runs, and its links work as plain links', async () => {
    const [, , productUrl] = await landingPages();
    const context = await browser.newContext({ baseURL: e2eServer().baseURL, javaScriptEnabled: false });
    const page = await context.newPage();
    try {
      const list = await get<{ products: { data: { name: string; price: number }[] } }>(
        'products?shop=green-barrow&per_page=1',
      );
      const product = list.products.data[0];
      await page.goto(productUrl ?? '/');
      await page.getByRole('heading', { level: 1, name: product?.name }).waitFor();
      expect(await page.getByText(`£${((product?.price ?? 0) / 100).toFixed(2)}`).count()).toBeGreaterThan(0);
      expect(await page.locator('main img').count()).toBeGreaterThan(0);
      // The breadcrumb is a real link: the product list opens without JavaScript too.
      await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Products' }).click();
      await page.waitForURL(/\/products$/);
      await page.getByRole('heading', { level: 1, name: 'All products' }).waitFor();
    } catch (error) {
      await recordFailure(page, error);
      throw error;
    } finally {
      await context.close();
    }
  });
  it("draws a shopper's own page's header and footer before any script runs, then the page itself", async () => {
    // Without JavaScript: the frame the server draws (no blank "Loading Parade..." splash).
    const still = await browser.newContext({ baseURL: e2eServer().baseURL, javaScriptEnabled: false });
    const frame = await still.newPage();
    try {
      await frame.goto('/profile/orders');
      await frame.getByRole('banner').getByRole('link', { name: 'Parade' }).first().waitFor();
      await frame.getByRole('contentinfo').waitFor();
      await frame.getByRole('status').filter({ hasText: 'Loading your page...' }).waitFor();
      expect(await frame.getByText('Loading Parade...').count()).toBe(0);
      // Its links are links: the product list opens from it.
      await frame.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Products' }).click();
      await frame.waitForURL(/\/products$/);
    } catch (error) {
      await recordFailure(frame, error);
      throw error;
    } finally {
      await still.close();
    }

    // With it, a signed-in shopper's page replaces the frame, watched without a console warning.
    const { access_token: token } = await post<{ access_token: string }>('auth/login', customer);
    const { page, context } = await newPage(browser, viewports.desktop, 'reduce', 'allow');
    try {
      await page.goto('/cart-details');
      await page.evaluate((value) => localStorage.setItem('authToken', value), token);
      const { problems } = await watch(page);
      await page.goto('/profile/orders');
      await page.getByRole('heading', { name: 'My account' }).waitFor();
      expect(await page.locator('[data-page-pending]').count()).toBe(0);
      expect(await page.getByRole('banner').count()).toBe(1);
      expect(problems).toEqual([]);
    } catch (error) {
      await recordFailure(page, error);
      throw error;
    } finally {
      await context.close();
    }
  });

  it('keeps what a shopper typed into the search box before the page took over, and Enter lists the matches', async () => {
    // A context of its own: newPage's goto waits for hydration, and this types before it.
    const context = await browser.newContext({ baseURL: e2eServer().baseURL, viewport: viewports.desktop });
    const page = await context.newPage();
    try {
      // A slow phone: the app's code arrives seconds after the page is on screen.
      await page.route(/\/assets\/start-[^/]+\.js$/, async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 2500));
        await route.continue();
      });
      const search = page.locator('#product-search');
      await page.goto('/products', { waitUntil: 'domcontentloaded' });
      await search.click();
      await page.keyboard.type('bread', { delay: 30 });
      expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBeUndefined();
      await hydrated(page);
      // Kept, with its suggestions: React drew the box empty, as the server did, and cleared it.
      await expect.poll(() => search.inputValue()).toBe('bread');
      await page.getByTestId('search-option').first().waitFor();
      await page.keyboard.press('Escape');

      // On the frame of a shopper's own page too (the app replaces the frame rather than hydrating it).
      await page.goto('/cart-details', { waitUntil: 'domcontentloaded' });
      await page.locator('[data-page-pending]').waitFor();
      await search.click();
      await page.keyboard.type('flour', { delay: 30 });
      await page.locator('[data-page-pending]').waitFor({ state: 'detached' });
      await expect.poll(() => search.inputValue()).toBe('flour');
      await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('product-search');
      await page.keyboard.press('Escape');

      // Enter before the code has loaded is the search form's own: the list of matches opens.
      await page.goto('/', { waitUntil: 'domcontentloaded' });
      await search.click();
      await page.keyboard.type('bread');
      await page.keyboard.press('Enter');
      await page.waitForURL(/\/products\?search=bread$/);
      await hydrated(page);
      expect(await search.inputValue()).toBe('bread');
    } catch (error) {
      await recordFailure(page, error);
      throw error;
    } finally {
      await context.close();
    }
  });

  it("keeps a shop tab's own head after hydration, with the site's public address whatever host was typed", async () => {
    // The same server under another name (localhost for 127.0.0.1): its PUBLIC_URL stays the address.
    const publicOrigin = new URL(e2eServer().baseURL).origin;
    const otherName = publicOrigin.replace('127.0.0.1', 'localhost');
    expect(otherName).not.toBe(publicOrigin);
    const context = await browser.newContext({ baseURL: otherName });
    const page = await context.newPage();
    try {
      const head = () =>
        page.evaluate(() => ({
          title: document.title,
          canonical: document.querySelector<HTMLLinkElement>('link[rel="canonical"]')?.href,
          image: document.querySelector<HTMLMetaElement>('meta[property="og:image"]')?.content,
        }));
      await page.goto('/vendor/green-barrow/products');
      await page.waitForSelector('html[data-hydrated="true"]');
      // The shop's own head (written by its layout's effect, which runs after the tab's) must not win.
      await page.waitForTimeout(1500);
      const after = await head();
      expect(after.title).toBe('Green Barrow Greengrocer products | Parade');
      expect(after.canonical).toBe(`${publicOrigin}/vendor/green-barrow/products`);
      expect(after.image?.startsWith(`${publicOrigin}/uploads/`)).toBe(true);
      // A navigation inside the app writes the next page's head at the same address.
      await page
        .getByRole('navigation', { name: /sections$/ })
        .getByRole('link', { name: 'Home', exact: true })
        .click();
      await expect.poll(async () => (await head()).title).toBe('Green Barrow Greengrocer | Parade');
      expect((await head()).canonical).toBe(`${publicOrigin}/vendor/green-barrow`);
    } catch (error) {
      await recordFailure(page, error);
      throw error;
    } finally {
      await context.close();
    }
  });
});
