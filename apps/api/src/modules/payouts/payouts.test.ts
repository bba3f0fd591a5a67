import { vendorBalanceSchema } from '@parade/core/money-schemas';
import { payoutAccountSchema, payoutRunDetailSchema, payoutRunSchema } from '@parade/core/payout-schemas';
import { type StripeStandIn, startStripeStandIn } from '@parade/test-support/stripe-stand-in';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shopLedgerEntries, shopPayoutAccounts } from '../../maintenance/schema';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { checkoutFixtures, collection } from '../../test/checkout-fixtures';
import { signUpAs } from '../../test/manage-fixtures';
import { bearer, signUp } from '../../test/test-support';
import { enableTwoFactorFor } from '../../test/two-factor';
import { savePayoutAccount } from './payouts.accounts';
import { payoutTransfers } from './payouts.tables';

/**
 * Issue 24, "Payouts through Stripe Connect" (docs/decisions/031): a shop onboards to an Express
 * account (one per shop whatever the retries), Stripe's account.updated keeps its status, and a
 * payout run transfers each ready shop its available balance once (20 runs at once included),
 * lists the shops it skipped, nets cash commission, never counts a transfer still being sent as
 * available, and writes no ledger entry when Stripe refuses (the platform's balance is short).
 */
let t: TestApp;
let stripe: StripeStandIn;
let admin: { token: string };
const fx = checkoutFixtures(() => t);
const db = () => t.database.db;

beforeAll(async () => {
  // Connected accounts' events come signed with the Connect endpoint's own secret, as at Stripe.
  stripe = await startStripeStandIn({ connectWebhookSecret: `whsec_connect_${Date.now()}` });
  t = await buildTestApp({
    seed: true,
    env: {
      STRIPE_SECRET_KEY: stripe.secretKey,
      STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
      STRIPE_CONNECT_WEBHOOK_SECRET: stripe.connectWebhookSecret,
      STRIPE_PUBLISHABLE_KEY: stripe.publishableKey,
      STRIPE_API_URL: stripe.url,
      STRIPE_JS_URL: stripe.stripeJsUrl,
    },
  });
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  stripe.webhookUrl = `${address}/api/payments/stripe/webhook`;
  admin = await signUpAs(t.app, t.database, 'admin');
  // No hold: a sale is available as soon as it is recorded (the hold itself is money.test.ts's).
  const set = await call(admin.token, 'PUT', '/api/admin/settings', { payout_hold_days: 0 });
  expect(set.statusCode, set.body).toBe(200);
});
afterAll(async () => {
  await t?.close();
  await stripe?.close();
});

const call = (token: string, method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: bearer(token) });

interface TestShop {
  shop: { id: number; name: string };
  variation: { id: number };
  vendor: { token: string };
}

async function shopWithVendor(price = 3000): Promise<TestShop> {
  const shop = await fx.makeShop({ email: `shop-${Math.random().toString(36).slice(2)}@example.test` });
  const variation = await fx.makeVariation(shop.id, { price });
  const vendor = await signUpAs(t.app, t.database, 'vendor', { shopId: shop.id });
  // Payout onboarding needs two-factor sign-in (decision 045; its refusal: account-security.test.ts).
  await enableTwoFactorFor(t.app, vendor.token);
  return { shop, variation, vendor };
}

async function onboardingUrl(vendorToken: string): Promise<string> {
  const res = await call(vendorToken, 'POST', '/api/vendor/payouts/onboarding');
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.url as string;
}

const accountRowOf = async (shopId: number) =>
  (await db().select().from(shopPayoutAccounts).where(eq(shopPayoutAccounts.shopId, shopId)))[0];

/** Onboards the shop as a shopkeeper would: the link, then the stand-in's page and its button. */
async function onboard(s: TestShop): Promise<string> {
  const url = await onboardingUrl(s.vendor.token);
  const done = await fetch(url, { method: 'POST', redirect: 'manual' });
  expect(done.status).toBe(303);
  const row = await accountRowOf(s.shop.id);
  expect(row?.payoutsEnabled).toBe(true);
  return row!.stripeAccountId;
}

async function readyShop(price = 3000) {
  const s = await shopWithVendor(price);
  return { ...s, account: await onboard(s) };
}

