import { seriousA11yViolations } from '@parade/test-support/axe';
import { e2eServer } from '@parade/test-support/e2e-servers';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, saveScreenshot, viewports } from './support/browser';
import { waitForMail } from './support/mail';

/**
 * A return's refund from both sides (docs/decisions/030), in the real apps: a customer paid a
 * collection order of 2 by card (through the Stripe stand-in) and it was delivered; they return
 * one, the shop accepts it and marks it received on the merchant site, which refunds it through
 * Stripe; the customer's order page then shows the refund (amount, card, refunded) and the
 * order's payment status in words, and both are mailed.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const vendor = { email: 'vendor.green-barrow@parade.test', password: 'parade-vendor-2026', shopSlug: 'green-barrow' };
let clientCounter = 0;
/** Each caller is its own client address (the test server trusts X-Forwarded-For from loopback). */
const clientAddress = () => `10.94.${process.pid % 250}.${++clientCounter}`;

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

/**
 * A new customer's card collection order of 2 from the vendor's shop, paid through the stand-in
 * (as its Stripe.js confirmation does) and delivered, with a return of 1 accepted, all through
 * the API.
 */
async function acceptedReturnOfCardOrder() {
  const email = `rene.refund.${process.pid}.${Date.now()}@example.test`;
  const password = 'refund e2e passphrase';
  const registered = await api<{ access_token: string }>('auth/register', {
    method: 'POST',
    body: { name: 'Rene Refund', email, password, password_confirmation: password },
  });
  expect(registered.status).toBe(201);
  const token = registered.body.data.access_token;

  const cards = await api<{
    products: { data: { type: string; variation: { id: number; price: number; stock: number | null } }[] };
  }>(`products?shop=${vendor.shopSlug}`);
  const card = cards.body.data.products.data.find(
    (c) => c.type === 'Physical' && c.variation.stock !== null && c.variation.stock > 10 && c.variation.price >= 100,
  );
  expect(card).toBeDefined();
  const settings = (await (await fetch(`${e2eServer().baseURL}/api/app/setting`)).json()) as {
    settings: { collection_locations: string; stripe_js_url: string };
  };
  const point = (JSON.parse(settings.settings.collection_locations) as { value: string }[])[0]!.value;
  const placed = await api<{ invoice: string; orders: { id: number; items: { id: number; full_name: string }[] }[] }>(
    'user/order/place',
    {
      method: 'POST',
      token,
      body: {
        order_type: 'collection',
        collection_point: point,
        items: [{ variation_id: card!.variation.id, quantity: 2 }],
        payment_method: 'card',
      },
    },
  );
  expect(placed.status).toBe(201);
  const order = placed.body.data.orders[0]!;

  // Paid as the storefront's payment step pays: the stand-in settles and posts the signed webhook.
  const intent = await api<{ client_secret: string }>('payment-token', {
    method: 'POST',
    token,
    body: { invoice: placed.body.data.invoice },
  });
  expect(intent.status).toBe(200);
  const standIn = new URL(settings.settings.stripe_js_url).origin;
  const confirmed = await fetch(`${standIn}/stand-in/confirm`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ client_secret: intent.body.data.client_secret, card_number: '4242424242424242' }),
  });
  expect(((await confirmed.json()) as { paymentIntent?: { status: string } }).paymentIntent?.status).toBe('succeeded');

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
  const asked = await api<{ return: { id: number } }>('user/order-return', {
    method: 'POST',
    token,
    body: { order_item_id: order.items[0]!.id, quantity: 1, reason: 'One was enough in the end.' },
  });
  expect(asked.status).toBe(201);
  const accepted = await api(`vendor/returns/${asked.body.data.return.id}/accept`, {
    method: 'POST',
    token: vendorToken,
    body: {},
  });
  expect(accepted.status).toBe(200);
  return {
    email,
    token,
    orderId: order.id,
    invoice: placed.body.data.invoice,
    itemName: order.items[0]!.full_name,
    unitPrice: card!.variation.price,
  };
}

