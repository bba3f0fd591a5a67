import { type SmtpCapture, startSmtpCapture } from '@parade/test-support/smtp-capture';
import {
  type StandInPaymentIntent,
  type StripeStandIn,
  startStripeStandIn,
} from '@parade/test-support/stripe-stand-in';
import { and, eq, ne, sql } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoices, mailOutbox, orders, paymentEvents, payments, siteSettings } from '../../maintenance/schema';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { checkoutState, placeCheckout, type TestCheckout } from '../../test/card-checkouts';
import { bearer, signUp } from '../../test/test-support';
import { changeOrderStatus } from '../../workflows/change-order-status';

let t: TestApp;
let stripe: StripeStandIn;
let smtp: SmtpCapture;
const WEBHOOK = '/api/payments/stripe/webhook';

beforeAll(async () => {
  stripe = await startStripeStandIn();
  smtp = await startSmtpCapture();
  t = await buildTestApp({
    seed: true,
    env: {
      STRIPE_SECRET_KEY: stripe.secretKey,
      STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
      STRIPE_PUBLISHABLE_KEY: stripe.publishableKey,
      STRIPE_API_URL: stripe.url,
      STRIPE_JS_URL: stripe.stripeJsUrl,
      SMTP_URL: smtp.url,
      PUBLIC_URL: 'https://parade.example',
    },
  });
  // The stand-in posts its webhooks over HTTP, as Stripe does.
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  stripe.webhookUrl = `${address}${WEBHOOK}`;
});
afterAll(async () => {
  await t?.close();
  await stripe?.close();
  await smtp?.close();
});

async function paymentToken(token: string, invoice: string) {
  return t.app.inject({ method: 'POST', url: '/api/payment-token', headers: bearer(token), payload: { invoice } });
}

/** A signed-in customer with an unpaid card checkout and the PaymentIntent the API made for it. */
async function customerWithIntent(): Promise<{
  customer: Awaited<ReturnType<typeof signUp>>;
  checkout: TestCheckout;
  intent: StandInPaymentIntent;
}> {
  const customer = await signUp(t.app);
  const checkout = await placeCheckout(t.app, t.database.db, customer);
  const res = await paymentToken(customer.token, checkout.number);
  expect(res.statusCode).toBe(200);
  const id = res.json().data.client_secret.split('_secret_')[0];
  const intent = stripe.intents.get(id);
  if (!intent) throw new Error(`the stand-in has no intent ${id}`);
  return { customer, checkout, intent };
}

/** An intent the stand-in never made, for events that must not get as far as the database. */
const fakeIntent = (): StandInPaymentIntent => ({
  id: 'pi_fake',
  object: 'payment_intent',
  amount: 100,
  amount_capturable: 0,
  amount_received: 100,
  currency: 'gbp',
  status: 'succeeded',
  client_secret: 'pi_fake_secret_x',
  description: null,
  metadata: {},
  automatic_payment_methods: null,
  payment_method_types: ['card'],
  capture_method: 'automatic',
  confirmation_method: 'automatic',
  last_payment_error: null,
  latest_charge: null,
  created: 0,
  livemode: false,
});

/** Any body, signed as Stripe signs (with the stand-in's webhook secret) at `timestamp`. */
function signedBody(payload: string, timestamp = Math.floor(Date.now() / 1000)) {
  return {
    payload,
    headers: {
      'content-type': 'application/json',
      'stripe-signature': Stripe.webhooks.generateTestHeaderString({
        payload,
        secret: stripe.webhookSecret,
        timestamp,
      }),
    },
  };
}

function post(hook: { payload: string; headers: Record<string, string> }) {
  return t.app.inject({ method: 'POST', url: WEBHOOK, headers: hook.headers, payload: hook.payload });
}