async function deliver(vendorToken: string, orderId: number) {
  for (const status of ['processing', 'ready', 'delivered'] as const) {
    const res = await call(vendorToken, 'PATCH', `/api/vendor/orders/${orderId}/status`, { status });
    expect(res.statusCode, res.body).toBe(200);
  }
}

/** A card sale at the shop, paid through the stand-in and delivered: its sale and commission are in the ledger. */
async function cardSale(s: TestShop, quantity = 1): Promise<void> {
  const customer = await signUp(t.app);
  const placed = await fx.place(customer.token, {
    ...collection([{ variation_id: s.variation.id, quantity }]),
    payment_method: 'card',
  });
  expect(placed.statusCode, placed.body).toBe(201);
  const token = await call(customer.token, 'POST', '/api/payment-token', { invoice: placed.json().data.invoice });
  expect(token.statusCode, token.body).toBe(200);
  expect((await stripe.settle(token.json().data.client_secret.split('_secret_')[0], 'succeeded')).status).toBe(200);
  await deliver(s.vendor.token, placed.json().data.orders[0].id);
}

/** A delivered cash sale: only its commission, owed to the platform, is in the ledger. */
async function cashSale(s: TestShop): Promise<void> {
  const customer = await signUp(t.app);
  const placed = await fx.place(customer.token, collection([{ variation_id: s.variation.id, quantity: 1 }]));
  expect(placed.statusCode, placed.body).toBe(201);
  await deliver(s.vendor.token, placed.json().data.orders[0].id);
}

const balanceOf = async (s: TestShop) =>
  vendorBalanceSchema.parse((await call(s.vendor.token, 'GET', '/api/vendor/balance')).json().data);

async function run() {
  const res = await call(admin.token, 'POST', '/api/admin/payouts/run');
  expect(res.statusCode, res.body).toBe(201);
  return payoutRunDetailSchema.parse(res.json().data);
}

const payoutEntriesOf = (shopId: number) =>
  db()
    .select()
    .from(shopLedgerEntries)
    .where(and(eq(shopLedgerEntries.shopId, shopId), eq(shopLedgerEntries.kind, 'payout')));

const transfersOf = (shopIds: number[]) =>
  db().select().from(payoutTransfers).where(inArray(payoutTransfers.shopId, shopIds)).orderBy(payoutTransfers.id);

const standInTransfersTo = (account: string) =>
  [...stripe.transfers.values()].filter((transfer) => transfer.destination === account);

