import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { ProductCard, ProductList } from '@parade/core/catalog-dto';
import { seriousA11yViolations } from '@parade/test-support/axe';
import { downloadedBytes } from '@parade/test-support/chromium';
import { e2eServer } from '@parade/test-support/e2e-servers';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, saveScreenshot, viewports } from './support/browser';

/**
 * Issue 12's browser acceptance for digital products and reward points: a shopper buys an
 * e-book and pays by card through the Stripe stand-in, downloads it from
 * /profile/digital-products (the same bytes as the shop's file), again once its link has run out
 * (the page fetches a fresh one), finds it on /digital-products too, and sees the points its
 * delivery earned on /profile/reward-points. A guest sent to /digital-products lands on Login.
 */
let browser: Browser;
const run = `${process.pid}-${Date.now()}`;
let clientCounter = 0;
// Each shopper of this file counts as its own client against the per-address limits (sign-up, login).
const forwardedFor = () => `10.93.${process.pid % 250}.${++clientCounter}`;
const BOOKSHOP = 'brick-and-binding-books';

async function api<T>(apiPath: string, init: { method?: string; token?: string; body?: unknown } = {}): Promise<T> {
  const res = await fetch(`${e2eServer().baseURL}/api/${apiPath}`, {
    method: init.method ?? 'GET',
    headers: {
      'content-type': 'application/json',
      'x-forwarded-for': forwardedFor(),
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const reply = (await res.json()) as { data: T };
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${apiPath}: ${res.status} ${JSON.stringify(reply)}`);
  return reply.data;
}

/** A page signed in with `token` (stored before any script runs, as after a login). */
async function signedInPage(
  token: string,
  viewport: { width: number; height: number } = viewports.desktop,
): Promise<{ page: Page; context: BrowserContext }> {
  const { page, context } = await newPage(browser, viewport);
  await context.addInitScript((value) => localStorage.setItem('authToken', value), token);
  return { page, context };
}

/** Puts one line in the cart and a collection point in the location store, as an earlier visit would have. */
async function seedCart(page: Page, card: ProductCard) {
  await page.goto('/');
  // Only once the app has booted: its stores may still write their own state while it boots.
  await page.waitForLoadState('networkidle');
  const line = {
    id: card.variation.id,
    name: card.variation.name,
    slug: card.variation.slug,
    full_name: card.variation.full_name,
    price: card.variation.price,
    thumbnail: card.thumbnail,
    images: [],
    quantity: 1,
    product: { id: card.id, slug: card.slug, type: card.type, shop_id: card.shop.id, shop: card.shop },
  };
  await page.evaluate((item) => {
    localStorage.setItem(
      'parade-cart',
      JSON.stringify({ state: { items: [item], shopCoupons: {}, rewardPointsApplied: {} }, version: 1 }),
    );
    localStorage.setItem(
      'parade-location',
      JSON.stringify({
        state: {
          orderType: 'collection',
          selectedLocation: {
            type: 'collection',
            location: {
              value: 'Jubilee Parade, Commercial Street, London E1 6AN',
              note: 'Collect from the shop you ordered from. Mon-Sat 8am-7pm, Sun 10am-4pm.',
            },
          },
        },
        version: 0,
      }),
    );
  }, line);
}

/** The shop's file as the server keeps it (the demo's digital files are DATA_DIR/digital/<name>). */
const storedFile = (name: string) => readFile(path.join(e2eServer().dataDir, 'digital', name));

/** Clicks Download on the product's row and returns the file the browser saved. */
async function download(page: Page, productName: string) {
  const row = page.getByRole('listitem', { name: new RegExp(`^${productName}, `) });
  const saving = page.waitForEvent('download');
  await row.getByRole('link', { name: /^Download / }).click();
  const saved = await saving;
  return { name: saved.suggestedFilename(), bytes: await downloadedBytes(saved) };
}

const customer = {
  name: 'Dee Jital',
  email: `dee.jital.${run}@example.test`,
  password: 'digital e2e passphrase',
};
let token = '';
let ebook: ProductCard;

beforeAll(async () => {
  browser = await launchBrowser();
  token = (
    await api<{ access_token: string }>('auth/register', {
      method: 'POST',
      body: {
        name: customer.name,
        email: customer.email,
        password: customer.password,
        password_confirmation: customer.password,
      },
    })
  ).access_token;
  const list = await api<ProductList>(`products?shop=${BOOKSHOP}&sort_by=price&sort_high=0`);
  const digital = list.products.data.filter((card) => card.type === 'Digital');
  // Not the demo customer's e-book, so this shopper's purchase is plainly its own.
  ebook = digital.find((card) => card.name !== '30 Weeknight Curries') ?? digital[0]!;
  if (!ebook) throw new Error('no digital product at the bookshop');
});
afterAll(() => browser?.close());

describe('digital products', () => {
  it('buys an e-book by card, downloads it from the profile (again once its link ran out) and from /digital-products', async () => {
    const { page, context } = await signedInPage(token);

    // Before buying: the empty state says what will appear and where to find it.
    await page.goto('/profile/digital-products');
    await page.getByRole('heading', { name: 'Digital products', level: 2 }).waitFor();
    await page.getByText('No digital products yet').waitFor();
    expect(await page.getByRole('link', { name: 'Browse products' }).getAttribute('href')).toBe('/products');
    await saveScreenshot(page, 'digital-products-empty-desktop');

    // Checkout by card through the Stripe stand-in.
    await seedCart(page, ebook);
    await page.goto('/cart');
    await page.getByRole('heading', { name: 'Checkout', level: 1 }).waitFor();
    await page.getByRole('radio', { name: /^Card/ }).check();
    await page.getByRole('button', { name: 'Place order and pay' }).click();
    await page.getByRole('heading', { name: 'Pay by card' }).waitFor();
    const cardNumber = page.getByTestId('stripe-stand-in-payment-element').getByLabel('Card number');
    await cardNumber.waitFor();
    await cardNumber.fill('4242 4242 4242 4242');
    await page.getByRole('button', { name: `Pay £${(ebook.variation.price / 100).toFixed(2)}` }).click();
    await page.waitForURL(/\/order\/success\?/);
    await expect.poll(() => page.getByTestId('payment-status').innerText(), { timeout: 15_000 }).toBe('PAID');

    // The profile lists it: product, variation, shop, file, date, and the download gives the shop's bytes.
    await page.goto('/profile/digital-products');
    const row = page.getByRole('listitem', { name: `${ebook.name}, ${ebook.variation.name}` });
    await row.waitFor();
    const rowText = await row.innerText();
    expect(rowText).toContain(ebook.shop.name);
    expect(rowText).toMatch(/Bought \d{2}-[A-Z][a-z]{2}-\d{4}/);
    const first = await download(page, ebook.name);
    expect(first.name).toMatch(/\.pdf$/);
    const onServer = await storedFile(first.name);
    expect(first.bytes.equals(onServer)).toBe(true);
    // The row names the file and its size as the server holds it (the demo's PDFs are under 1 KB).
    expect(rowText).toContain(`${first.name} · ${onServer.length} bytes`);
    expect(first.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await saveScreenshot(page, 'digital-products-desktop');

    // Eleven minutes later (the page's clock): the listed link has run out, so the click fetches a fresh one.
    const listCalls: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/user/digital-products') listCalls.push(request.url());
    });
    await page.clock.setFixedTime(new Date(Date.now() + 11 * 60_000));
    const again = await download(page, ebook.name);
    expect(listCalls.length).toBeGreaterThanOrEqual(1);
    expect(again.bytes.equals(onServer)).toBe(true);

    // The main-layout page shows the same list.
    const main = await signedInPage(token);
    await main.page.goto('/digital-products');
    await main.page.getByRole('heading', { name: 'Digital products', level: 1 }).waitFor();
    await main.page.getByRole('listitem', { name: `${ebook.name}, ${ebook.variation.name}` }).waitFor();
    expect(new URL(main.page.url()).pathname).toBe('/digital-products');
    const fromMain = await download(main.page, ebook.name);
    expect(fromMain.bytes.equals(onServer)).toBe(true);
    await saveScreenshot(main.page, 'digital-products-main-desktop');
    await main.context.close();

    // On a phone.
    const phone = await signedInPage(token, viewports.mobile);
    for (const [url, name] of [
      ['/profile/digital-products', 'digital-products-mobile'],
      ['/digital-products', 'digital-products-main-mobile'],
    ] as const) {
      await phone.page.goto(url);
      await phone.page.getByRole('listitem', { name: `${ebook.name}, ${ebook.variation.name}` }).waitFor();
      await phone.page.waitForLoadState('networkidle');
      expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await saveScreenshot(phone.page, name);
    }
    await phone.context.close();
    await context.close();
  });

  it('shows the points the delivered order earned, per shop and in the ledger, filtered by shop', async () => {
    const orders = await api<{ data: { id: number; shop: { id: number; slug: string }; total: number }[] }>(
      'user/order',
      { token },
    );
    const order = orders.data.find((o) => o.shop.slug === BOOKSHOP);
    if (!order) throw new Error('the e-book order is missing');
    // The shop sends it and closes the order: the delivery earns floor(total / 100) points a pound.
    const vendor = await api<{ access_token: string }>('auth/login', {
      method: 'POST',
      body: { email: `vendor.${BOOKSHOP}@parade.test`, password: 'parade-vendor-2026' },
    });
    for (const status of ['processing', 'ready', 'delivered'])
      await api(`vendor/orders/${order.id}/status`, { method: 'PATCH', token: vendor.access_token, body: { status } });
    const earned = Math.floor(order.total / 100);
    expect(earned).toBeGreaterThan(0);

    const { page, context } = await signedInPage(token);
    await page.goto('/profile');
    await page
      .getByRole('navigation', { name: 'My account' })
      .getByRole('link', { name: 'Reward points' })
      .first()
      .click();
    await page.getByRole('heading', { name: 'Reward points', level: 2 }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/profile/reward-points');
    const balance = page.getByRole('listitem', { name: `${ebook.shop.name}: ${earned} points` });
    await balance.waitFor();
    expect(await balance.innerText()).toContain(`Worth £${(earned / 100).toFixed(2)} off`);
    const entry = page.getByTestId('reward-entry').first();
    await entry.waitFor();
    expect(await entry.getAttribute('data-reason')).toBe('order_delivered');
    expect(await entry.innerText()).toContain('Earned on a delivered order');
    expect(await entry.getByTestId('reward-points').innerText()).toContain(`+${earned}`);
    expect(await entry.getByRole('link', { name: `Order #${order.id}` }).getAttribute('href')).toBe(
      `/profile/orders/${order.id}`,
    );
    expect(await seriousA11yViolations(page)).toEqual([]);
    await saveScreenshot(page, 'reward-points-desktop');

    // One shop's ledger: the choice lands in the URL, and the entries stay this shop's.
    await page.getByRole('combobox', { name: 'Shop' }).click();
    await page.getByRole('option', { name: ebook.shop.name }).click();
    await page.waitForURL((url) => url.searchParams.get('shop') === String(order.shop.id));
    await expect.poll(() => page.getByTestId('reward-entry').count()).toBe(1);

    // The demo customer has more to show: starting balances at two shops and the e-book's points.
    const demo = await api<{ access_token: string }>('auth/login', {
      method: 'POST',
      body: { email: 'customer@parade.test', password: 'parade-customer-2026' },
    });
    const phone = await signedInPage(demo.access_token, viewports.mobile);
    await phone.page.goto('/profile/reward-points');
    await phone.page.getByTestId('reward-balance').first().waitFor();
    await phone.page.getByTestId('reward-entry').first().waitFor();
    expect(await phone.page.getByTestId('reward-balance').count()).toBeGreaterThanOrEqual(3);
    await phone.page.waitForLoadState('networkidle');
    expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await saveScreenshot(phone.page, 'reward-points-mobile');
    await phone.context.close();
    await context.close();
  });

  it('sends a guest from /digital-products to Login by way of /login, and back after signing in', async () => {
    const { page, context } = await newPage(browser);
    await context.setExtraHTTPHeaders({ 'x-forwarded-for': forwardedFor() });
    await page.goto('/digital-products');
    await page.waitForURL((url) => url.pathname === '/auth/login');
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/digital-products');
    await page.getByRole('button', { name: 'Log in' }).waitFor();

    await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill(customer.email);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(customer.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL((url) => url.pathname === '/digital-products');
    await page.getByRole('listitem', { name: `${ebook.name}, ${ebook.variation.name}` }).waitFor();
    await context.close();

    // A stored token the server no longer knows goes the same way.
    const stale = await signedInPage('x'.repeat(43));
    await stale.page.goto('/digital-products');
    await stale.page.waitForURL((url) => url.pathname === '/auth/login');
    expect(new URL(stale.page.url()).searchParams.get('redirect')).toBe('/digital-products');
    await stale.context.close();

    // /login on its own opens Login.
    const plain = await newPage(browser);
    await plain.page.goto('/login');
    await plain.page.waitForURL((url) => url.pathname === '/auth/login');
    expect(new URL(plain.page.url()).search).toBe('');
    await plain.context.close();
  });
});