describe('GET /api/app/setting', () => {
  it('offers card payment with the server keys, says where Stripe.js is, and lets the page load it', async () => {
    const res = await t.app.inject({ url: '/api/app/setting' });
    expect(res.json().settings).toMatchObject({ enable_stripe_payment: 'true', stripe_js_url: stripe.stripeJsUrl });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toMatch(new RegExp(`script-src [^;]*${stripe.url}`));
    expect(csp).toMatch(new RegExp(`connect-src [^;]*${stripe.url}`));
  });
});

describe('POST /api/payment-token', () => {
  it("creates a PaymentIntent at the invoice total in GBP for the caller's unpaid card invoice, once", async () => {
    const customer = await signUp(t.app);
    const checkout = await placeCheckout(t.app, t.database.db, customer, { quantity: 2 });

    const res = await paymentToken(customer.token, checkout.number);
    expect(res.statusCode).toBe(200);
    const { client_secret, publishable_key } = res.json().data;
    expect(publishable_key).toBe(stripe.publishableKey);
    expect(client_secret).toMatch(/^pi_\w+_secret_\w+$/);
    const intent = stripe.intents.get(client_secret.split('_secret_')[0]);
    expect(intent).toMatchObject({
      amount: checkout.total,
      currency: 'gbp',
      status: 'requires_payment_method',
      metadata: { invoice_id: String(checkout.invoiceId), invoice_number: checkout.number },
    });
    const created = stripe.requests.filter((r) => r.method === 'POST' && r.params.metadata);
    expect(created.at(-1)?.idempotencyKey).toContain(`invoice-${checkout.invoiceId}`);

    // Asking again (a reload, a second tab) gives the same open intent, not a second one.
    const again = await paymentToken(customer.token, checkout.number);
    expect(again.json().data.client_secret).toBe(client_secret);
    const rows = await t.database.db.select().from(payments).where(eq(payments.invoiceId, checkout.invoiceId));
    expect(rows).toEqual([
      expect.objectContaining({ providerRef: intent?.id, amount: checkout.total, currency: 'gbp', status: 'unpaid' }),
    ]);
  });

  it('makes a new intent when Stripe no longer knows the last one', async () => {
    const { customer, checkout, intent } = await customerWithIntent();
    stripe.intents.delete(intent.id);

    const res = await paymentToken(customer.token, checkout.number);
    expect(res.statusCode).toBe(200);
    const replacement = stripe.intents.get(res.json().data.client_secret.split('_secret_')[0]);
    expect(replacement?.id).not.toBe(intent.id);
    expect(replacement).toMatchObject({ amount: checkout.total, currency: 'gbp' });
    const rows = await t.database.db.select().from(payments).where(eq(payments.invoiceId, checkout.invoiceId));
    expect(rows.map((r) => r.providerRef).sort()).toEqual([intent.id, replacement?.id].sort());
  });

  it("answers 404 for another customer's invoice or an unknown one, and 401 without a token", async () => {
    const owner = await signUp(t.app);
    const other = await signUp(t.app);
    const checkout = await placeCheckout(t.app, t.database.db, owner);
    const before = stripe.intents.size;

    for (const number of [checkout.number, 'INV-2026-999999']) {
      const res = await paymentToken(other.token, number);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ status: false, code: 'invoice_not_found' });
    }
    const guest = await t.app.inject({
      method: 'POST',
      url: '/api/payment-token',
      payload: { invoice: checkout.number },
    });
    expect(guest.statusCode).toBe(401);
    expect(stripe.intents.size).toBe(before);
  });

  it('refuses a paid or cash invoice with invoice_not_payable', async () => {
    const customer = await signUp(t.app);
    const db = t.database.db;
    const paid = await placeCheckout(t.app, db, customer, { paymentStatus: 'paid' });
    const cash = await placeCheckout(t.app, db, customer, { paymentMethod: 'cash' });
    const before = stripe.intents.size;

    for (const [checkout, status] of [
      [paid, 409],
      [cash, 422],
    ] as const) {
      const res = await paymentToken(customer.token, checkout.number);
      expect(res.statusCode).toBe(status);
      expect(res.json()).toMatchObject({ status: false, code: 'invoice_not_payable' });
    }
    expect(stripe.intents.size).toBe(before);
  });

  it('offers a declined invoice another card while its orders are held, and nothing once they are cancelled', async () => {
    const customer = await signUp(t.app);
    const db = t.database.db;
    const declined = await placeCheckout(t.app, db, customer, { paymentStatus: 'failed' });
    const first = await paymentToken(customer.token, declined.number);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data.client_secret).toMatch(/_secret_/);
    // Asked again (the pay page reloaded): the same intent, not a second charge in waiting.
    const again = await paymentToken(customer.token, declined.number);
    expect(again.json().data.client_secret).toBe(first.json().data.client_secret);

    for (const orderId of declined.orderIds) {
      await changeOrderStatus(db, { publicUrl: 'http://parade.test', orderId, to: 'cancelled', note: 'Timed out' });
    }
    const cancelled = await paymentToken(customer.token, declined.number);
    expect(cancelled.statusCode).toBe(409);
    expect(cancelled.json()).toMatchObject({
      code: 'invoice_not_payable',
      message: 'This order was cancelled, so there is nothing to pay.',
    });
  });

  it('charges only the live orders of a checkout one of whose shops has cancelled its order (contract: "Money")', async () => {
    const customer = await signUp(t.app);
    const checkout = await placeCheckout(t.app, t.database.db, customer);
    expect(checkout.orderIds.length).toBeGreaterThanOrEqual(2);
    const [cancelledId, ...liveIds] = checkout.orderIds;
    await changeOrderStatus(t.database.db, {
      publicUrl: 'http://parade.test',
      orderId: cancelledId!,
      to: 'cancelled',
      note: 'Out of stock',
    });
    const live = await t.database.db
      .select({ total: orders.total })
      .from(orders)
      .where(and(eq(orders.invoiceId, checkout.invoiceId), ne(orders.status, 'cancelled')));
    const liveTotal = live.reduce((sum, order) => sum + order.total, 0);
    expect(liveTotal).toBeLessThan(checkout.total);

    const res = await paymentToken(customer.token, checkout.number);
    expect(res.statusCode, res.body).toBe(200);
    const intent = stripe.intents.get(res.json().data.client_secret.split('_secret_')[0]);
    expect(intent?.amount).toBe(liveTotal);
    expect((await stripe.settle(intent!.id, 'succeeded')).status).toBe(200);
    const state = await checkoutState(t.database.db, checkout.invoiceId);
    expect(state.invoice?.paymentStatus).toBe('paid');
    const rows = await t.database.db
      .select({ id: orders.id, status: orders.status, paymentStatus: orders.paymentStatus })
      .from(orders)
      .where(eq(orders.invoiceId, checkout.invoiceId));
    expect(rows.find((r) => r.id === cancelledId)).toMatchObject({ status: 'cancelled', paymentStatus: 'unpaid' });
    for (const id of liveIds) expect(rows.find((r) => r.id === id)?.paymentStatus).toBe('paid');
  });

  it('makes a new intent when a shop cancels after the first was made, and refuses when nothing is left', async () => {
    const customer = await signUp(t.app);
    const checkout = await placeCheckout(t.app, t.database.db, customer);
    const first = await paymentToken(customer.token, checkout.number);
    const firstId = first.json().data.client_secret.split('_secret_')[0];
    expect(stripe.intents.get(firstId)?.amount).toBe(checkout.total);
    const [one, ...rest] = checkout.orderIds;
    await changeOrderStatus(t.database.db, { publicUrl: 'http://parade.test', orderId: one!, to: 'cancelled' });
    const second = await paymentToken(customer.token, checkout.number);
    const secondId = second.json().data.client_secret.split('_secret_')[0];
    expect(secondId).not.toBe(firstId);
    expect(stripe.intents.get(secondId)!.amount).toBeLessThan(checkout.total);

    for (const id of rest) {
      await changeOrderStatus(t.database.db, { publicUrl: 'http://parade.test', orderId: id, to: 'cancelled' });
    }
    const before = stripe.requests.length;
    const none = await paymentToken(customer.token, checkout.number);
    expect(none.statusCode).toBe(409);
    expect(none.json()).toMatchObject({ code: 'invoice_not_payable', message: expect.stringContaining('cancelled') });
    expect(stripe.requests.length).toBe(before);
  });

  it('refuses an invoice below Stripe’s smallest charge in words, without asking Stripe', async () => {
    const customer = await signUp(t.app);
    const checkout = await placeCheckout(t.app, t.database.db, customer);
    await t.database.db.update(invoices).set({ total: 29 }).where(eq(invoices.id, checkout.invoiceId));
    // What a card charges is the live orders' total: theirs come to 29p too.
    await t.database.db
      .update(orders)
      .set({ total: sql`case when ${orders.id} = ${checkout.orderIds[0]!} then 29 else 0 end` })
      .where(eq(orders.invoiceId, checkout.invoiceId));
    const before = stripe.requests.length;

    const res = await paymentToken(customer.token, checkout.number);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 'invoice_not_payable', message: expect.stringContaining('£0.30') });
    expect(stripe.requests.length).toBe(before);
  });

  it('refuses with payment_unavailable while card payment is switched off, and while Stripe is down', async () => {
    const customer = await signUp(t.app);
    const checkout = await placeCheckout(t.app, t.database.db, customer);
    const db = t.database.db;
    const before = stripe.intents.size;

    await db.update(siteSettings).set({ value: 'false' }).where(eq(siteSettings.key, 'enable_stripe_payment'));
    try {
      const res = await paymentToken(customer.token, checkout.number);
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({ status: false, code: 'payment_unavailable' });
    } finally {
      await db.update(siteSettings).set({ value: 'true' }).where(eq(siteSettings.key, 'enable_stripe_payment'));
    }
    expect(stripe.intents.size).toBe(before);

    stripe.failWith = 500;
    try {
      const res = await paymentToken(customer.token, checkout.number);
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ status: false, code: 'payment_unavailable' });
    } finally {
      stripe.failWith = null;
    }
    expect((await paymentToken(customer.token, checkout.number)).statusCode).toBe(200);
  });

  it('refuses with payment_unavailable on a server without Stripe keys, before looking at the invoice', async () => {
    const bare = await buildTestApp();
    try {
      const customer = await signUp(bare.app);
      const res = await bare.app.inject({
        method: 'POST',
        url: '/api/payment-token',
        headers: bearer(customer.token),
        payload: { invoice: 'INV-2026-000001' },
      });
      expect(res.statusCode).toBe(422);
      expect(res.json().code).toBe('payment_unavailable');
      // Without the webhook secret nothing can be verified: 503, so Stripe keeps the event and retries.
      const hook = stripe.signedEvent('payment_intent.succeeded', fakeIntent());
      const webhook = await bare.app.inject({
        method: 'POST',
        url: WEBHOOK,
        headers: hook.headers,
        payload: hook.payload,
      });
      expect(webhook.statusCode).toBe(503);
      expect(webhook.json().code).toBe('payment_unavailable');
    } finally {
      await bare.close();
    }
  });
});

