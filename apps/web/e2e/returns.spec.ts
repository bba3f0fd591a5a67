import { seriousA11yViolations } from '@parade/test-support/axe';
import { e2eServer } from '@parade/test-support/e2e-servers';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, saveScreenshot, viewports } from './support/browser';
import { waitForMail } from './support/mail';

/**
 * A return from both sides, in the real apps: a customer with a delivered order asks to return
 * an item from the order page of the storefront, the shop's vendor accepts it (with a note) on
 * the merchant site and marks the item received, and the customer sees it accepted on
 * /profile/order-return and is mailed.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const vendor = { email: 'vendor.green-barrow@parade.test', password: 'parade-vendor-2026', shopSlug: 'green-barrow' };
let clientCounter = 0;
/** Each caller is its own client address (the test server trusts X-Forwarded-For from loopback). */
const clientAddress = () => `10.93.${process.pid % 250}.${++clientCounter}`;

async function api<T>(path: string, init: { method?: string; token?: string; body?: unknown } = {}) {
  const response = await fetch(`${e2eServer().baseURL}/api/${path}`, {
    method: init.method ?? 'GET',
    headers: {
      accept: 'application/json',
      'x-forwarded-for': clientAddress(),
      ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
    body: init.body !== undefined ? JSON.stringify(init.body) : undefined,
  });
  return { status: response.status, body: (await response.json()) as { data: T; message?: string } };
}

/** A new customer whose cash collection order of 2 items from the vendor's shop is delivered, all through the API. */
async function deliveredOrderForNewCustomer() {
  const email = `rita.returns.${process.pid}.${Date.now()}@example.test`;
  const password = 'returns e2e passphrase';
  const registered = await api<{ access_token: string }>('auth/register', {
    method: 'POST',
    body: { name: 'Rita Returns', email, password, password_confirmation: password },
  });
  expect(registered.status).toBe(201);
  const token = registered.body.data.access_token;

  const cards = await api<{ products: { data: { type: string; variation: { id: number; stock: number | null } }[] } }>(
    `products?shop=${vendor.shopSlug}`,
  );
  const card = cards.body.data.products.data.find(
    (c) => c.type === 'Physical' && c.variation.stock !== null && c.variation.stock > 10,
  );
  expect(card).toBeDefined();
  const settings = (await (await fetch(`${e2eServer().baseURL}/api/app/setting`)).json()) as {
    settings: { collection_locations: string };
  };
  const point = (JSON.parse(settings.settings.collection_locations) as { value: string }[])[0]!.value;
  const placed = await api<{ invoice: string; orders: { id: number; items: { full_name: string }[] }[] }>(
    'user/order/place',
    {
      method: 'POST',
      token,
      body: {
        order_type: 'collection',
        collection_point: point,
        items: [{ variation_id: card!.variation.id, quantity: 2 }],
        payment_method: 'cash',
      },
    },
  );
  expect(placed.status).toBe(201);
  const order = placed.body.data.orders[0]!;

  const login = await api<{ access_token: string }>('auth/login', {
    method: 'POST',
    body: { email: vendor.email, password: vendor.password },
  });
  const vendorToken = login.body.data.access_token;
  for (const status of ['processing', 'ready', 'delivered']) {
    const moved = await api(`vendor/orders/${order.id}/status`, {
      method: 'PATCH',
      token: vendorToken,
      body: { status },
    });
    expect(moved.status).toBe(200);
  }
  return { email, token, orderId: order.id, invoice: placed.body.data.invoice, itemName: order.items[0]!.full_name };
}

async function customerContext(token: string, viewport: { width: number; height: number } = viewports.desktop) {
  const { page, context } = await newPage(browser, viewport);
  await context.setExtraHTTPHeaders({ 'x-forwarded-for': clientAddress() });
  await context.addInitScript((value) => localStorage.setItem('authToken', value), token);
  return { page, context };
}

describe('returns', () => {
  it('a customer returns an item of a delivered order, the shop accepts it, and the customer sees it accepted', async () => {
    const { email, token, orderId, invoice, itemName } = await deliveredOrderForNewCustomer();
    const contexts: BrowserContext[] = [];
    try {
      // The customer asks, from the order page.
      const shopper = await customerContext(token);
      contexts.push(shopper.context);
      const { page } = shopper;
      await page.goto('/profile/order-return');
      await page.getByText('No returns yet').waitFor();
      await saveScreenshot(page, 'returns-page-empty-desktop');
      await page.goto(`/profile/orders/${orderId}`);
      const returnButton = page.getByRole('button', { name: `Return item: ${itemName}` });
      await returnButton.waitFor();
      expect(await seriousA11yViolations(page)).toEqual([]);
      await saveScreenshot(page, 'return-order-page-desktop');

      await returnButton.click();
      const dialog = page.getByRole('dialog', { name: 'Return an item' });
      await dialog.getByText('you can return up to 2 items until').waitFor();
      await dialog.getByRole('textbox', { name: 'Reason' }).fill('Two of them were bruised when I unpacked them.');
      // More than is left is not quietly turned into something else: the form says what may be returned.
      const quantity = dialog.getByRole('textbox', { name: 'Quantity' });
      await quantity.fill('5');
      await quantity.press('Tab');
      expect(await quantity.inputValue()).toBe('5');
      await dialog.getByRole('button', { name: 'Request return' }).click();
      await dialog.getByText('At most 2.').waitFor();
      await quantity.fill('1');
      // Let the modal finish fading in: axe measures contrast on what is on screen now.
      await dialog.evaluate((el) => Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished)));
      expect(await seriousA11yViolations(page)).toEqual([]);
      await saveScreenshot(page, 'return-request-modal-desktop');
      await dialog.getByRole('button', { name: 'Request return' }).click();
      await page.getByText('Return requested.').waitFor();
      await dialog.waitFor({ state: 'hidden' });
      // One of two is now waiting: the line still offers the other one.
      await page.getByText('1 already returned or waiting.').waitFor();

      await page.getByRole('navigation', { name: 'My account' }).getByRole('link', { name: 'Returns' }).first().click();
      await page.getByRole('heading', { name: 'My returns' }).waitFor();
      const card = page.getByTestId('return-card').filter({ hasText: itemName });
      await card.getByLabel('Return status: PENDING').waitFor();
      await card.getByText('Two of them were bruised when I unpacked them.').waitFor();
      expect(new URL(page.url()).pathname).toBe('/profile/order-return');

      // The shop hears of it, and decides on the merchant site.
      const shopMail = await waitForMail(
        `hello@${vendor.shopSlug}.parade.test`,
        new RegExp(`Return requested on order #${orderId}`),
      );
      expect(shopMail.text).toContain('Two of them were bruised when I unpacked them.');
      const merchant = await newPage(browser);
      contexts.push(merchant.context);
      await merchant.context.setExtraHTTPHeaders({ 'x-forwarded-for': clientAddress() });
      const admin = merchant.page;
      await admin.goto('/admin/sign-in');
      await admin.getByLabel('E-mail').fill(vendor.email);
      await admin.getByLabel(/^Password/).fill(vendor.password);
      await admin.getByRole('button', { name: 'Sign in' }).click();
      await admin.getByText('Orders today').waitFor();
      await admin.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Returns' }).click();
      await admin.getByRole('heading', { name: 'Returns' }).waitFor();
      await admin.getByRole('searchbox', { name: 'Search' }).fill(invoice);
      const label = `${itemName} (${invoice})`;
      await admin.getByRole('button', { name: `Accept return of ${label}` }).click();
      const accept = admin.getByRole('dialog', { name: 'Accept this return?' });
      await accept.getByRole('textbox', { name: /Note for the customer/ }).fill('Bring them to the shop any morning.');
      await accept.evaluate((el) => Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished)));
      expect(await seriousA11yViolations(admin)).toEqual([]);
      await saveScreenshot(admin, 'vendor-return-accept-modal-desktop');
      await accept.getByRole('button', { name: 'Accept return' }).click();
      await admin.getByText('Return accepted;').waitFor();
      // The toast fades in and out (axe would measure it half-transparent): check once it is gone.
      await admin.getByText('Return accepted;').waitFor({ state: 'hidden', timeout: 10_000 });
      await admin.getByRole('button', { name: `Item received: ${label}` }).waitFor();
      expect(await seriousA11yViolations(admin)).toEqual([]);
      await saveScreenshot(admin, 'vendor-returns-desktop');

      // The item comes back: asked to confirm, which says the stock is restored and the item refunded.
      await admin.getByRole('button', { name: `Item received: ${label}` }).click();
      const confirm = admin.getByRole('dialog', { name: 'Has the item come back?' });
      await confirm.getByText('will be put back in stock').waitFor();
      await confirm.getByRole('button', { name: 'Item received, refund it' }).click();
      await admin
        .getByText(/^Received /)
        .first()
        .waitFor();
      expect(await admin.getByRole('button', { name: `Item received: ${label}` }).count()).toBe(0);
      // A cash order: the refund is owed by the shop (decision 030) until it says it paid it back.
      await admin.getByTestId('return-refund').filter({ hasText: 'in cash: Owed in cash' }).waitFor();
      await admin.getByRole('button', { name: `Cash refund paid: ${label}` }).click();
      const paidBack = admin.getByRole('dialog', { name: 'Have you paid the refund back?' });
      await paidBack.getByRole('button', { name: 'Refund paid in cash' }).click();
      await admin.getByTestId('return-refund').filter({ hasText: 'in cash: Paid back in cash' }).waitFor();
      expect(await admin.getByRole('button', { name: `Cash refund paid: ${label}` }).count()).toBe(0);
      await admin.setViewportSize(viewports.mobile);
      await admin.reload();
      await admin.getByRole('heading', { name: 'Returns' }).waitFor();
      await admin
        .getByText(/^Received /)
        .first()
        .waitFor();
      expect(await seriousA11yViolations(admin)).toEqual([]);
      await saveScreenshot(admin, 'vendor-returns-mobile');

      // The customer sees it accepted, with the shop's note, and was mailed.
      await page.reload();
      await card.getByLabel('Return status: ACCEPTED').waitFor();
      await card.getByText('Bring them to the shop any morning.').waitFor();
      await card.getByText(/Received by the shop/).waitFor();
      // Its refund, owed in cash by the shop and since paid back (decision 030).
      await card.getByTestId('return-refund').filter({ hasText: 'in cash: Paid back in cash' }).waitFor();
      expect(await seriousA11yViolations(page)).toEqual([]);
      await saveScreenshot(page, 'returns-page-desktop');
      const accepted = await waitForMail(email, new RegExp(`Your return for order #${orderId} is accepted`));
      expect(accepted.text).toContain('Bring them to the shop any morning.');
      expect(accepted.text).toContain('Once the shop has it back, you are refunded for it');

      const phone = await customerContext(token, viewports.mobile);
      contexts.push(phone.context);
      await phone.page.goto('/profile/order-return');
      await phone.page.getByTestId('return-card').first().waitFor();
      expect(await seriousA11yViolations(phone.page)).toEqual([]);
      await saveScreenshot(phone.page, 'returns-page-mobile');
      await phone.page.goto(`/profile/orders/${orderId}`);
      await phone.page.getByRole('button', { name: `Return item: ${itemName}` }).waitFor();
      await saveScreenshot(phone.page, 'return-order-page-mobile');
    } finally {
      for (const context of contexts) await context.close();
    }
  });
});