describe('a return refunded', () => {
  it("shows the card refund on the customer's order once the shop marks the item received", async () => {
    const { email, token, orderId, invoice, itemName, unitPrice } = await acceptedReturnOfCardOrder();
    const pounds = `£${(unitPrice / 100).toFixed(2)}`;
    const contexts: BrowserContext[] = [];
    try {
      // Before: the order is paid and shows no refund.
      const shopper = await newPage(browser, viewports.desktop);
      contexts.push(shopper.context);
      await shopper.context.setExtraHTTPHeaders({ 'x-forwarded-for': clientAddress() });
      await shopper.context.addInitScript((value) => localStorage.setItem('authToken', value), token);
      const { page } = shopper;
      await page.goto(`/profile/orders/${orderId}`);
      await page.getByLabel('Payment: PAID').waitFor();
      expect(await page.getByTestId('order-refunds').count()).toBe(0);

      // The shop marks the item received on the merchant site: it is refunded to the card.
      const merchant = await newPage(browser);
      contexts.push(merchant.context);
      await merchant.context.setExtraHTTPHeaders({ 'x-forwarded-for': clientAddress() });
      const admin = merchant.page;
      await admin.goto('/admin/sign-in');
      await admin.getByLabel('E-mail').fill(vendor.email);
      await admin.getByLabel(/^Password/).fill(vendor.password);
      await admin.getByRole('button', { name: 'Sign in' }).click();
      await admin.getByText('Orders today').waitFor();
      await admin.goto(`/admin/vendor/returns?search=${encodeURIComponent(invoice)}`);
      await admin.getByRole('heading', { name: 'Returns' }).waitFor();
      const label = `${itemName} (${invoice})`;
      await admin.getByRole('button', { name: `Item received: ${label}` }).click();
      const confirm = admin.getByRole('dialog', { name: 'Has the item come back?' });
      await confirm.getByText('to their card if they paid by card').waitFor();
      await confirm.getByRole('button', { name: 'Item received, refund it' }).click();
      const refundNote = admin.getByTestId('return-refund').first();
      // Sent to Stripe after the reply: on its way, or already refunded when the list is read again.
      await refundNote.waitFor();
      expect(await refundNote.innerText()).toMatch(
        new RegExp(`^Refund ${pounds.replace('.', '\\.')} to card: (On its way|Refunded)$`),
      );
      await admin.getByText(/the refund is on its way to the card/).waitFor({ state: 'hidden', timeout: 10_000 });
      expect(await seriousA11yViolations(admin)).toEqual([]);
      await saveScreenshot(admin, 'vendor-return-refunded-desktop');

      // The shop's order page lists the refund too.
      await admin.goto(`/admin/vendor/orders/${orderId}`);
      const shopRefund = admin.getByTestId('order-refund');
      await shopRefund.waitFor();
      await expect
        .poll(
          async () => {
            await admin.reload();
            await shopRefund.waitFor();
            return shopRefund.getAttribute('data-status');
          },
          { timeout: 15_000 },
        )
        .toBe('succeeded');
      expect(await shopRefund.innerText()).toContain(`Return: 1 × ${itemName}`);
      expect(await seriousA11yViolations(admin)).toEqual([]);
      await saveScreenshot(admin, 'vendor-order-refunds-desktop');

      // The customer's order page: the refund, and the order partly refunded, in words.
      const refunds = page.getByTestId('order-refunds');
      const refund = refunds.getByTestId('order-refund');
      await expect
        .poll(
          async () => {
            await page.reload();
            await refunds.waitFor();
            return refund.getAttribute('data-status');
          },
          { timeout: 15_000 },
        )
        .toBe('succeeded');
      expect(await refund.count()).toBe(1);
      const text = await refund.innerText();
      expect(text).toContain(`Return of 1 × ${itemName}`);
      expect(text).toContain(pounds);
      expect(text).toContain('Card: to your card');
      expect(text).toContain('Refunded');
      await page.getByLabel('Payment: PARTIALLY REFUNDED').waitFor();
      expect(await seriousA11yViolations(page)).toEqual([]);
      await saveScreenshot(page, 'order-return-refund-desktop');

      // (The £ makes the subject an encoded word, which the capture may unfold with a second space.)
      const mail = await waitForMail(
        email,
        new RegExp(`Your refund of ${pounds.replace('.', '\\.')} for order\\s+#${orderId}$`),
      );
      expect(mail.text).toContain('has been made to the card you paid with');

      const phone = await newPage(browser, viewports.mobile);
      contexts.push(phone.context);
      await phone.context.setExtraHTTPHeaders({ 'x-forwarded-for': clientAddress() });
      await phone.context.addInitScript((value) => localStorage.setItem('authToken', value), token);
      await phone.page.goto(`/profile/orders/${orderId}`);
      await phone.page.getByTestId('order-refunds').waitFor();
      expect(await seriousA11yViolations(phone.page)).toEqual([]);
      await saveScreenshot(phone.page, 'order-return-refund-mobile');
    } finally {
      for (const context of contexts) await context.close();
    }
  });
});
