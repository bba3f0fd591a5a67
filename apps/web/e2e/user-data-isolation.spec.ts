import type { ProductCard, ProductList } from '@parade/core/catalog-dto';
import { e2eServer } from '@parade/test-support/e2e-servers';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, saveScreenshot } from './support/browser';

/**
 * One tab, two people: A (the demo customer, with reward points, a saved address and an order)
 * signs in, opens orders, addresses and the cart's reward points, applies points and signs out;
 * B signs in in the same tab and must see only B's own data, never A's. Once at normal speed,
 * once with every API reply held back so A's replies still in flight when A signs out would
 * land after B has signed in, if anything let them.
 *
 * The API cannot place orders yet (no checkout), so the test server's real order list (empty)
 * gets one invented order per person on its way to the browser, chosen by the bearer token the
 * request carried: what the client then caches and shows is the client's own doing.
 */
let browser: Browser;

const customer = { email: 'customer@parade.test', password: 'parade-customer-2026', name: 'Priya Shah' };
const run = `${process.pid}-${Date.now()}`;
const aAddress = { label: `A-only ${run}`, line1: '1 Alpha Row' };
const bAddress = { label: `B-only ${run}`, line1: '2 Bravo Yard' };
const b = { name: 'Bea Bravo', email: `bea.bravo.${run}@example.test`, password: 'bravo e2e passphrase' };
let bApiToken = '';
let aApiToken = '';
let aAddressId = 0;
let greenBarrowCard: ProductCard;
let clientCounter = 0;
const forwardedFor = () => `10.88.${process.pid % 250}.${++clientCounter}`;

