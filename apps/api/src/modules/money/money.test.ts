import { commissionFor } from '@parade/core/money-rules';
import { ledgerEntrySchema, statementSchema, vendorBalanceSchema } from '@parade/core/money-schemas';
import { vendorOrderPayloadSchema } from '@parade/core/vendor-schemas';
import type { StripeStandIn } from '@parade/test-support/stripe-stand-in';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, shops } from '../../maintenance/schema';
import type { TestApp } from '../../test/build-test-app';
import { checkoutFixtures, collection } from '../../test/checkout-fixtures';
import { signUpAs } from '../../test/manage-fixtures';
import { buildTestAppWithStripe } from '../../test/stripe-test-app';
import { bearer, signUp } from '../../test/test-support';
import { checkLedger, recordOrderSales } from '../../workflows/record-order-sales';
import { shopLedgerEntries } from './money.tables';

/**
 * Issue 24, first part (docs/decisions/028): commission fixed at placement, the delivery charge
 * shared, an append-only ledger written when a sale is due, balances as its sums, a shop's
 * statement and CSV, the admin's adjustments, and the check/repair command.
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

const call = (token: string, method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: bearer(token) });

/** A shop with one product and its vendor. */
async function shopWithVendor(options: { price: number; commissionRate?: number | null }) {
  const shop = await fx.makeShop();
  if (options.commissionRate !== undefined) {
    await db().update(shops).set({ commissionRate: options.commissionRate }).where(eq(shops.id, shop.id));
  }
  const variation = await fx.makeVariation(shop.id, { price: options.price });
  const vendor = await signUpAs(t.app, t.database, 'vendor', { shopId: shop.id });
  return { shop, variation, vendor };
}

async function deliver(vendorToken: string, orderId: number) {
  for (const status of ['processing', 'ready', 'delivered'] as const) {
    const res = await call(vendorToken, 'PATCH', `/api/vendor/orders/${orderId}/status`, { status });
    expect(res.statusCode, res.body).toBe(200);
  }
}

async function entriesOf(orderId: number) {
  return db()
    .select({ kind: shopLedgerEntries.kind, amount: shopLedgerEntries.amount })
    .from(shopLedgerEntries)
    .where(eq(shopLedgerEntries.orderId, orderId))
    .orderBy(shopLedgerEntries.id);
}

describe('commission and the delivery charge at checkout', () => {
  it("fixes each order's commission at the shop's rate or the platform's, and vendor_net = total - commission", async () => {
    const own = await shopWithVendor({ price: 1005, commissionRate: 12 });
    const platform = await shopWithVendor({ price: 1999 });
    const coupon = await fx.makeCoupon(own.shop.id, { type: 'fixed', value: 105 });
    const customer = await signUp(t.app);
    const placed = await fx.place(
      customer.token,
      collection(
        [
          { variation_id: own.variation.id, quantity: 2 },
          { variation_id: platform.variation.id, quantity: 1 },
        ],
        { coupons: { [own.shop.id]: coupon.code } },
      ),
    );
    expect(placed.statusCode, placed.body).toBe(201);
    const [ownOrder, platformOrder] = placed.json().data.orders as { id: number }[];
    const ownDetail = vendorOrderPayloadSchema.parse(
      (await call(own.vendor.token, 'GET', `/api/vendor/orders/${ownOrder!.id}`)).json().data,
    ).order;
    // 12% of (2010 - 105) = 228.6 -> 229.
    expect(ownDetail).toMatchObject({ subtotal: 2010, discount: 105, commission: 229, vendor_net: 2010 - 105 - 229 });
    const platformDetail = vendorOrderPayloadSchema.parse(
      (await call(platform.vendor.token, 'GET', `/api/vendor/orders/${platformOrder!.id}`)).json().data,
    ).order;
    // The setting's default, 10%: 199.9 -> 200.
    expect(platformDetail).toMatchObject({ commission: 200, vendor_net: 1999 - 200 });

    // A new rate applies to new orders only.
    await db().update(shops).set({ commissionRate: 50 }).where(eq(shops.id, own.shop.id));
    const [kept] = await db().select({ commission: orders.commission }).from(orders).where(eq(orders.id, ownOrder!.id));
    expect(kept!.commission).toBe(229);
  });

  it("lets the admin set a shop's own rate or give it back the platform's, for new orders only", async () => {
    const { shop, variation, vendor } = await shopWithVendor({ price: 1000 });
    const url = `/api/admin/shops/${shop.id}/commission`;
    expect((await call(vendor.token, 'PUT', url, { commission_rate: 1 })).statusCode).toBe(403);
    expect((await call(admin.token, 'GET', url)).json().data).toEqual({ commission_rate: null, effective_rate: 10 });
    expect((await call(admin.token, 'PUT', url, { commission_rate: 101 })).statusCode).toBe(422);
    expect((await call(admin.token, 'PUT', url, { commission_rate: 7.5 })).statusCode).toBe(422);
    expect(
      (await call(admin.token, 'PUT', '/api/admin/shops/999999/commission', { commission_rate: 5 })).statusCode,
    ).toBe(404);
    const set = await call(admin.token, 'PUT', url, { commission_rate: 4 });
    expect(set.json().data).toEqual({ commission_rate: 4, effective_rate: 4 });
    const customer = await signUp(t.app);
    const placed = await fx.place(customer.token, collection([{ variation_id: variation.id, quantity: 1 }]));
    const orderId = placed.json().data.orders[0].id as number;
    expect((await call(admin.token, 'PUT', url, { commission_rate: null })).json().data).toEqual({
      commission_rate: null,
      effective_rate: 10,
    });
    const [row] = await db().select({ commission: orders.commission }).from(orders).where(eq(orders.id, orderId));
    expect(row!.commission).toBe(40);
  });

  it('takes the platform default from the admin settings, which the storefront never sees', async () => {
    const set = await call(admin.token, 'PUT', '/api/admin/settings', { commission_rate: 15, payout_hold_days: 3 });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().data).toMatchObject({ commission_rate: 15, payout_hold_days: 3 });
    expect((await call(admin.token, 'PUT', '/api/admin/settings', { commission_rate: 101 })).statusCode).toBe(422);
    const publicSettings = (await t.app.inject({ method: 'GET', url: '/api/app/setting' })).json().settings;
    expect(publicSettings).not.toHaveProperty('commission_rate');
    expect(publicSettings).not.toHaveProperty('payout_hold_days');

    const { variation } = await shopWithVendor({ price: 1000 });
    const customer = await signUp(t.app);
    const placed = await fx.place(customer.token, collection([{ variation_id: variation.id, quantity: 1 }]));
    const [row] = await db()
      .select({ commission: orders.commission })
      .from(orders)
      .where(eq(orders.id, placed.json().data.orders[0].id));
    expect(row!.commission).toBe(150);
    await call(admin.token, 'PUT', '/api/admin/settings', { commission_rate: 10, payout_hold_days: 7 });
  });
});