describe('POST /api/payments/stripe/webhook', () => {
  it('marks the invoice and its orders paid on a correctly signed payment_intent.succeeded', async () => {
    const { checkout, intent } = await customerWithIntent();

    const delivered = await stripe.settle(intent.id, 'succeeded');
    expect(delivered.status).toBe(200);
    expect(JSON.parse(delivered.body)).toEqual({ status: true, data: { received: true } });

    const state = await checkoutState(t.database.db, checkout.invoiceId);
    expect(state.invoice?.paymentStatus).toBe('paid');
    expect(state.orders.map((o) => o.paymentStatus)).toEqual(['paid', 'paid']);
    const [payment] = await t.database.db.select().from(payments).where(eq(payments.providerRef, intent.id));
    expect(payment?.status).toBe('paid');
  });

  it('refuses a wrongly signed, unsigned or tampered event with 400 and changes nothing', async () => {
    const { checkout, intent } = await customerWithIntent();
    const succeeded = { ...intent, status: 'succeeded' as const, amount_received: intent.amount };

    const wrongSecret = stripe.signedEvent('payment_intent.succeeded', succeeded, { secret: 'whsec_not_ours' });
    const good = stripe.signedEvent('payment_intent.succeeded', succeeded);
    const unsigned = { payload: good.payload, headers: { 'content-type': 'application/json' } };
    // The signature is Stripe's, the bytes are not: same event, one field changed.
    const tampered = { payload: good.payload.replace('"livemode": false', '"livemode": true'), headers: good.headers };
    expect(tampered.payload).not.toBe(good.payload);
    const reSerialised = { payload: JSON.stringify(JSON.parse(good.payload)), headers: good.headers };

    for (const hook of [wrongSecret, unsigned, tampered, reSerialised]) {
      const res = await post(hook);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ status: false, code: 'webhook_signature_invalid' });
    }
    const bad = await t.app.inject({
      method: 'POST',
      url: WEBHOOK,
      headers: { 'stripe-signature': 't=1,v1=00' },
      payload: 'not json at all',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('webhook_signature_invalid');

    expect((await checkoutState(t.database.db, checkout.invoiceId)).invoice?.paymentStatus).toBe('unpaid');
    const recorded = await t.database.db.select().from(paymentEvents).where(eq(paymentEvents.id, good.event.id));
    expect(recorded).toEqual([]);

    // The same event with its real signature is taken: the refusals were about the signature.
    expect((await post(good)).statusCode).toBe(200);
    expect((await checkoutState(t.database.db, checkout.invoiceId)).invoice?.paymentStatus).toBe('paid');
  });

  it('answers a signed body not in the shape Stripe sends with 400, never 500, and records nothing (issue 22)', async () => {
    const shapes = [
      [],
      'just text',
      { type: 'payment_intent.succeeded', data: { object: { id: 'pi_x', amount: 100, currency: 'gbp' } } },
      { id: 'evt_no_data', type: 'payment_intent.succeeded', data: {} },
      { id: 'evt_null', type: 'payment_intent.succeeded', data: { object: null } },
      { id: 'evt_no_amount', type: 'payment_intent.succeeded', data: { object: { id: 'pi_y', currency: 'gbp' } } },
      { id: 'evt_no_type', data: { object: {} } },
    ];
    for (const shape of shapes) {
      const res = await post(signedBody(JSON.stringify(shape)));
      expect(res.statusCode, JSON.stringify(shape)).toBe(400);
      expect(res.json()).toMatchObject({ status: false, code: 'webhook_event_invalid' });
    }
    expect(await t.database.db.select().from(paymentEvents).where(eq(paymentEvents.id, 'evt_no_data'))).toEqual([]);
    // Another event type, well formed, is still taken (and ignored).
    const other = { id: `evt_other_${Date.now()}`, type: 'customer.created', data: { object: { id: 'cus_1' } } };
    expect((await post(signedBody(JSON.stringify(other)))).statusCode).toBe(200);
  });

  it('refuses a signature made more than 5 minutes before or after now', async () => {
    const { intent } = await customerWithIntent();
    const event = { id: `evt_time_${Date.now()}`, type: 'payment_intent.processing', data: { object: intent } };
    const payload = JSON.stringify(event);
    const at = (offsetSeconds: number) => post(signedBody(payload, Math.floor(Date.now() / 1000) + offsetSeconds));
    for (const offset of [600, -600]) {
      const res = await at(offset);
      expect(res.statusCode, String(offset)).toBe(400);
      expect(res.json().code).toBe('webhook_signature_invalid');
    }
    expect((await at(60)).statusCode).toBe(200);
  });

  it('acts on a replayed event once', async () => {
    const { customer, checkout, intent } = await customerWithIntent();
    const failed = stripe.signedEvent('payment_intent.payment_failed', {
      ...intent,
      last_payment_error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' },
    });
    const mails = async () =>
      (await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, customer.email))).filter(
        (m) => m.kind === 'payment-failed',
      );

    expect((await post(failed)).statusCode).toBe(200);
    expect((await checkoutState(t.database.db, checkout.invoiceId)).invoice?.paymentStatus).toBe('failed');
    expect(await mails()).toHaveLength(1);

    // The customer then paid with another card on the same intent...
    const succeeded = stripe.signedEvent('payment_intent.succeeded', {
      ...intent,
      status: 'succeeded',
      amount_received: intent.amount,
    });
    expect((await post(succeeded)).statusCode).toBe(200);
    // ...and Stripe delivers both events again: nothing moves.
    for (const hook of [failed, succeeded, failed]) {
      const res = await post(hook);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: true, data: { received: true } });
    }
    const state = await checkoutState(t.database.db, checkout.invoiceId);
    expect(state.invoice?.paymentStatus).toBe('paid');
    expect(state.orders.map((o) => o.paymentStatus)).toEqual(['paid', 'paid']);
    expect(await mails()).toHaveLength(1);
    const recorded = await t.database.db.select().from(paymentEvents).where(eq(paymentEvents.id, failed.event.id));
    expect(recorded).toHaveLength(1);
  });

  it('leaves the invoice unpaid when the amount or the currency is not the invoice’s', async () => {
    const { checkout, intent } = await customerWithIntent();
    const short = stripe.signedEvent('payment_intent.succeeded', {
      ...intent,
      status: 'succeeded',
      amount: checkout.total - 1,
      amount_received: checkout.total - 1,
    });
    const euros = stripe.signedEvent('payment_intent.succeeded', {
      ...intent,
      status: 'succeeded',
      currency: 'eur',
      amount_received: intent.amount,
    });
    for (const hook of [short, euros]) {
      // 200: Stripe must stop retrying; the mismatch is logged for a person to look at.
      expect((await post(hook)).statusCode).toBe(200);
    }
    const state = await checkoutState(t.database.db, checkout.invoiceId);
    expect(state.invoice?.paymentStatus).toBe('unpaid');
    expect(state.orders.map((o) => o.paymentStatus)).toEqual(['unpaid', 'unpaid']);
    const [payment] = await t.database.db.select().from(payments).where(eq(payments.providerRef, intent.id));
    expect(payment?.status).toBe('unpaid');
  });

  it('marks the invoice failed on payment_intent.payment_failed and mails the customer', async () => {
    const { customer, checkout, intent } = await customerWithIntent();

    const delivered = await stripe.settle(intent.id, 'failed');
    expect(delivered.status).toBe(200);

    const state = await checkoutState(t.database.db, checkout.invoiceId);
    expect(state.invoice?.paymentStatus).toBe('failed');
    expect(state.orders.map((o) => o.paymentStatus)).toEqual(['failed', 'failed']);
    const mail = await smtp.waitFor(
      (m) =>
        m.to.includes(customer.email.toLowerCase()) &&
        m.subject === `Your payment for ${checkout.number} did not go through`,
    );
    expect(mail.subject).toBe(`Your payment for ${checkout.number} did not go through`);
    expect(mail.text).toContain('Your card was declined.');
    expect(mail.text).toContain(`https://parade.example/order/invoice/${checkout.number}`);
    // Another card may be tried on the same order while it is held.
    expect(mail.text).toContain(`https://parade.example/order/pay/${checkout.number}`);
  });

  it('takes an event for an intent this site did not create without changing anything', async () => {
    const { checkout, intent } = await customerWithIntent();
    const stranger = stripe.signedEvent('payment_intent.succeeded', {
      ...intent,
      id: 'pi_not_made_by_parade',
      status: 'succeeded',
      amount_received: intent.amount,
    });
    expect((await post(stranger)).statusCode).toBe(200);
    expect((await checkoutState(t.database.db, checkout.invoiceId)).invoice?.paymentStatus).toBe('unpaid');
  });
});
