import { type FinanceReport, financeReportSchema, londonDay } from '@parade/core/finance-schemas';
import type { StripeStandIn } from '@parade/test-support/stripe-stand-in';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../maintenance/schema';
import type { TestApp } from '../../test/build-test-app';
import { placeCheckout } from '../../test/card-checkouts';
import { checkoutFixtures, collection } from '../../test/checkout-fixtures';
import { signUpAs } from '../../test/manage-fixtures';
import { buildTestAppWithStripe } from '../../test/stripe-test-app';
import { bearer, signUp } from '../../test/test-support';
import { shopLedgerEntries } from './money.tables';

/**
 * Issue 24, "Admin finance" (docs/decisions/032): the platform's gross sales, commission, refunds
 * and payouts per London day and per shop, the payouts due, and the same as CSV. Each figure is
 * checked as the change a known action makes, so the demo data's own orders do not matter.
 */
let t: TestApp;
let stripe: StripeStandIn;
let admin: { token: string };
const fx = checkoutFixtures(() => t);
const db = () => t.database.db;

beforeAll(async () => {
  ({ t, stripe } = await buildTestAppWithStripe({ seed: true }));
  admin = await signUpAs(t.app, t.database, 'admin');
});
afterAll(async () => {
  await t?.close();
  await stripe?.close();
});

const call = (token: string, method: 'GET' | 'PATCH' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: bearer(token) });

const today = () => londonDay();