describe('onboarding', () => {
  it('answers an onboarding url and makes one Express account per shop, whatever the retries', async () => {
    const s = await shopWithVendor();
    const status = await call(s.vendor.token, 'GET', '/api/vendor/payouts/account');
    expect(payoutAccountSchema.parse(status.json().data)).toEqual({
      state: 'not_started',
      details_submitted: false,
      payouts_enabled: false,
      requirements_due: [],
    });

    // Five at once (a double click, a retry after a lost reply), then two more.
    const urls = await Promise.all(Array.from({ length: 5 }, () => onboardingUrl(s.vendor.token)));
    urls.push(await onboardingUrl(s.vendor.token), await onboardingUrl(s.vendor.token));
    for (const url of urls) expect(url).toMatch(new RegExp(`^${stripe.url}/stand-in/connect/onboard/\\w+$`));
    const made = [...stripe.accounts.values()].filter((a) => a.metadata.shop_id === String(s.shop.id));
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({ type: 'express', country: 'GB', capabilities: { transfers: 'inactive' } });
    const creates = stripe.requests.filter(
      (r) => r.path === '/v1/accounts' && (r.params.metadata as { shop_id?: string }).shop_id === String(s.shop.id),
    );
    expect(new Set(creates.map((r) => r.idempotencyKey))).toEqual(
      new Set([`parade-shop-${s.shop.id}-connect-account`]),
    );
    expect((await accountRowOf(s.shop.id))?.stripeAccountId).toBe(made[0]!.id);
    const links = stripe.requests.filter((r) => r.path === '/v1/account_links' && r.params.account === made[0]!.id);
    expect(links.at(-1)?.params).toMatchObject({
      type: 'account_onboarding',
      return_url: `${t.config.adminUrl}vendor/money?payouts=return`,
      refresh_url: `${t.config.adminUrl}vendor/money?payouts=refresh`,
    });

    // Stripe still needs the shop's details.
    const started = payoutAccountSchema.parse(
      (await call(s.vendor.token, 'GET', '/api/vendor/payouts/account')).json().data,
    );
    expect(started.state).toBe('in_progress');
    expect(started.requirements_due).toContain('external_account');

    // The stand-in's onboarding page: one button; its answer goes back to the Money page.
    const page = await fetch(urls[0]!);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Agree and submit');
    const done = await fetch(urls[0]!, { method: 'POST', redirect: 'manual' });
    expect(done.status).toBe(303);
    expect(done.headers.get('location')).toBe(`${t.config.adminUrl}vendor/money?payouts=return`);
    expect(
      payoutAccountSchema.parse((await call(s.vendor.token, 'GET', '/api/vendor/payouts/account')).json().data),
    ).toEqual({
      state: 'ready',
      details_submitted: true,
      payouts_enabled: true,
      requirements_due: [],
    });
    // Onboarding again (to change the bank account) makes no second account.
    await onboardingUrl(s.vendor.token);
    expect([...stripe.accounts.values()].filter((a) => a.metadata.shop_id === String(s.shop.id))).toHaveLength(1);
  });

  it('stores the account once when many onboarding calls land on the database together', async () => {
    // Each concurrent call got the same account from Stripe (one idempotency key per shop). On
    // PostgreSQL, an insert that waits on another's uncommitted row can meet it on the Stripe id's
    // own unique index first; that too is the same account, not an error (stop 42's CI saw a 503).
    for (let round = 0; round < 10; round += 1) {
      const shop = await fx.makeShop({ email: `race-${round}-${Date.now()}@example.test` });
      const facts = {
        id: `acct_race_${shop.id}`,
        details_submitted: false,
        payouts_enabled: false,
        charges_enabled: false,
        requirements_due: ['external_account'],
      };
      const rows = await Promise.all(Array.from({ length: 8 }, () => savePayoutAccount(db(), shop.id, facts)));
      expect(new Set(rows.map((row) => row.stripeAccountId))).toEqual(new Set([facts.id]));
      expect((await accountRowOf(shop.id))?.stripeAccountId).toBe(facts.id);
    }
  });

  it('answers 422 payment_unavailable when Stripe is not configured, and makes nothing', async () => {
    const bare = await buildTestApp();
    try {
      const shop = await checkoutFixtures(() => bare).makeShop({ email: 'bare@example.test' });
      const vendor = await signUpAs(bare.app, bare.database, 'vendor', { shopId: shop.id });
      await enableTwoFactorFor(bare.app, vendor.token);
      const res = await bare.app.inject({
        method: 'POST',
        url: '/api/vendor/payouts/onboarding',
        headers: bearer(vendor.token),
      });
      expect(res.statusCode).toBe(422);
      expect(res.json().code).toBe('payment_unavailable');
      const status = await bare.app.inject({
        method: 'GET',
        url: '/api/vendor/payouts/account',
        headers: bearer(vendor.token),
      });
      expect(status.json().data.state).toBe('not_started');
    } finally {
      await bare.close();
    }
  });

  it('is the vendor’s alone', async () => {
    const customer = await signUp(t.app);
    expect((await call(customer.token, 'POST', '/api/vendor/payouts/onboarding')).statusCode).toBe(403);
    expect((await call(customer.token, 'POST', '/api/admin/payouts/run')).statusCode).toBe(403);
    const s = await shopWithVendor();
    expect((await call(s.vendor.token, 'POST', '/api/admin/payouts/run')).statusCode).toBe(403);
    expect((await call(s.vendor.token, 'GET', '/api/admin/payouts/runs')).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: '/api/vendor/payouts/onboarding' })).statusCode).toBe(401);
  });
});

