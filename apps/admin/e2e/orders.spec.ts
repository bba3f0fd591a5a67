import { seriousA11yViolations } from '@parade/test-support/axe';
import { e2eServer } from '@parade/test-support/e2e-servers';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, saveScreenshot } from './support/browser';
import { accounts, api, signIn } from './support/staff';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

interface Card {
  variation: { id: number; stock: number | null; price: number };
}

const deliveryAddress = {
  name: 'Priya Shah',
  phone: '07700 900456',
  line1: '12 Bethnal Green Road',
  line2: 'Second floor',
  city: 'London',
  postcode: 'E2 6DG',
};

/**
 * The customer places a cash order for one line of the vendor's shop, through the API: a
 * collection, or a delivery to `deliveryAddress` with a note.
 */
async function placeOrderAsCustomer(
  destination: 'collection' | 'delivery' = 'collection',
  paymentMethod: 'cash' | 'card' = 'cash',
): Promise<{ token: string; invoice: string; total: number }> {
  const baseURL = e2eServer().baseURL;
  const login = await api<{ access_token: string }>(baseURL, 'auth/login', { method: 'POST', body: accounts.customer });
  const token = login.body.data.access_token;
  const cards = await api<{ products: { data: Card[] } }>(baseURL, `products?shop=${accounts.vendor.shopSlug}`);
  const card = cards.body.data.products.data.find((c) => c.variation.stock === null || c.variation.stock > 10)!;
  const settings = await api<never>(baseURL, 'app/setting');
  const points = JSON.parse(
    (settings.body as unknown as { settings: { collection_locations: string } }).settings.collection_locations,
  ) as { value: string }[];
  const placed = await api<{ invoice: string; total: number }>(baseURL, 'user/order/place', {
    method: 'POST',
    token,
    body: {
      ...(destination === 'collection'
        ? { order_type: 'collection', collection_point: points[0]!.value }
        : { order_type: 'delivery', address: deliveryAddress, note: 'Please ring the bell twice.' }),
      items: [{ variation_id: card.variation.id, quantity: 3 }],
      payment_method: paymentMethod,
    },
  });
  expect(placed.status, JSON.stringify(placed.body)).toBe(201);
  return { token, invoice: placed.body.data.invoice, total: placed.body.data.total };
}

async function pointsAtShop(token: string): Promise<number> {
  const reply = await api<{ balances: { shop: { slug: string }; points: number }[] }>(
    e2eServer().baseURL,
    'user/reward-points',
    { token },
  );
  return reply.body.data.balances.find((b) => b.shop.slug === accounts.vendor.shopSlug)?.points ?? 0;
}