describe('the ledger', () => {
  it("writes a delivered cash order's commission once, pending for the hold, and refuses to change a row", async () => {
    const { variation, vendor, shop } = await shopWithVendor({ price: 2500 });
    const customer = await signUp(t.app);
    const placed = await fx.place(customer.token, collection([{ variation_id: variation.id, quantity: 1 }]));
    const orderId = placed.json().data.orders[0].id as number;
    expect(await entriesOf(orderId)).toEqual([]);
    await deliver(vendor.token, orderId);
    // The shop holds the cash: only its commission is owed to the platform.
    expect(await entriesOf(orderId)).toEqual([{ kind: 'commission', amount: -250 }]);

    const balance = vendorBalanceSchema.parse((await call(vendor.token, 'GET', '/api/vendor/balance')).json().data);
    expect(balance).toEqual({ pending: -250, available: 0, paid_out: 0 });

    // Every path that could write it again writes nothing: the unique index on (order, kind).
    await Promise.all(Array.from({ length: 8 }, () => db().transaction((tx) => recordOrderSales(tx, [orderId]))));
    expect(await entriesOf(orderId)).toHaveLength(1);

    // Append-only, whoever asks: the database refuses (drizzle wraps the error; its cause is PostgreSQL's).
    for (const statement of [
      sql`update shop_ledger_entries set amount = 0 where order_id = ${orderId}`,
      sql`delete from shop_ledger_entries where order_id = ${orderId}`,
    ]) {
      const refused = (await db()
        .execute(statement)
        .then(() => null)
        .catch((error: unknown) => error)) as { message: string; cause?: { message?: string } } | null;
      expect(refused, 'the change went through').not.toBeNull();
      expect(`${refused!.message} ${refused!.cause?.message ?? ''}`).toMatch(/append-only/);
    }
    expect(await entriesOf(orderId)).toEqual([{ kind: 'commission', amount: -250 }]);

    const ledger = await call(vendor.token, 'GET', '/api/vendor/ledger');
    expect(ledger.statusCode).toBe(200);
    const [entry] = ledger.json().data.data.map((e: unknown) => ledgerEntrySchema.parse(e));
    expect(entry).toMatchObject({
      kind: 'commission',
      amount: -250,
      order_id: orderId,
      invoice_number: placed.json().data.invoice,
    });
    // per_page as every merchant list takes it: 1-100, else 422 with the field named.
    const one = await call(vendor.token, 'GET', '/api/vendor/ledger?per_page=1');
    expect(one.json().data).toMatchObject({ per_page: 1, total: 1 });
    expect(one.json().data.data).toHaveLength(1);
    for (const bad of ['101', '0', 'abc']) {
      const refused = await call(vendor.token, 'GET', `/api/vendor/ledger?per_page=${bad}`);
      expect(refused.statusCode, bad).toBe(422);
      expect(refused.json().errors.per_page, bad).toBeDefined();
    }
    // Another shop's vendor sees none of it.
    const other = await shopWithVendor({ price: 100 });
    expect((await call(other.vendor.token, 'GET', '/api/vendor/ledger')).json().data.total).toBe(0);
    expect((await call(other.vendor.token, 'GET', '/api/vendor/balance')).json().data).toEqual({
      pending: 0,
      available: 0,
      paid_out: 0,
    });
    expect(shop.id).not.toBe(other.shop.id);
  });

  it('credits a card sale once it is both paid and delivered', async () => {
    const { variation, vendor } = await shopWithVendor({ price: 3000 });
    const customer = await signUp(t.app);
    const placed = await fx.place(customer.token, {
      ...collection([{ variation_id: variation.id, quantity: 1 }]),
      payment_method: 'card',
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const orderId = placed.json().data.orders[0].id as number;
    // Not before it is paid: a shop prepares and hands over only what was paid for (409).
    const early = await call(vendor.token, 'PATCH', `/api/vendor/orders/${orderId}/status`, { status: 'processing' });
    expect(early.statusCode, early.body).toBe(409);

    const token = await t.app.inject({
      method: 'POST',
      url: '/api/payment-token',
      headers: bearer(customer.token),
      payload: { invoice: placed.json().data.invoice },
    });
    expect(token.statusCode, token.body).toBe(200);
    const settled = await stripe.settle(token.json().data.client_secret.split('_secret_')[0], 'succeeded');
    expect(settled.status).toBe(200);
    // Paid but not yet delivered: nothing is owed to the shop until the customer has the goods.
    expect(await entriesOf(orderId)).toEqual([]);

    await deliver(vendor.token, orderId);
    expect(await entriesOf(orderId)).toEqual([
      { kind: 'sale', amount: 3000 },
      { kind: 'commission', amount: -300 },
    ]);
    const balance = (await call(vendor.token, 'GET', '/api/vendor/balance')).json().data;
    expect(balance).toEqual({ pending: 2700, available: 0, paid_out: 0 });
  });

  it("lets the admin alone adjust a balance with a reason, available at once, and prints the month's statement and CSV", async () => {
    const { shop, vendor } = await shopWithVendor({ price: 100 });
    const body = { amount: -1234, note: 'Refund of a broken jar paid by the platform' };
    expect((await call(vendor.token, 'POST', `/api/admin/shops/${shop.id}/ledger-adjustments`, body)).statusCode).toBe(
      403,
    );
    const zero = await call(admin.token, 'POST', `/api/admin/shops/${shop.id}/ledger-adjustments`, {
      ...body,
      amount: 0,
    });
    expect(zero.statusCode).toBe(422);
    expect(zero.json().errors).toHaveProperty('amount');
    const noReason = await call(admin.token, 'POST', `/api/admin/shops/${shop.id}/ledger-adjustments`, { amount: 5 });
    expect(noReason.json().errors).toHaveProperty('note');
    expect((await call(admin.token, 'POST', '/api/admin/shops/999999/ledger-adjustments', body)).statusCode).toBe(404);

    const made = await call(admin.token, 'POST', `/api/admin/shops/${shop.id}/ledger-adjustments`, body);
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json().data.entry).toMatchObject({ kind: 'adjustment', amount: -1234, note: body.note });
    expect((await call(vendor.token, 'GET', '/api/vendor/balance')).json().data).toEqual({
      pending: 0,
      available: -1234,
      paid_out: 0,
    });
    expect((await call(admin.token, 'GET', `/api/admin/shops/${shop.id}/balance`)).json().data.available).toBe(-1234);

    const month = new Date().toLocaleDateString('en-CA', { timeZone: 'Europe/London' }).slice(0, 7);
    const statement = statementSchema.parse(
      (await call(vendor.token, 'GET', `/api/vendor/statement?month=${month}`)).json().data,
    );
    expect(statement).toMatchObject({
      month,
      shop: { id: shop.id, name: shop.name },
      opening_balance: 0,
      closing_balance: -1234,
      totals: { adjustment: -1234, sale: 0, commission: 0, refund: 0, payout: 0 },
    });
    expect((await call(vendor.token, 'GET', '/api/vendor/statement?month=2026-13')).statusCode).toBe(422);
    // Without a month: the current one.
    expect((await call(vendor.token, 'GET', '/api/vendor/statement')).json().data.month).toBe(month);

    const csv = await call(vendor.token, 'GET', '/api/vendor/ledger/export');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toMatch(/attachment; filename="parade-ledger.*\.csv"/);
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe('Date,Kind,Amount (GBP),Invoice,Order,Note,Available from');
    expect(lines[1]).toContain(',adjustment,-12.34,,,Refund of a broken jar paid by the platform,');
  });
});

describe('GET vendor/ledger as a merchant list', () => {
  it('searches by kind, note or invoice number, sorts by amount or date, and refuses an unknown sort', async () => {
    const { shop, variation, vendor } = await shopWithVendor({ price: 2000 });
    const customer = await signUp(t.app);
    const placed = await fx.place(customer.token, collection([{ variation_id: variation.id, quantity: 1 }]));
    const orderId = placed.json().data.orders[0].id as number;
    const invoice = placed.json().data.invoice as string;
    await deliver(vendor.token, orderId);
    for (const body of [
      { amount: 500, note: 'Float for the till' },
      { amount: -300, note: 'Broken jar' },
    ]) {
      const made = await call(admin.token, 'POST', `/api/admin/shops/${shop.id}/ledger-adjustments`, body);
      expect(made.statusCode, made.body).toBe(201);
    }
    const list = async (query: string) => {
      const res = await call(vendor.token, 'GET', `/api/vendor/ledger${query}`);
      expect(res.statusCode, `${query} ${res.body}`).toBe(200);
      return (res.json().data.data as unknown[]).map((row) => ledgerEntrySchema.parse(row));
    };
    const amounts = (rows: { amount: number }[]) => rows.map((row) => row.amount);

    expect(amounts(await list(''))).toEqual([-300, 500, -200]);
    expect((await list(`?search=${invoice}`)).map((row) => [row.kind, row.invoice_number])).toEqual([
      ['commission', invoice],
    ]);
    expect(amounts(await list('?search=broken'))).toEqual([-300]);
    expect(amounts(await list('?search=adjustment'))).toEqual([-300, 500]);
    expect(await list('?search=zzqqxx')).toEqual([]);
    expect(amounts(await list('?sort=amount'))).toEqual([-300, -200, 500]);
    expect(amounts(await list('?sort=-amount'))).toEqual([500, -200, -300]);
    expect(amounts(await list('?sort=created_at'))).toEqual([-200, 500, -300]);

    const bogus = await call(vendor.token, 'GET', '/api/vendor/ledger?sort=bogus');
    expect(bogus.statusCode).toBe(422);
    expect(bogus.json()).toMatchObject({ status: false, errors: { sort: expect.any(Array) } });
    // The CSV takes the same search and sort.
    const csv = await call(vendor.token, 'GET', '/api/vendor/ledger/export?search=broken');
    expect(csv.statusCode).toBe(200);
    expect(csv.body.trim().split('\r\n')).toHaveLength(2);
    expect(csv.body).toContain('Broken jar');
  });
});

describe('npm run money:check', () => {
  it('finds a due sale missing from the ledger or recorded wrong, and repairs both without changing a row', async () => {
    const { variation, vendor, shop } = await shopWithVendor({ price: 4000 });
    const customer = await signUp(t.app);
    const placed = await fx.place(customer.token, collection([{ variation_id: variation.id, quantity: 1 }]));
    const orderId = placed.json().data.orders[0].id as number;
    await deliver(vendor.token, orderId);
    expect(await checkLedger(db(), { repair: false })).toEqual([]);

    // A delivered order written behind the workflow's back: its commission is missing.
    const second = await fx.place(customer.token, collection([{ variation_id: variation.id, quantity: 1 }]));
    const secondId = second.json().data.orders[0].id as number;
    await db().update(orders).set({ status: 'delivered' }).where(eq(orders.id, secondId));
    const expected = -commissionFor({ subtotal: 4000, discount: 0 }, 10);
    const found = await checkLedger(db(), { repair: false });
    expect(found).toEqual([{ orderId: secondId, shopId: shop.id, expected, recorded: 0 }]);

    // And a commission changed by hand on the order after it was recorded: the ledger disagrees.
    await db().update(orders).set({ commission: 500 }).where(eq(orders.id, orderId));
    expect(await checkLedger(db(), { repair: true })).toHaveLength(2);
    expect(await checkLedger(db(), { repair: false })).toEqual([]);
    expect(await entriesOf(secondId)).toEqual([{ kind: 'commission', amount: expected }]);
    expect(await entriesOf(orderId)).toEqual([
      { kind: 'commission', amount: -400 },
      { kind: 'adjustment', amount: -100 },
    ]);
  });
});