async function report(query: string): Promise<FinanceReport> {
  const res = await call(admin.token, 'GET', `/api/admin/finance?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return financeReportSchema.parse(res.json().data);
}

const todayRow = async () => (await report(`date_from=${today()}&date_to=${today()}`)).rows[0]!;
const shopRow = async (shopId: number) =>
  (await report(`date_from=${today()}&date_to=${today()}&group=shop`)).rows.find((row) => row.shop_id === shopId);

async function setStatus(vendorToken: string, orderId: number, statuses: string[]) {
  for (const status of statuses) {
    const res = await call(vendorToken, 'PATCH', `/api/vendor/orders/${orderId}/status`, { status });
    expect(res.statusCode, res.body).toBe(200);
  }
}

describe('GET admin/finance', () => {
  it('answers the admin only, and refuses a range that is backwards, too long or not dates', async () => {
    const vendor = await signUpAs(t.app, t.database, 'vendor', { shopId: (await fx.makeShop()).id });
    const customer = await signUp(t.app);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/finance' })).statusCode).toBe(401);
    expect((await call(vendor.token, 'GET', '/api/admin/finance')).statusCode).toBe(403);
    expect((await call(customer.token, 'GET', '/api/admin/finance/export')).statusCode).toBe(403);

    const backwards = await call(admin.token, 'GET', '/api/admin/finance?date_from=2026-05-02&date_to=2026-05-01');
    expect(backwards.statusCode).toBe(422);
    expect(backwards.json().errors).toHaveProperty('date_from');
    const long = await call(admin.token, 'GET', '/api/admin/finance?date_from=2025-01-01&date_to=2026-12-31');
    expect(long.statusCode).toBe(422);
    expect(long.json().errors).toHaveProperty('date_to');
    // Without an end the range ends today: a start two years back is as long, and a start
    // tomorrow as backwards.
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const openLong = await call(admin.token, 'GET', `/api/admin/finance?date_from=${day(-800)}`);
    expect(openLong.statusCode).toBe(422);
    expect(openLong.json().errors.date_to).toEqual(['A report covers at most 367 days.']);
    const openBackwards = await call(admin.token, 'GET', `/api/admin/finance/export?date_from=${day(3)}`);
    expect(openBackwards.statusCode).toBe(422);
    expect(openBackwards.json().errors).toHaveProperty('date_from');
    expect((await call(admin.token, 'GET', `/api/admin/finance?date_from=${day(-300)}`)).statusCode).toBe(200);
    expect((await call(admin.token, 'GET', '/api/admin/finance?date_from=yesterday')).statusCode).toBe(422);
    expect((await call(admin.token, 'GET', '/api/admin/finance?group=week')).statusCode).toBe(422);
    expect((await call(admin.token, 'GET', '/api/admin/finance/export?date_to=2026-02-30')).statusCode).toBe(422);
  });

  it('lists every day of the range, oldest first, the last 30 days by default', async () => {
    const byDefault = await report('');
    expect(byDefault.group).toBe('day');
    expect(byDefault.rows).toHaveLength(30);
    expect(byDefault.date_to).toBe(today());
    expect(byDefault.rows.at(-1)!.key).toBe(today());
    expect(byDefault.rows[0]!.key).toBe(byDefault.date_from);

    // A month across the clocks going back: every day once, none empty of figures.
    const october = await report('date_from=2026-10-01&date_to=2026-10-31');
    expect(october.rows.map((row) => row.label)).toEqual(
      Array.from({ length: 31 }, (_, i) => `2026-10-${String(i + 1).padStart(2, '0')}`),
    );
    expect(october.rows.every((row) => row.pending === null && row.shop_id === null)).toBe(true);
    const summed = october.rows.reduce((sum, row) => sum + row.gross_sales, 0);
    expect(october.totals.gross_sales).toBe(summed);
  });

  it("counts a delivered cash order's sales and commission, per day and for its shop, and its balance", async () => {
    const shop = await fx.makeShop();
    const variation = await fx.makeVariation(shop.id, { price: 2500 });
    const vendor = await signUpAs(t.app, t.database, 'vendor', { shopId: shop.id });
    const customer = await signUp(t.app);
    const before = await todayRow();

    const placed = await fx.place(customer.token, collection([{ variation_id: variation.id, quantity: 2 }]));
    expect(placed.statusCode, placed.body).toBe(201);
    const orderId = placed.json().data.orders[0].id as number;
    await setStatus(vendor.token, orderId, ['processing', 'ready', 'delivered']);
    // A second order cancelled before any money was taken is not a sale.
    const cancelled = await fx.place(customer.token, collection([{ variation_id: variation.id, quantity: 1 }]));
    await setStatus(vendor.token, cancelled.json().data.orders[0].id, ['cancelled']);

    const after = await todayRow();
    expect(after.orders - before.orders).toBe(1);
    expect(after.gross_sales - before.gross_sales).toBe(5000);
    expect(after.commission - before.commission).toBe(500);
    expect(after.refunds - before.refunds).toBe(0);

    const row = await shopRow(shop.id);
    expect(row).toMatchObject({
      label: shop.name,
      orders: 1,
      gross_sales: 5000,
      commission: 500,
      refunds: 0,
      payouts: 0,
      // The shop holds the cash and owes its commission, pending for the hold.
      pending: -500,
      available: 0,
    });
  });

  it('counts a paid card order that was cancelled as a sale with no commission, refunded in full', async () => {
    const customer = await signUp(t.app);
    const before = await todayRow();
    const checkout = await placeCheckout(t.app, db(), customer);
    const token = await call(customer.token, 'POST', '/api/payment-token', { invoice: checkout.number });
    expect(token.statusCode, token.body).toBe(200);
    expect((await stripe.settle(token.json().data.client_secret.split('_secret_')[0], 'succeeded')).status).toBe(200);
    const placed = await db()
      .select({ id: orders.id, shopId: orders.shopId, total: orders.total, commission: orders.commission })
      .from(orders)
      .where(eq(orders.invoiceId, checkout.invoiceId))
      .orderBy(orders.id);
    const [first, second] = placed as [(typeof placed)[0], (typeof placed)[0]];
    const vendor = await signUpAs(t.app, t.database, 'vendor', { shopId: first.shopId });
    await setStatus(vendor.token, first.id, ['cancelled']);
    await t.app.refunds.idle();

    const after = await todayRow();
    expect(after.orders - before.orders).toBe(2);
    expect(after.gross_sales - before.gross_sales).toBe(first.total + second.total);
    expect(after.commission - before.commission).toBe(second.commission);
    expect(after.refunds - before.refunds).toBe(first.total);
    expect((await shopRow(first.shopId))?.refunds).toBeGreaterThanOrEqual(first.total);
  });

  it('sums payouts from the ledger and tells what a payout run would pay now', async () => {
    const shop = await fx.makeShop();
    const before = await report(`date_from=${today()}&date_to=${today()}&group=shop`);
    const beforeDay = await todayRow();
    const adjusted = await call(admin.token, 'POST', `/api/admin/shops/${shop.id}/ledger-adjustments`, {
      amount: 4000,
      note: 'Opening balance carried over',
    });
    expect(adjusted.statusCode, adjusted.body).toBe(201);
    // A payout as the payout run records it once Stripe made the transfer.
    await db()
      .insert(shopLedgerEntries)
      .values({ shopId: shop.id, kind: 'payout', amount: -1500, availableAt: new Date() });

    const after = await report(`date_from=${today()}&date_to=${today()}&group=shop`);
    expect(after.rows.find((row) => row.shop_id === shop.id)).toMatchObject({
      payouts: 1500,
      pending: 0,
      available: 2500,
      orders: 0,
    });
    expect(after.payouts_due - before.payouts_due).toBe(2500);
    expect(after.totals.payouts - before.totals.payouts).toBe(1500);
    expect((await todayRow()).payouts - beforeDay.payouts).toBe(1500);
    // Shops by name.
    const names = after.rows.map((row) => row.label);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en-GB')));
  });
});

describe('GET admin/finance/export', () => {
  it('answers the same report as CSV with a totals row, named for its range', async () => {
    const range = `date_from=${today()}&date_to=${today()}`;
    const json = await report(`${range}&group=shop`);
    const csv = await call(admin.token, 'GET', `/api/admin/finance/export?${range}&group=shop`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toBe(
      `attachment; filename="parade-finance-by-shop-${today()}-to-${today()}.csv"`,
    );
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe(
      'Shop,Orders,Gross sales (GBP),Commission (GBP),Refunds (GBP),Payouts (GBP),Pending now (GBP),Available now (GBP)',
    );
    expect(lines).toHaveLength(json.rows.length + 2);
    const total = json.totals;
    expect(lines.at(-1)).toBe(
      `Total,${total.orders},${(total.gross_sales / 100).toFixed(2)},${(total.commission / 100).toFixed(2)},` +
        `${(total.refunds / 100).toFixed(2)},${(total.payouts / 100).toFixed(2)},,${(json.payouts_due / 100).toFixed(2)}`,
    );

    const byDay = await call(admin.token, 'GET', `/api/admin/finance/export?${range}`);
    expect(byDay.body.split('\r\n')[0]).toBe(
      'Day,Orders,Gross sales (GBP),Commission (GBP),Refunds (GBP),Payouts (GBP)',
    );
    expect(byDay.body.split('\r\n')[1]).toMatch(new RegExp(`^${today()},`));
  });
});
