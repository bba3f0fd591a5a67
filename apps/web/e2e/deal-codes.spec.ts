import type { ProductCard, ProductList } from '@parade/core/catalog-dto';
import type { Order } from '@parade/core/order-schemas';
import { seriousA11yViolations } from '@parade/test-support/axe';
import { e2eServer } from '@parade/test-support/e2e-servers';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, saveScreenshot, viewports } from './support/browser';
import { pence } from './support/page-helpers';

/**
 * Issue 23: "a deal that shows a code can be redeemed at checkout". The demo's "Fresh Friday"
 * deal shows the platform coupon FRESH10 (10% off fruit, vegetables and bread at any shop, paid
 * for by Parade); a new shopper copies it from /ubm-offers and uses it in a shop's coupon box.
 */
let browser: Browser;
const run = `${process.pid}-${Date.now()}`;
let clientCounter = 0;
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

async function newCustomerToken(): Promise<string> {
  const password = 'deal code e2e passphrase';
  return (
    await api<{ access_token: string }>('auth/register', {
      method: 'POST',
      body: {
        name: 'Dina Dealer',
        email: `dina.${run}.${clientCounter}@example.test`,
        password,
        password_confirmation: password,
      },
    })
  ).access_token;
}

const inStock = (card: ProductCard) =>
  card.type === 'Physical' && (card.variation.stock === null || card.variation.stock >= 3);

const productPath = (card: ProductCard) => `/${card.shop.slug}/product/${card.slug}/${card.variation.slug}`;

async function addToCart(page: Page, card: ProductCard, firstItem: boolean) {
  await page.goto(productPath(card));
  await page.getByRole('button', { name: 'Add to cart' }).click();
  if (firstItem) {
    const modal = page.getByRole('dialog', { name: 'Choose Order Type' });
    await modal.getByRole('radio').first().check();
    await modal.getByRole('button', { name: 'Continue' }).click();
  }
  await page.getByText('Item added to cart', { exact: true }).first().waitFor();
}

const summaryRow = async (page: Page, label: RegExp) => {
  const text = (await page.getByTestId('cart-summary').innerText()).split('\n').join(' ');
  const match = text.match(new RegExp(`${label.source}\\s+(−?£[\\d,.]+)`));
  return match?.[1] ? pence(match[1]) : null;
};

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe('a deal code at checkout', () => {
  it("copies FRESH10 from the deals page and gets 10% off one shop's fruit, paid by Parade", async () => {
    const token = await newCustomerToken();
    const { page, context } = await newPage(browser, viewports.desktop);
    await context.addInitScript((value) => localStorage.setItem('authToken', value), token);

    // The deal shows its code (and the one without a code shows none).
    await page.goto('/ubm-offers');
    const fresh = page.getByRole('article').filter({ hasText: 'Fresh Friday' });
    const code = (await fresh.getByTestId('deal-code').innerText()).match(/\b[A-Z0-9]{4,}\b/)?.[0];
    expect(code).toBe('FRESH10');
    expect(
      await page
        .getByRole('article')
        .filter({ hasText: 'Free collection, every order' })
        .getByTestId('deal-code')
        .count(),
    ).toBe(0);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await saveScreenshot(page, 'deals-with-codes-desktop');

    const fruit = (await api<ProductList>('products?shop=green-barrow&category[0]=fruit-and-veg')).products.data.find(
      inStock,
    )!;
    const meat = (await api<ProductList>('products?shop=cable-street-butchers')).products.data.find(inStock)!;
    expect(fruit, 'a fruit-and-veg product at Green Barrow').toBeTruthy();
    await addToCart(page, fruit, true);
    await addToCart(page, meat, false);

    await page.goto('/cart');
    await page.getByRole('heading', { name: 'Checkout', level: 1 }).waitFor();
    // At the butcher's the code matches nothing: the shopper is told, under the box.
    const meatBox = page.getByRole('textbox', { name: `Coupon code for ${meat.shop.name}` });
    await meatBox.fill(code!.toLowerCase());
    // Sent with the keyboard from its Apply button: focus goes to the box, whose message is read out.
    const apply = meatBox.locator('xpath=ancestor::form').getByRole('button', { name: 'Apply' });
    await apply.focus();
    await page.keyboard.press('Enter');
    await page.getByText('This coupon does not apply to the items in your cart.').waitFor();
    await expect.poll(() => meatBox.evaluate((box) => box === document.activeElement)).toBe(true);
    expect(await meatBox.getAttribute('aria-describedby')).toBeTruthy();

    const fruitBox = page.getByRole('textbox', { name: `Coupon code for ${fruit.shop.name}` });
    await fruitBox.fill(code!);
    await fruitBox.press('Enter');
    const applied = page.getByTestId(`coupon-applied-${fruit.shop.id}`);
    await applied.waitFor();
    expect(await applied.innerText()).toMatch(/Coupon FRESH10: −£[\d.]+\s*\(a Parade deal\)/);
    const discount = Math.round(fruit.variation.price * 0.1);
    const subtotal = fruit.variation.price + meat.variation.price;
    expect(await summaryRow(page, /Total/)).toBe(subtotal - discount);
    expect(await seriousA11yViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Place order' }).click();
    await page.getByRole('heading', { name: 'Thank you, your order is placed' }).waitFor();
    expect(pence(await page.getByTestId('success-total').innerText())).toBe(subtotal - discount);

    // The order keeps the code and says the platform pays its discount.
    const { data } = await api<{ data: Order[] }>('user/order', { token });
    const fruitOrder = data.find((order) => order.shop.id === fruit.shop.id)!;
    expect(fruitOrder).toMatchObject({ coupon_code: 'FRESH10', discount, platform_discount: discount });
    expect(data.find((order) => order.shop.id === meat.shop.id)).toMatchObject({ discount: 0, platform_discount: 0 });
    await context.close();
  });

  it('shows the code on a phone', async () => {
    const { page, context } = await newPage(browser, viewports.mobile);
    await page.goto('/ubm-offers');
    const codeBox = page.getByRole('article').filter({ hasText: 'E-book week' }).getByTestId('deal-code');
    expect(await codeBox.innerText()).toContain('EBOOK25');
    const box = await codeBox.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(viewports.mobile.width);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewports.mobile.width);
    await saveScreenshot(page, 'deals-with-codes-mobile');
    await context.close();
  });
});
