import type { ProductCard, ProductList } from '@parade/core/catalog-dto';
import { expect } from 'vitest';
import { accounts, api } from './staff';

/** A demo account's API token, signed in through the API. */
export async function tokenOf(baseURL: string, account: { email: string; password: string }): Promise<string> {
  const reply = await api<{ access_token: string }>(baseURL, 'auth/login', { method: 'POST', body: account });
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return reply.body.data.access_token;
}

/**
 * The demo customer buys `quantity` of a physical line at the bakery (Rise & Crumb, the
 * `otherVendor`'s shop) by cash, for collection, and the bakery delivers it: a due sale, whose
 * commission is in the shop's ledger. Its invoice number and order id.
 */
export async function deliveredCashOrderAtTheBakery(
  baseURL: string,
  quantity = 1,
): Promise<{ invoice: string; orderId: number }> {
  const customer = await tokenOf(baseURL, accounts.customer);
  const list = await api<ProductList>(baseURL, 'products?shop=rise-and-crumb');
  const card = list.body.data.products.data.find(
    (c: ProductCard) => c.type === 'Physical' && (c.variation.stock === null || c.variation.stock > 5),
  )!;
  const settings = await api<unknown>(baseURL, 'app/setting');
  const points = JSON.parse(
    (settings.body as unknown as { settings: { collection_locations: string } }).settings.collection_locations,
  ) as { value: string }[];
  const placed = await api<{ invoice: string; orders: { id: number }[] }>(baseURL, 'user/order/place', {
    method: 'POST',
    token: customer,
    body: {
      order_type: 'collection',
      collection_point: points[0]!.value,
      items: [{ variation_id: card.variation.id, quantity }],
      payment_method: 'cash',
    },
  });
  expect(placed.status, JSON.stringify(placed.body)).toBe(201);
  const orderId = placed.body.data.orders[0]!.id;
  const vendor = await tokenOf(baseURL, accounts.otherVendor);
  for (const status of ['processing', 'ready', 'delivered']) {
    const moved = await api(baseURL, `vendor/orders/${orderId}/status`, {
      method: 'PATCH',
      token: vendor,
      body: { status },
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
  }
  return { invoice: placed.body.data.invoice, orderId };
}