async function api<T>(path: string, init: { method?: string; token?: string; body?: unknown } = {}): Promise<T> {
  const res = await fetch(`${e2eServer().baseURL}/api/${path}`, {
    method: init.method ?? 'GET',
    headers: {
      'content-type': 'application/json',
      'x-forwarded-for': forwardedFor(),
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const reply = (await res.json()) as { data: T };
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${res.status} ${JSON.stringify(reply)}`);
  return reply.data;
}

const addressInput = (who: { label: string; line1: string }, name: string) => ({
  label: who.label,
  name,
  phone: '020 7946 0000',
  line1: who.line1,
  city: 'London',
  postcode: 'E1 6AN',
});

beforeAll(async () => {
  browser = await launchBrowser();
  aApiToken = (await api<{ access_token: string }>('auth/login', { method: 'POST', body: customer })).access_token;
  aAddressId = (
    await api<{ id: number }>('user/address', {
      method: 'POST',
      token: aApiToken,
      body: addressInput(aAddress, customer.name),
    })
  ).id;
  bApiToken = (
    await api<{ access_token: string }>('auth/register', {
      method: 'POST',
      body: { name: b.name, email: b.email, password: b.password, password_confirmation: b.password },
    })
  ).access_token;
  await api('user/address', { method: 'POST', token: bApiToken, body: addressInput(bAddress, b.name) });
  const list = await api<ProductList>('products?shop=green-barrow');
  const card = list.products.data.find((c) => c.type === 'Physical' && c.variation.price > 0);
  if (!card) throw new Error('no physical product at Green Barrow');
  greenBarrowCard = card;
});

afterAll(async () => {
  // The demo customer is shared with other specs: leave its address book as the seed made it.
  if (aAddressId)
    await api(`user/update-profile/${aAddressId}`, { method: 'DELETE', token: aApiToken }).catch(() => {});
  await browser?.close();
});

/** An invented order in the shape of GET /api/user/order's items (core's orderSchema). */
function inventedOrder(id: number, invoice: string, shop: { id: number; name: string; slug: string }) {
  return {
    id,
    invoice: { id, number: invoice },
    shop,
    order_type: 'collection',
    status: 'processing',
    payment_status: 'paid',
    payment_method: 'cash',
    subtotal: 1234,
    discount: 0,
    reward_discount: 0,
    shipping_charge: 0,
    total: 1234,
    coupon_code: null,
    platform_discount: 0,
    vat_number: null,
    vat_rates: [],
    created_at: '2026-11-01T10:00:00.000Z',
    items: [
      {
        id,
        variation_id: greenBarrowCard.variation.id,
        product_id: greenBarrowCard.id,
        full_name: `${invoice} basket`,
        type: 'Physical',
        price: 1234,
        quantity: 1,
        discount: 0,
        total: 1234,
        thumbnail: null,
        vat_rate: 0,
        vat: 0,
      },
    ],
  };
}

const aInvoice = `A-INV-${run}`;
const bInvoice = `B-INV-${run}`;

/** The tokens the browser got when A and B signed in through the form. */
interface SignedInTokens {
  a: string | null;
  b: string | null;
}

/**
 * Sends every API call to the real server, adds the caller's invented order to the order list
 * (by the bearer token the request carried) and, when `delayMs` is set, holds each reply back.
 */
async function routeApi(context: BrowserContext, tokens: SignedInTokens, delayMs: number) {
  const shop = { ...greenBarrowCard.shop };
  await context.route('**/api/**', async (route) => {
    const request = route.request();
    let response: Awaited<ReturnType<typeof route.fetch>>;
    try {
      response = await route.fetch();
    } catch {
      return; // the page went away or cancelled the request
    }
    let body = await response.body();
    if (new URL(request.url()).pathname === '/api/user/order' && response.ok()) {
      const authorization = (await request.headerValue('authorization')) ?? '';
      const reply = JSON.parse(body.toString('utf8'));
      const order =
        authorization === `Bearer ${tokens.a}`
          ? inventedOrder(9_000_001, aInvoice, shop)
          : authorization === `Bearer ${tokens.b}`
            ? inventedOrder(9_000_002, bInvoice, shop)
            : null;
      if (order) {
        reply.data.data = [order, ...reply.data.data];
        reply.data.total += 1;
      }
      body = Buffer.from(JSON.stringify(reply));
    }
    if (delayMs) await new Promise((resolve) => setTimeout(resolve, delayMs));
    await route.fulfill({ response, body }).catch(() => {
      // Cancelled by the page while held back: nothing to deliver.
    });
  });
}

/** A cart with one Green Barrow line, so the cart offers A's Green Barrow points. */
async function seedCart(page: Page) {
  const card = greenBarrowCard;
  const item = {
    id: card.variation.id,
    name: card.name,
    slug: card.slug,
    full_name: card.variation.full_name,
    price: card.variation.price,
    thumbnail: card.thumbnail,
    images: [],
    quantity: 1,
    product: { id: card.id, slug: card.slug, type: card.type, shop_id: card.shop.id, shop: card.shop },
  };
  await page.evaluate((state) => localStorage.setItem('parade-cart', JSON.stringify({ state, version: 1 })), {
    items: [item],
    shopCoupons: {},
    rewardPointsApplied: {},
  });
}

const banner = (page: Page) => page.getByRole('banner');
const accountNav = (page: Page) => page.getByRole('navigation', { name: 'My account' });

async function logIn(page: Page, email: string, password: string) {
  await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await banner(page).getByRole('button', { name: 'Logout' }).waitFor({ timeout: 15_000 });
}

/** In-app navigation only: a reload would empty the query cache and hide a leak. */
async function openCart(page: Page) {
  await page.getByTestId('cart-button').click();
  await page.getByTestId('cart-dropdown').getByRole('link', { name: 'View Cart' }).click();
  await page.getByRole('heading', { name: 'Your cart', level: 1 }).waitFor();
}

async function openProfilePage(page: Page, link: 'Profile' | 'Orders' | 'Addresses') {
  await banner(page).getByRole('link', { name: 'Profile', exact: true }).click();
  await accountNav(page).getByRole('link', { name: link, exact: true }).first().click();
}

const orderArticle = (page: Page, invoice: string) =>
  page.getByRole('article', { name: new RegExp(`^Order ${invoice}`) });
const addressCard = (page: Page, label: string) => page.getByRole('listitem', { name: `${label} address` });
const pointsInput = (page: Page) => page.getByLabel(/Reward points at /);
const appliedPoints = (page: Page) => page.getByText(/\d+ reward points: −/);

/** Nothing of A's on the page: invoice, address, name, e-mail, points. */
async function expectNothingOfA(page: Page) {
  const text = await page.locator('body').innerText();
  expect(text).not.toContain(aInvoice);
  expect(text).not.toContain(aAddress.label);
  expect(text).not.toContain('Sidney Street');
  expect(text).not.toContain(customer.name);
  expect(text).not.toContain(customer.email);
  // B holds no points: no balance of A's (250 at the start, more once another spec delivers A an order).
  expect(text).not.toMatch(/you have \d+/);
  expect(await appliedPoints(page).count()).toBe(0);
}

/** B, signed in in A's tab: B's profile, orders and addresses, and no points (B has none). */
async function expectOnlyB(page: Page, settleMs: number) {
  await openProfilePage(page, 'Profile');
  await page.getByText(`Hello, ${b.name}`).waitFor();
  expect(await page.getByRole('textbox', { name: 'E-mail' }).inputValue()).toBe(b.email);
  await expectNothingOfA(page);

  // Whichever orders and addresses show first must be B's.
  await openProfilePage(page, 'Orders');
  await page.getByRole('article').first().waitFor({ timeout: 15_000 });
  await expectNothingOfA(page);
  await orderArticle(page, bInvoice).waitFor();

  await openProfilePage(page, 'Addresses');
  await page
    .getByRole('listitem', { name: / address$/ })
    .first()
    .waitFor({ timeout: 15_000 });
  await expectNothingOfA(page);
  await addressCard(page, bAddress.label).waitFor();

  const balances = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/user/reward-points');
  await openCart(page);
  await page.getByTestId('cart-line').first().waitFor();
  await balances;
  await page.waitForTimeout(200);
  expect(await pointsInput(page).count()).toBe(0);
  await expectNothingOfA(page);

  // Whatever A had in flight has landed by now; look at every screen again.
  await page.waitForTimeout(settleMs);
  await expectNothingOfA(page);
  await openProfilePage(page, 'Orders');
  await orderArticle(page, bInvoice).waitFor();
  await expectNothingOfA(page);
  await openProfilePage(page, 'Addresses');
  await addressCard(page, bAddress.label).waitFor();
  await expectNothingOfA(page);
}

/**
 * One tab for both people, its API calls routed as above. The scenario records each person's
 * token once they have signed in (the route tells A's requests from B's by it); afterwards no
 * console line may hold either token.
 */
async function inSharedTab(delayMs: number, scenario: (page: Page, tokens: SignedInTokens) => Promise<void>) {
  const { page, context } = await newPage(browser);
  await context.setExtraHTTPHeaders({ 'x-forwarded-for': forwardedFor() });
  const tokens: SignedInTokens = { a: null, b: null };
  await routeApi(context, tokens, delayMs);
  const logLines: string[] = [];
  page.on('console', (message) => logLines.push(message.text()));
  try {
    await page.goto('/');
    await seedCart(page);
    // A full load, so the cart store starts from the seeded cart.
    await page.goto('/auth/login');
    await scenario(page, tokens);
    for (const line of logLines) {
      for (const token of [tokens.a, tokens.b]) if (token) expect(line).not.toContain(token);
    }
  } catch (error) {
    await saveScreenshot(page, `user-data-isolation-failure-${delayMs}`);
    throw error;
  } finally {
    await context.close();
  }
}

const signedInToken = async (page: Page) => (await page.evaluate(() => localStorage.getItem('authToken'))) ?? '';

/** A signs out from the header; B signs in through the header's Customer Login, same tab. */
async function switchToB(page: Page, tokens: SignedInTokens) {
  await banner(page).getByRole('button', { name: 'Logout' }).click();
  await banner(page).getByRole('button', { name: 'Sign In/Register' }).click();
  await page.getByRole('menuitem', { name: 'Customer Login' }).click();
  await logIn(page, b.email, b.password);
  tokens.b = await signedInToken(page);
}

describe('user data stays with its user in a shared tab', () => {
  it('at normal speed: after A signs out and B signs in, B sees none of A’s profile, orders, addresses or points', () =>
    inSharedTab(0, async (page, tokens) => {
      await logIn(page, customer.email, customer.password);
      tokens.a = await signedInToken(page);

      // A sees A's own data on every screen, and spends some points.
      await page.getByText(`Hello, ${customer.name}`).waitFor();
      await openProfilePage(page, 'Orders');
      await orderArticle(page, aInvoice).waitFor();
      await openProfilePage(page, 'Addresses');
      await addressCard(page, aAddress.label).waitFor();
      await openCart(page);
      await page.getByLabel(/Reward points at Green Barrow.*\(you have \d+\)/).waitFor();
      await page.getByRole('button', { name: 'Use points' }).click();
      await appliedPoints(page).waitFor();

      await switchToB(page, tokens);
      await expectOnlyB(page, 300);
    }));

  it('with slow replies: what A had in flight when signing out never reaches B', () =>
    inSharedTab(1_500, async (page, tokens) => {
      await logIn(page, customer.email, customer.password);
      tokens.a = await signedInToken(page);

      // A asks for orders, addresses and points and signs out before the replies arrive.
      await openProfilePage(page, 'Orders');
      await openProfilePage(page, 'Addresses');
      await openCart(page);
      await switchToB(page, tokens);
      await expectOnlyB(page, 3_000);
    }));
});