describe('the account.updated webhook', () => {
  const post = (hook: { payload: string; headers: Record<string, string> }) =>
    t.app.inject({ method: 'POST', url: '/api/payments/stripe/webhook', payload: hook.payload, headers: hook.headers });

  it('keeps the shop’s payout status in step, signed, once per event; a bad signature changes nothing', async () => {
    const s = await readyShop();
    const account = [...stripe.accounts.values()].find((a) => a.metadata.shop_id === String(s.shop.id))!;
    // Stripe turns payouts off until the shop gives a new bank account.
    const changed = {
      ...structuredClone(account),
      payouts_enabled: false,
      requirements: { ...account.requirements, currently_due: ['external_account'] },
    };

    const forged = stripe.signedAccountEvent(changed, { secret: 'whsec_not_the_secret' });
    const refused = await post(forged);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe('webhook_signature_invalid');
    expect((await accountRowOf(s.shop.id))?.payoutsEnabled).toBe(true);

    // Signed with the Connect endpoint's secret (the account endpoint's is tried first, in vain).
    const event = stripe.signedAccountEvent(changed);
    expect(stripe.connectWebhookSecret).not.toBe(stripe.webhookSecret);
    expect((await post(event)).statusCode).toBe(200);
    expect(
      payoutAccountSchema.parse((await call(s.vendor.token, 'GET', '/api/vendor/payouts/account')).json().data),
    ).toEqual({
      state: 'in_progress',
      details_submitted: true,
      payouts_enabled: false,
      requirements_due: ['external_account'],
    });

    // A delivery of the same event id again is acted on once: whatever it carries, nothing changes.
    expect((await post(stripe.signedAccountEvent(account, { id: event.event.id }))).statusCode).toBe(200);
    expect((await accountRowOf(s.shop.id))?.payoutsEnabled).toBe(false);
    // The shop gives its new bank account: the next event makes it ready again (an endpoint
    // listening to both kinds of event with the account secret is trusted too).
    expect((await post(stripe.signedAccountEvent(account, { secret: stripe.webhookSecret }))).statusCode).toBe(200);
    expect((await accountRowOf(s.shop.id))?.payoutsEnabled).toBe(true);

    // An account this site did not make is acknowledged and ignored; a non-account is refused.
    const stranger = { ...structuredClone(account), id: 'acct_notours' };
    expect((await post(stripe.signedAccountEvent(stranger))).statusCode).toBe(200);
    const notAnAccount = stripe.signedAccountEvent({ ...structuredClone(account), id: 'pi_123' });
    expect((await post(notAnAccount)).json().code).toBe('webhook_event_invalid');
  });
});