describe('vendor orders', () => {
  it('moves a collection order to delivered through the allowed steps, and the customer earns points', async () => {
    const { token, invoice } = await placeOrderAsCustomer();
    const pointsBefore = await pointsAtShop(token);

    const { page, context } = await newPage(browser);
    await signIn(page, accounts.vendor);
    await page.getByText('Orders today').waitFor();
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Orders' }).click();
    await page.getByRole('searchbox', { name: 'Search' }).fill(invoice);
    await page.getByRole('link', { name: invoice }).click();
    await page.getByRole('heading', { name: `Order ${invoice}` }).waitFor();
    await page.getByTestId('customer-name').getByText('Priya Shah').waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await saveScreenshot(page, 'vendor-order-desktop');

    // A collection order never offers "Out for delivery"; pending cannot jump to delivered.
    expect(await page.getByRole('button', { name: 'Out for delivery' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Mark delivered' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Start preparing' }).click();
    await page.getByRole('button', { name: 'Ready for collection' }).click();
    await page.getByRole('button', { name: 'Mark paid (cash)' }).click();
    await page.getByText('Marked as paid.').waitFor();
    await page.getByRole('button', { name: 'Mark delivered' }).click();
    // Delivered is for good: asked first.
    const deliver = page.getByRole('dialog', { name: `Mark order ${invoice} delivered?` });
    await deliver
      .getByText('The customer earns their reward points and can ask for a return.', { exact: false })
      .waitFor();
    await deliver.getByRole('button', { name: 'Mark delivered' }).click();
    await page.getByText('Order is now delivered.').waitFor();
    expect(await page.getByRole('button', { name: 'Cancel order' }).count()).toBe(0);

    await expect.poll(() => pointsAtShop(token)).toBeGreaterThan(pointsBefore);

    // Today's sales now show on the dashboard's chart, which stays out of the keyboard's way.
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Dashboard' }).click();
    await page.getByRole('table', { name: 'Sales over the last 30 days' }).waitFor({ state: 'attached' });
    expect(await seriousA11yViolations(page)).toEqual([]);
    await saveScreenshot(page, 'vendor-dashboard-with-sales-desktop');
    await context.close();
  });

  it('offers only Cancel for a card order whose payment has not arrived, and says why', async () => {
    const { invoice } = await placeOrderAsCustomer('collection', 'card');
    const { page, context } = await newPage(browser);
    await signIn(page, accounts.vendor);
    await page.getByText('Orders today').waitFor();
    await page.goto(`/admin/vendor/orders?search=${invoice}`);
    await page.getByRole('link', { name: invoice }).click();
    await page.getByRole('heading', { name: `Order ${invoice}` }).waitFor();
    await page
      .getByText('This order is waiting for its card payment: it can be prepared once the customer has paid.')
      .waitFor();
    await page.getByRole('button', { name: 'Cancel order' }).waitFor();
    expect(await page.getByRole('button', { name: 'Start preparing' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Mark paid (cash)' }).count()).toBe(0);
    await context.close();
  });

  it('cancels an order only after confirming', async () => {
    const { invoice } = await placeOrderAsCustomer();
    const { page, context } = await newPage(browser);
    await signIn(page, accounts.vendor);
    await page.getByText('Orders today').waitFor();
    await page.goto(`/admin/vendor/orders?search=${invoice}`);
    await page.getByRole('link', { name: invoice }).click();
    await page.getByRole('button', { name: 'Cancel order' }).click();
    const dialog = page.getByRole('dialog', { name: `Cancel order ${invoice}?` });
    await dialog.getByRole('button', { name: 'Cancel order' }).click();
    await page.getByText('Order cancelled.').waitFor();
    await page.getByText('CANCELLED').first().waitFor();
    expect(await page.getByRole('button', { name: 'Start preparing' }).count()).toBe(0);
    await context.close();
  });

  it("shows where a delivery goes and the shopper's note, and prints them on a packing slip that is a pick list", async () => {
    const { invoice } = await placeOrderAsCustomer('delivery');
    const { page, context } = await newPage(browser);
    await signIn(page, accounts.vendor);
    await page.getByText('Orders today').waitFor();
    await page.goto(`/admin/vendor/orders?search=${invoice}`);
    await page.getByText('Delivery to E2 6DG').waitFor();
    await page.getByRole('link', { name: invoice }).click();

    const handover = page.getByTestId('handover');
    await handover.getByRole('heading', { name: 'Deliver to' }).waitFor();
    expect(await handover.innerText()).toContain('12 Bethnal Green Road\nSecond floor\nLondon\nE2 6DG');
    await handover.getByText('Phone: 07700 900456').waitFor();
    await handover.getByText('Please ring the bell twice.').waitFor();
    expect(await page.getByTestId('packing-slip').isVisible()).toBe(false);
    expect(await seriousA11yViolations(page)).toEqual([]);

    // On paper: the slip alone, with the address, the note, and each line to tick off.
    await page.emulateMedia({ media: 'print' });
    const slip = page.getByTestId('packing-slip');
    await slip.waitFor();
    expect(await page.getByRole('button', { name: 'Cancel order' }).isVisible()).toBe(false);
    const text = await slip.innerText();
    expect(text).toContain(`Order ${invoice}`);
    expect(text).toContain('12 Bethnal Green Road');
    expect(text).toContain('E2 6DG');
    expect(text).toContain('Note from the shopper: Please ring the bell twice.');
    expect(text).toContain('To pack: 3 items');
    const row = slip.getByRole('row').nth(1);
    expect(await row.getByRole('cell').nth(1).innerText()).toBe('3');
    await row.getByRole('img', { name: 'Not yet packed' }).waitFor();
    await saveScreenshot(page, 'vendor-packing-slip-print');
    await context.close();
  });
});
