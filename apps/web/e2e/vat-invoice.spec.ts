import type { ProductCard, ProductList } from '@parade/core/catalog-dto';
import { vatIncluded } from '@parade/core/money-rules';
import { seriousA11yViolations } from '@parade/test-support/axe';
import { e2eServer } from '@parade/test-support/e2e-servers';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, saveScreenshot, viewports } from './support/browser';

/**
 * Issue 24's VAT acceptance: "Invoices of a VAT-registered shop show the VAT lines and number;
 * others show none." A new shopper buys, for collection and cash, from Jubilee Hardware
 * (VAT-registered in the demo, GB999000202, goods at 20 %) and from Rise & Crumb Bakery (not
 * registered); the invoice, the success page and the order pages show the VAT block for the
 * hardware order only.
 */
let browser: Browser;
const run = `${process.pid}-${Date.now()}`;
let clientCounter = 0;
// Each shopper of this file counts as its own client against the per-address limits (sign-up).
const forwardedFor = () => `10.92.${process.pid % 250}.${++clientCounter}`;

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

async function newCustomerToken(name: string): Promise<string> {
  const email = `${name.toLowerCase().replace(/\W+/g, '.')}.${run}.${clientCounter}@example.test`;
  const password = 'vat invoice e2e passphrase';
  return (
    await api<{ access_token: string }>('auth/register', {
      method: 'POST',
      body: { name, email, password, password_confirmation: password },
    })
  ).access_token;
}

/** The cheapest in-stock physical card of a shop. */
async function cheapestPhysical(shop: string): Promise<ProductCard> {
  const list = await api<ProductList>(`products?shop=${shop}&sort_by=price&sort_high=0`);
  const card = list.products.data.find(
    (c) => c.type === 'Physical' && (c.variation.stock === null || c.variation.stock >= 3),
  );
  if (!card) throw new Error(`no physical product in stock at ${shop}`);
  return card;
}

/** The cart line a shopper would have after adding `card` (the cart store's shape in local storage). */
const cartLine = (card: ProductCard, quantity: number) => ({
  id: card.variation.id,
  name: card.variation.name,
  slug: card.variation.slug,
  full_name: card.variation.full_name,
  price: card.variation.price,
  thumbnail: card.thumbnail,
  images: [],
  quantity,
  product: { id: card.id, slug: card.slug, type: card.type, shop_id: card.shop.id, shop: card.shop },
});

/** A signed-in page whose cart holds `lines`, for collection, as earlier visits would have left it. */
async function shopperWithCart(token: string, lines: ReturnType<typeof cartLine>[], viewport = viewports.desktop) {
  const { page, context } = await newPage(browser, viewport);
  await context.addInitScript((value) => localStorage.setItem('authToken', value), token);
  await page.goto('/');
  // Seed once the app has booted: its stores write their own state while it boots.
  await page.waitForLoadState('networkidle');
  await page.evaluate((items) => {
    localStorage.setItem(
      'parade-cart',
      JSON.stringify({ state: { items, shopCoupons: {}, rewardPointsApplied: {} }, version: 1 }),
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
  }, lines);
  return { page, context };
}

const money = (p: number) => `£${(p / 100).toFixed(2)}`;

/** The VAT block of the order from `shop` within `scope` (an invoice section, an order card). */
const vatBlock = (page: Page, label: RegExp) => page.getByRole('group', { name: label });

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe('VAT on invoices', () => {
  it("shows the VAT lines and number for the VAT-registered shop's order only, on every page with its figures", async () => {
    const token = await newCustomerToken('Vera Tax');
    const hardware = await cheapestPhysical('jubilee-hardware');
    const bread = await cheapestPhysical('rise-and-crumb');
    const { page, context } = await shopperWithCart(token, [cartLine(hardware, 2), cartLine(bread, 1)]);

    await page.goto('/cart');
    await page.getByRole('heading', { name: 'Checkout', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Place order' }).click();
    await page.getByRole('heading', { name: 'Thank you, your order is placed' }).waitFor();
    const invoice = await page.getByTestId('invoice-number').innerText();

    // Collection, no discounts: the hardware line is charged its price x 2, VAT at 20 % inside.
    const hardwareVat = vatIncluded(hardware.variation.price * 2, 20);
    const hardwareLabel = new RegExp(`^VAT in order ${invoice} from ${hardware.shop.name}$`);
    const successBlock = vatBlock(page, hardwareLabel);
    await successBlock.waitFor();
    expect(await successBlock.innerText()).toMatch(
      new RegExp(`VAT included\\s+VAT at 20%\\s+${money(hardwareVat).replace('.', '\\.')}\\s+VAT number: GB999000202`),
    );
    expect(await page.getByTestId('order-vat').count()).toBe(1);
    await saveScreenshot(page, 'vat-success-desktop');

    // The invoice: a VAT block in the hardware order's section, none in the bakery's.
    await page.getByRole('link', { name: 'View invoice' }).click();
    await page.getByRole('heading', { name: `Invoice ${invoice}` }).waitFor();
    const hardwareSection = page.getByRole('region', { name: `Order from ${hardware.shop.name}` });
    const bakerySection = page.getByRole('region', { name: `Order from ${bread.shop.name}` });
    const block = hardwareSection.getByTestId('order-vat');
    await block.waitFor();
    const text = await block.innerText();
    expect(text).toContain('VAT included');
    expect(text).toMatch(new RegExp(`VAT at 20%\\s+${money(hardwareVat).replace('.', '\\.')}`));
    expect(text).toContain('VAT number: GB999000202');
    expect(await bakerySection.getByTestId('order-lines').count()).toBe(1);
    expect(await bakerySection.getByText(/VAT/).count()).toBe(0);
    expect(await page.getByTestId('order-vat').count()).toBe(1);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await saveScreenshot(page, 'vat-invoice-desktop');

    // Each order's own page: the same block for the hardware order, none for the bakery's.
    const { orders } = await api<{ orders: { id: number; shop: { id: number } }[] }>(`user/invoice/${invoice}`, {
      token,
    });
    const hardwareOrder = orders.find((o) => o.shop.id === hardware.shop.id)!;
    const bakeryOrder = orders.find((o) => o.shop.id === bread.shop.id)!;
    await page.goto(`/profile/orders/${hardwareOrder.id}`);
    await page.getByRole('heading', { name: new RegExp(`^Order #${hardwareOrder.id} from`) }).waitFor();
    expect(await vatBlock(page, /^VAT in this order$/).innerText()).toContain('VAT number: GB999000202');
    await page.goto(`/profile/orders/${bakeryOrder.id}`);
    await page.getByRole('heading', { name: new RegExp(`^Order #${bakeryOrder.id} from`) }).waitFor();
    await page.getByTestId('invoice-totals').waitFor();
    expect(await page.getByTestId('order-vat').count()).toBe(0);
    await context.close();

    // The invoice on a phone: no sideways scroll, the block still there.
    const phone = await newPage(browser, viewports.mobile);
    await phone.context.addInitScript((value) => localStorage.setItem('authToken', value), token);
    await phone.page.goto(`/order/invoice/${invoice}`);
    await phone.page.getByRole('heading', { name: `Invoice ${invoice}` }).waitFor();
    await phone.page.getByTestId('order-vat').waitFor();
    await phone.page.waitForLoadState('networkidle');
    expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await seriousA11yViolations(phone.page)).toEqual([]);
    await saveScreenshot(phone.page, 'vat-invoice-mobile');
    await phone.context.close();
  });
});