describe('payout runs', () => {
  it('pays each ready shop its available balance once, writes one payout entry, and lists the shops it skipped', async () => {
    const ready = await readyShop(3000);
    const unset = await shopWithVendor(2000);
    const halfway = await shopWithVendor(1500);
    await onboardingUrl(halfway.vendor.token); // an account, but onboarding not finished
    await cardSale(ready);
    await cardSale(unset);
    await cardSale(halfway);
    const before = await balanceOf(ready);
    expect(before).toEqual({ pending: 0, available: 2700, paid_out: 0 });

    const result = await run();
    const mine = (shopId: number) => result.transfers.find((transfer) => transfer.shop.id === shopId);
    expect(mine(ready.shop.id)).toMatchObject({
      amount: 2700,
      status: 'paid',
      destination: ready.account,
      reason: null,
      shop: { name: ready.shop.name },
    });
    expect(mine(ready.shop.id)!.stripe_transfer_id).toMatch(/^tr_/);
    expect(mine(unset.shop.id)).toMatchObject({ amount: 1800, status: 'skipped', stripe_transfer_id: null });
    expect(mine(unset.shop.id)!.reason).toMatch(/not set up payouts/);
    expect(mine(halfway.shop.id)).toMatchObject({ amount: 1350, status: 'skipped' });
    expect(mine(halfway.shop.id)!.reason).toMatch(/a bank account to pay into/);
    expect(result.run.status).toBe('finished');
    expect(result.run.paid.count).toBeGreaterThanOrEqual(1);

    // Stripe: one transfer, in the run's group, with the transfer's key.
    const sent = standInTransfersTo(ready.account);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ amount: 2700, currency: 'gbp', transfer_group: `payout-run-${result.run.id}` });
    expect(sent[0]!.id).toBe(mine(ready.shop.id)!.stripe_transfer_id);

    // The ledger: one payout entry about the transfer; the balance shows it paid out.
    const entries = await payoutEntriesOf(ready.shop.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ amount: -2700, payoutTransferId: mine(ready.shop.id)!.id });
    expect(await balanceOf(ready)).toEqual({ pending: 0, available: 0, paid_out: 2700 });
    const ledger = (await call(ready.vendor.token, 'GET', '/api/vendor/ledger')).json().data.data;
    expect(ledger[0]).toMatchObject({ kind: 'payout', amount: -2700 });

    // The next run pays it nothing more; the skipped shops are listed again.
    const next = await run();
    expect(next.transfers.find((transfer) => transfer.shop.id === ready.shop.id)).toBeUndefined();
    expect(next.transfers.find((transfer) => transfer.shop.id === unset.shop.id)?.status).toBe('skipped');
    expect(standInTransfersTo(ready.account)).toHaveLength(1);

    // The admin's lists.
    const runs = await call(admin.token, 'GET', '/api/admin/payouts/runs?page=1');
    expect(runs.statusCode).toBe(200);
    const page = runs.json().data;
    expect(page).toMatchObject({ current_page: 1, per_page: 20 });
    const listed = payoutRunSchema.parse(page.data.find((r: { id: number }) => r.id === result.run.id));
    expect(listed.paid.amount).toBe(result.run.paid.amount);
    expect(page.data[0].id).toBe(next.run.id);
    // per_page as every admin list: 1-100.
    const one_a_page = (await call(admin.token, 'GET', '/api/admin/payouts/runs?per_page=1')).json().data;
    expect(one_a_page).toMatchObject({ per_page: 1, current_page: 1 });
    expect(one_a_page.data.map((r: { id: number }) => r.id)).toEqual([next.run.id]);
    expect((await call(admin.token, 'GET', '/api/admin/payouts/runs?per_page=101')).statusCode).toBe(422);
    const one = await call(admin.token, 'GET', `/api/admin/payouts/runs/${result.run.id}`);
    expect(payoutRunDetailSchema.parse(one.json().data)).toEqual(result);
    expect((await call(admin.token, 'GET', '/api/admin/payouts/runs/999999')).statusCode).toBe(404);
  });

  it('makes exactly one transfer per shop when 20 runs start at once', async () => {
    const shops = [await readyShop(1000), await readyShop(2000), await readyShop(4000)];
    for (const s of shops) await cardSale(s);
    const replies = await Promise.all(
      Array.from({ length: 20 }, () => call(admin.token, 'POST', '/api/admin/payouts/run')),
    );
    for (const reply of replies) expect(reply.statusCode, reply.body).toBe(201);
    await t.app.payouts.idle();

    const rows = await transfersOf(shops.map((s) => s.shop.id));
    expect(rows.map((row) => [row.shopId, row.amount, row.status])).toEqual(
      shops.map((s, i) => [s.shop.id, [900, 1800, 3600][i], 'paid']),
    );
    for (const [i, s] of shops.entries()) {
      expect(standInTransfersTo(s.account)).toHaveLength(1);
      expect(await payoutEntriesOf(s.shop.id)).toHaveLength(1);
      expect(await balanceOf(s)).toEqual({ pending: 0, available: 0, paid_out: [900, 1800, 3600][i] });
    }
  });

  it('nets cash commission owed against card sales, and pays nothing to a shop that owes more than it is owed', async () => {
    const mixed = await readyShop(3000);
    await cardSale(mixed); // +2700
    await cashSale(mixed); // -300
    const owing = await readyShop(3000);
    await cashSale(owing);
    await cashSale(owing); // -600
    expect((await balanceOf(owing)).available).toBe(-600);

    const result = await run();
    expect(result.transfers.find((transfer) => transfer.shop.id === mixed.shop.id)).toMatchObject({
      amount: 2400,
      status: 'paid',
    });
    expect(result.transfers.find((transfer) => transfer.shop.id === owing.shop.id)).toBeUndefined();
    expect(standInTransfersTo(mixed.account).map((transfer) => transfer.amount)).toEqual([2400]);
    expect(standInTransfersTo(owing.account)).toEqual([]);
    expect(await balanceOf(mixed)).toEqual({ pending: 0, available: 0, paid_out: 2400 });
  });

  it('holds back a transfer still being sent, so no run pays it twice; the sweep sends it once Stripe is back', async () => {
    const s = await readyShop(5000);
    await cardSale(s); // 4500 available
    stripe.failWith = 503;
    let first: Awaited<ReturnType<typeof run>>;
    try {
      first = await run();
      const mine = first.transfers.find((transfer) => transfer.shop.id === s.shop.id)!;
      expect(mine).toMatchObject({ amount: 4500, status: 'pending', stripe_transfer_id: null });
      expect(mine.reason).toMatch(/Stripe did not answer/);
      expect(first.run.status).toBe('running');
      // Nothing moved: the ledger still has it available; a second run leaves it alone.
      expect(await balanceOf(s)).toEqual({ pending: 0, available: 4500, paid_out: 0 });
      expect(await payoutEntriesOf(s.shop.id)).toEqual([]);
      const second = await run();
      expect(second.transfers.find((transfer) => transfer.shop.id === s.shop.id)).toBeUndefined();
    } finally {
      stripe.failWith = null;
    }
    // Two sweeps at once (two processes, decision 042): one takes the transfer, the other skips it.
    const sentBefore = stripe.requests.filter((r) => r.path === '/v1/transfers' && r.params.destination === s.account);
    // (Taken means touched now: not older than a cut-off of now, as a sweep's is, a minute back.)
    // Last touched a moment ago: let the clock move past it, so it is stale at the cut-off.
    await new Promise((resolve) => setTimeout(resolve, 5));
    const cutoff = new Date();
    await Promise.all([t.app.payouts.retryStale(cutoff), t.app.payouts.retryStale(cutoff)]);
    const sentAfter = stripe.requests.filter((r) => r.path === '/v1/transfers' && r.params.destination === s.account);
    expect(sentAfter.length - sentBefore.length).toBe(1);
    const rows = await transfersOf([s.shop.id]);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'paid', amount: 4500 });
    expect(rows[0]!.attempts).toBeGreaterThanOrEqual(2);
    expect(standInTransfersTo(s.account)).toHaveLength(1);
    const keys = stripe.requests
      .filter((r) => r.path === '/v1/transfers' && r.params.destination === s.account)
      .map((r) => r.idempotencyKey);
    expect(new Set(keys)).toEqual(new Set([rows[0]!.idempotencyKey]));
    expect(await payoutEntriesOf(s.shop.id)).toHaveLength(1);
    const detail = payoutRunDetailSchema.parse(
      (await call(admin.token, 'GET', `/api/admin/payouts/runs/${first!.run.id}`)).json().data,
    );
    expect(detail.run.status).toBe('finished');
  });

  it('fails a transfer over the platform’s Stripe balance: no ledger entry, the amount free for the next run', async () => {
    const s = await readyShop();
    const tooMuch = stripe.availableBalance() + 50_000;
    const adjusted = await call(admin.token, 'POST', `/api/admin/shops/${s.shop.id}/ledger-adjustments`, {
      amount: tooMuch,
      note: 'Compensation paid by the platform',
    });
    expect(adjusted.statusCode, adjusted.body).toBe(201);

    const result = await run();
    const mine = result.transfers.find((transfer) => transfer.shop.id === s.shop.id)!;
    expect(mine).toMatchObject({ amount: tooMuch, status: 'failed', stripe_transfer_id: null });
    expect(mine.reason).toMatch(/insufficient available funds/);
    expect(result.run.status).toBe('finished');
    expect(standInTransfersTo(s.account)).toEqual([]);
    expect(await payoutEntriesOf(s.shop.id)).toEqual([]);
    expect(await balanceOf(s)).toEqual({ pending: 0, available: tooMuch, paid_out: 0 });

    // Free again: the next run decides it afresh (and Stripe refuses it again).
    const next = await run();
    expect(next.transfers.find((transfer) => transfer.shop.id === s.shop.id)).toMatchObject({
      amount: tooMuch,
      status: 'failed',
    });
    // Leave the platform's books as they were for any later run.
    await call(admin.token, 'POST', `/api/admin/shops/${s.shop.id}/ledger-adjustments`, {
      amount: -tooMuch,
      note: 'Compensation reversed',
    });
  });
});
