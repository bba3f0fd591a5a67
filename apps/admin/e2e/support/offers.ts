import type { Claim, Offer } from '@parade/core/offer-schemas';
import { e2eServer } from '@parade/test-support/e2e-servers';
import { expect } from 'vitest';
import { accounts, api } from './staff';

/** Signs in through the API and answers the bearer token. */
export async function tokenFor(account: { email: string; password: string }): Promise<string> {
  const reply = await api<{ access_token: string }>(e2eServer().baseURL, 'auth/login', {
    method: 'POST',
    body: account,
  });
  expect(reply.status).toBe(200);
  return reply.body.data.access_token;
}

/** A brand-new customer (registered through the API), so each spec's claims and points start from nothing. */
export async function newCustomer(name: string): Promise<{ email: string; password: string; token: string }> {
  const email = `${name.toLowerCase().replace(/[^a-z]+/g, '.')}.${Date.now()}.${Math.floor(Math.random() * 1000)}@example.test`;
  const password = 'offers-spec-2026';
  const reply = await api<{ access_token: string }>(e2eServer().baseURL, 'auth/register', {
    method: 'POST',
    body: { name, email, password, password_confirmation: password },
  });
  expect(reply.status, JSON.stringify(reply.body)).toBe(201);
  return { email, password, token: reply.body.data.access_token };
}

/** The vendor's offer made through the API (the merchant site's own form is tested elsewhere). */
export async function createOffer(vendorToken: string, fields: Partial<Offer> & { title: string }): Promise<Offer> {
  const now = Date.now();
  const reply = await api<{ offer: Offer }>(e2eServer().baseURL, 'vendor-offers/vendor/offers', {
    method: 'POST',
    token: vendorToken,
    body: {
      description: 'Set up by a browser spec.',
      discount_type: 'percent',
      discount_value: 10,
      starts_at: new Date(now - 60_000).toISOString(),
      ends_at: new Date(now + 14 * 24 * 3600_000).toISOString(),
      ...fields,
    },
  });
  expect(reply.status, JSON.stringify(reply.body)).toBe(201);
  return reply.body.data.offer;
}

/** The customer claims an offer of the demo vendor's shop through the API (with the scanned code when given). */
export async function claimOffer(customerToken: string, offerId: number, qr?: string): Promise<Claim> {
  const reply = await api<{ claim: Claim }>(
    e2eServer().baseURL,
    `vendor-offers/vendor/${accounts.vendor.shopSlug}/offers/${offerId}/claim`,
    { method: 'POST', token: customerToken, body: qr ? { qr } : {} },
  );
  expect(reply.status, JSON.stringify(reply.body)).toBe(201);
  return reply.body.data.claim;
}

interface Card {
  variation: { id: number; stock: number | null; price: number };
}

/** The customer places a cash collection order of two items at the demo vendor's shop; answers the order. */
export async function placeOrderAtVendor(
  customerToken: string,
): Promise<{ id: number; invoice: string; subtotal: number }> {
  const baseURL = e2eServer().baseURL;
  const cards = await api<{ products: { data: Card[] } }>(baseURL, `products?shop=${accounts.vendor.shopSlug}`);
  const card = cards.body.data.products.data.find((c) => c.variation.stock === null || c.variation.stock > 10);
  if (!card) throw new Error('The demo shop has no product in stock');
  // The settings call answers its `settings` at the top level of the envelope (api-contract.md).
  const settings = await api<never>(baseURL, 'app/setting');
  const points = JSON.parse(
    (settings.body as unknown as { settings: { collection_locations: string } }).settings.collection_locations,
  ) as { value: string }[];
  const placed = await api<{ invoice: string; orders: { id: number; subtotal: number }[] }>(
    baseURL,
    'user/order/place',
    {
      method: 'POST',
      token: customerToken,
      body: {
        order_type: 'collection',
        collection_point: points[0]?.value,
        items: [{ variation_id: card.variation.id, quantity: 2 }],
        payment_method: 'cash',
      },
    },
  );
  expect(placed.status, JSON.stringify(placed.body)).toBe(201);
  const order = placed.body.data.orders[0];
  if (!order) throw new Error('No order in the reply');
  return { id: order.id, invoice: placed.body.data.invoice, subtotal: order.subtotal };
}

/** The customer's reward points at the demo vendor's shop. */
export async function pointsAtVendor(customerToken: string): Promise<number> {
  const reply = await api<{ balances: { shop: { slug: string }; points: number }[] }>(
    e2eServer().baseURL,
    'user/reward-points',
    { token: customerToken },
  );
  return reply.body.data.balances.find((b) => b.shop.slug === accounts.vendor.shopSlug)?.points ?? 0;
}

// A 2x2 PNG: the server checks pictures by content, so it must be a real image.
export const tinyPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP8z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==',
  'base64',
);
