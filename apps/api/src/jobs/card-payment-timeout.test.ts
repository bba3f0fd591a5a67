import { type StripeStandIn, startStripeStandIn } from '@parade/test-support/stripe-stand-in';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderStatusHistory, payments } from '../maintenance/schema';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import { checkoutState, placeCheckout, variationStock, variationsToSell } from '../test/card-checkouts';
import { bearer, captureLog, signUp } from '../test/test-support';
import { releaseUnpaidCardCheckouts, UNPAID_CARD_NOTE } from '../workflows/release-unpaid-card-checkouts';

let t: TestApp;
let stripe: StripeStandIn;
const log = captureLog();

beforeAll(async () => {
  stripe = await startStripeStandIn();
  t = await buildTestApp({ seed: true, logger: { level: 'info', stream: log.stream }, env: stripeEnv() });
});
const stripeEnv = () => ({
  STRIPE_SECRET_KEY: stripe.secretKey,
  STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
  STRIPE_PUBLISHABLE_KEY: stripe.publishableKey,
  STRIPE_API_URL: stripe.url,
});
afterAll(async () => {
  await t?.close();
  await stripe?.close();
});

describe('releasing unpaid card checkouts', () => {
  it('cancels the orders of an overdue unpaid card checkout and puts their stock back', async () => {
    const db = t.database.db;
    const customer = await signUp(t.app);
    const stockBefore = await variationStock(db, (await variationsToSell(db))[0] ?? 0);
    const overdue = await placeCheckout(t.app, db, customer, { dueInMinutes: -1, quantity: 3 });
    expect(await variationStock(db, overdue.variationId)).toBe((stockBefore ?? 0) - 3);

    const { invoiceIds, orderIds } = await releaseUnpaidCardCheckouts(db, {
      publicUrl: 'http://parade.test',
    });

    expect(invoiceIds).toContain(overdue.invoiceId);
    expect(orderIds).toEqual(expect.arrayContaining(overdue.orderIds));
    const state = await checkoutState(db, overdue.invoiceId);
    expect(state.orders.map((o) => o.status)).toEqual(['cancelled', 'cancelled']);
    expect(state.invoice?.paymentStatus).toBe('unpaid');
    expect(await variationStock(db, overdue.variationId)).toBe(stockBefore);
    const history = await db
      .select({ status: orderStatusHistory.status, note: orderStatusHistory.note })
      .from(orderStatusHistory)
      .where(eq(orderStatusHistory.orderId, overdue.orderIds[0] ?? 0));
    expect(history).toContainEqual({ status: 'cancelled', note: UNPAID_CARD_NOTE });

    // Released once: the next sweep finds nothing more to do for it.
    expect((await releaseUnpaidCardCheckouts(db, { publicUrl: 'http://parade.test' })).invoiceIds).not.toContain(
      overdue.invoiceId,
    );
    expect(await variationStock(db, overdue.variationId)).toBe(stockBefore);
  });

  it('also releases an overdue checkout whose card payment failed', async () => {
    const customer = await signUp(t.app);
    const failed = await placeCheckout(t.app, t.database.db, customer, { paymentStatus: 'failed', dueInMinutes: -5 });
    expect(
      (
        await releaseUnpaidCardCheckouts(t.database.db, {
          publicUrl: 'http://parade.test',
        })
      ).invoiceIds,
    ).toContain(failed.invoiceId);
    const state = await checkoutState(t.database.db, failed.invoiceId);
    expect(state.orders.map((o) => o.status)).toEqual(['cancelled', 'cancelled']);
  });

  it('leaves paid, not-yet-due and cash checkouts alone', async () => {
    const db = t.database.db;
    const customer = await signUp(t.app);
    const paid = await placeCheckout(t.app, db, customer, { paymentStatus: 'paid', dueInMinutes: -10 });
    const notYetDue = await placeCheckout(t.app, db, customer, { dueInMinutes: 10 });
    const cash = await placeCheckout(t.app, db, customer, { paymentMethod: 'cash' });
    const stock = await variationStock(db, paid.variationId);

    const { invoiceIds } = await releaseUnpaidCardCheckouts(db, {
      publicUrl: 'http://parade.test',
    });

    for (const checkout of [paid, notYetDue, cash]) {
      expect(invoiceIds).not.toContain(checkout.invoiceId);
      const state = await checkoutState(db, checkout.invoiceId);
      expect(state.orders.map((o) => o.status)).toEqual(['pending', 'pending']);
    }
    expect(await variationStock(db, paid.variationId)).toBe(stock);

    // The not-yet-due one goes when its time comes.
    const later = new Date(Date.now() + 11 * 60_000);
    expect(
      (await releaseUnpaidCardCheckouts(db, { publicUrl: 'http://parade.test', now: later })).invoiceIds,
    ).toContain(notYetDue.invoiceId);
  });

  it('releases an invoice once when two sweeps run at the same time', async () => {
    const db = t.database.db;
    const customer = await signUp(t.app);
    const stockBefore = await variationStock(db, (await variationsToSell(db))[0] ?? 0);
    const overdue = await placeCheckout(t.app, db, customer, { dueInMinutes: -1, quantity: 2 });

    const runs = await Promise.all([
      releaseUnpaidCardCheckouts(db, { publicUrl: 'http://parade.test' }),
      releaseUnpaidCardCheckouts(db, { publicUrl: 'http://parade.test' }),
    ]);

    const released = runs.flatMap((run) => run.invoiceIds).filter((id) => id === overdue.invoiceId);
    expect(released).toEqual([overdue.invoiceId]);
    const cancelledOrders = runs.flatMap((run) => run.orderIds).filter((id) => overdue.orderIds.includes(id));
    expect(cancelledOrders.sort()).toEqual([...overdue.orderIds].sort());
    expect(await variationStock(db, overdue.variationId)).toBe(stockBefore);
    const history = await db
      .select()
      .from(orderStatusHistory)
      .where(eq(orderStatusHistory.orderId, overdue.orderIds[0] ?? 0));
    expect(history.filter((h) => h.status === 'cancelled')).toHaveLength(1);
  });

  it('keeps the orders cancelled when the payment arrives after the timeout, and logs it for a refund', async () => {
    const db = t.database.db;
    const customer = await signUp(t.app);
    const checkout = await placeCheckout(t.app, db, customer, { dueInMinutes: 5 });
    const token = await t.app.inject({
      method: 'POST',
      url: '/api/payment-token',
      headers: bearer(customer.token),
      payload: { invoice: checkout.number },
    });
    const intentId = token.json().data.client_secret.split('_secret_')[0];
    const intent = stripe.intents.get(intentId);
    if (!intent) throw new Error('no intent');

    await releaseUnpaidCardCheckouts(db, { publicUrl: 'http://parade.test', now: new Date(Date.now() + 10 * 60_000) });
    const late = stripe.signedEvent('payment_intent.succeeded', {
      ...intent,
      status: 'succeeded',
      amount_received: intent.amount,
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payments/stripe/webhook',
      headers: late.headers,
      payload: late.payload,
    });
    expect(res.statusCode).toBe(200);

    const state = await checkoutState(db, checkout.invoiceId);
    expect(state.orders.map((o) => [o.status, o.paymentStatus])).toEqual([
      ['cancelled', 'unpaid'],
      ['cancelled', 'unpaid'],
    ]);
    expect(state.invoice?.paymentStatus).toBe('unpaid');
    // The money was taken: the payment says so, and the log asks for the refund.
    const [payment] = await db.select().from(payments).where(eq(payments.providerRef, intentId));
    expect(payment?.status).toBe('paid');
    expect(log.text()).toMatch(/succeeded for an invoice whose orders are cancelled: refund it/);
    expect(log.text()).toContain(checkout.number);
    // And the customer cannot be asked to pay for it again.
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/payment-token',
      headers: bearer(customer.token),
      payload: { invoice: checkout.number },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('invoice_not_payable');
  });
});

describe('the card payment sweep', () => {
  it('runs in the app every CARD_PAYMENT_SWEEP_SECONDS and stops when the app closes', async () => {
    const swept = await buildTestApp({ seed: true, env: { ...stripeEnv(), CARD_PAYMENT_SWEEP_SECONDS: '1' } });
    try {
      const customer = await signUp(swept.app);
      const overdue = await placeCheckout(swept.app, swept.database.db, customer, { dueInMinutes: -1 });
      await expect
        .poll(async () => (await checkoutState(swept.database.db, overdue.invoiceId)).orders.map((o) => o.status), {
          timeout: 10_000,
          interval: 200,
        })
        .toEqual(['cancelled', 'cancelled']);
    } finally {
      await swept.close();
    }
  });

  it('does not run under NODE_ENV=test unless asked', async () => {
    expect(t.config.cardPaymentSweepSeconds).toBe(0);
  });
});
