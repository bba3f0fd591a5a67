import type { StripeStandIn } from '@parade/test-support/stripe-stand-in';
import { and, eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoices, mailOutbox, orders, refunds } from '../../maintenance/schema';
import type { TestApp } from '../../test/build-test-app';
import { placeCheckout } from '../../test/card-checkouts';
import { signUpAs } from '../../test/manage-fixtures';
import { buildTestAppWithStripe } from '../../test/stripe-test-app';
import { bearer, signUp } from '../../test/test-support';
import { claimStalePendingRefunds } from './refunds.commands';

/**
 * Issue 24, "Refunds" (docs/decisions/028): a paid card order cancelled is refunded in full
 * through Stripe, once, with an idempotency key per order; nothing changes before Stripe says
 * yes; a refusal is recorded and the order stays paid; Stripe being down leaves it for a retry.
 */
let t: TestApp;
let stripe: StripeStandIn;

beforeAll(async () => {
  ({ t, stripe } = await buildTestAppWithStripe({ seed: true }));
});
afterAll(async () => {
  await t?.close();
  await stripe?.close();
});

const db = () => t.database.db;

/** A card checkout of two shops, paid through the stand-in; its orders and the intent. */
async function paidCheckout() {
  const customer = await signUp(t.app);
  const checkout = await placeCheckout(t.app, db(), customer);
  const token = await t.app.inject({
    method: 'POST',
    url: '/api/payment-token',
    headers: bearer(customer.token),
    payload: { invoice: checkout.number },
  });
  expect(token.statusCode, token.body).toBe(200);
  const intentId = token.json().data.client_secret.split('_secret_')[0] as string;
  expect((await stripe.settle(intentId, 'succeeded')).status).toBe(200);
  const rows = await db()
    .select({ id: orders.id, shopId: orders.shopId, total: orders.total })
    .from(orders)
    .where(eq(orders.invoiceId, checkout.invoiceId))
    .orderBy(orders.id);
  return { customer, checkout, intentId, orders: rows };
}

async function cancel(order: { id: number; shopId: number }) {
  const vendor = await signUpAs(t.app, t.database, 'vendor', { shopId: order.shopId });
  const res = await t.app.inject({
    method: 'PATCH',
    url: `/api/vendor/orders/${order.id}/status`,
    headers: bearer(vendor.token),
    payload: { status: 'cancelled', note: 'Out of stock' },
  });
  expect(res.statusCode, res.body).toBe(200);
  await t.app.refunds.idle();
}

const refundOf = async (orderId: number) => (await db().select().from(refunds).where(eq(refunds.orderId, orderId)))[0];
const paymentStatusOf = async (orderId: number) =>
  (await db().select({ s: orders.paymentStatus }).from(orders).where(eq(orders.id, orderId)))[0]!.s;

describe('refunds of cancelled card orders', () => {
  it('refunds the order in full through Stripe, once, and says so to the customer and the shop', async () => {
    const { customer, checkout, intentId, orders: placed } = await paidCheckout();
    const [first, second] = placed;
    await cancel(first!);

    const made = [...stripe.refunds.values()].filter((r) => r.payment_intent === intentId);
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({ amount: first!.total, status: 'succeeded' });
    const sent = stripe.requests.filter((r) => r.path === '/v1/refunds');
    expect(sent.at(-1)?.idempotencyKey).toBe(`parade-order-${first!.id}-cancellation-refund`);
    expect(await refundOf(first!.id)).toMatchObject({ status: 'succeeded', providerRef: made[0]!.id, attempts: 1 });
    expect(await paymentStatusOf(first!.id)).toBe('refunded');
    expect(await paymentStatusOf(second!.id)).toBe('paid');
    const [invoice] = await db().select().from(invoices).where(eq(invoices.id, checkout.invoiceId));
    expect(invoice!.paymentStatus).toBe('partially_refunded');
    const [mail] = await db()
      .select({ subject: mailOutbox.subject })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.kind, 'order-refund'), eq(mailOutbox.to, customer.user.email)));
    expect(mail?.subject).toMatch(new RegExp(`your refund of £[\\d.]+ for order ${checkout.number}$`));

    // Handed over again (a retry, another process): Stripe is not asked twice, nothing changes.
    const before = stripe.requests.length;
    t.app.refunds.sendLater([(await refundOf(first!.id))!.id]);
    await t.app.refunds.idle();
    expect(stripe.requests.length).toBe(before);

    // The customer's order shows it.
    const seen = await t.app.inject({
      method: 'GET',
      url: `/api/user/order/${first!.id}`,
      headers: bearer(customer.token),
    });
    expect(seen.json().data.order?.payment_status ?? seen.json().data.payment_status).toBe('refunded');

    await cancel(second!);
    const [after] = await db().select().from(invoices).where(eq(invoices.id, checkout.invoiceId));
    expect(after!.paymentStatus).toBe('refunded');
  });

  it('records a refusal and leaves the order paid, and waits out Stripe being down', async () => {
    const { intentId, orders: placed } = await paidCheckout();
    // Someone refunded the whole charge in Stripe's dashboard: nothing is left to refund.
    const sdk = new Stripe(stripe.secretKey, {
      host: '127.0.0.1',
      port: Number(new URL(stripe.url).port),
      protocol: 'http',
    });
    // A refund made behind Parade's back whose charge.refunded never arrives (decision 030 reconciles it when it does).
    stripe.refundWebhooks = false;
    await sdk.refunds.create({ payment_intent: intentId });
    stripe.refundWebhooks = true;
    await cancel(placed[0]!);
    expect(await refundOf(placed[0]!.id)).toMatchObject({
      status: 'failed',
      lastError: expect.stringMatching(/greater than/),
    });
    expect(await paymentStatusOf(placed[0]!.id)).toBe('paid');

    const other = await paidCheckout();
    stripe.failWith = 500;
    try {
      await cancel(other.orders[0]!);
    } finally {
      stripe.failWith = null;
    }
    expect(await refundOf(other.orders[0]!.id)).toMatchObject({ status: 'pending', attempts: 1 });
    expect(await paymentStatusOf(other.orders[0]!.id)).toBe('paid');
    // Two processes' sweeps at once (decision 042): one takes the stale refund, the other skips it.
    const pendingId = (await refundOf(other.orders[0]!.id))!.id;
    // The refund was last touched a moment ago: let the clock move past it, so it is stale at the cut-off.
    await new Promise((resolve) => setTimeout(resolve, 5));
    const cutoff = new Date();
    const taken = await Promise.all([claimStalePendingRefunds(db(), cutoff), claimStalePendingRefunds(db(), cutoff)]);
    expect(taken.flat().filter((id) => id === pendingId)).toEqual([pendingId]);
    t.app.refunds.sendLater([(await refundOf(other.orders[0]!.id))!.id]);
    await t.app.refunds.idle();
    expect(await refundOf(other.orders[0]!.id)).toMatchObject({ status: 'succeeded', attempts: 2 });
    expect(await paymentStatusOf(other.orders[0]!.id)).toBe('refunded');
  });

  it('refunds nothing for a cash order or an unpaid card order', async () => {
    const customer = await signUp(t.app);
    const cash = await placeCheckout(t.app, db(), customer, { paymentMethod: 'cash' });
    const unpaid = await placeCheckout(t.app, db(), customer);
    const before = stripe.requests.length;
    for (const orderId of [cash.orderIds[0]!, unpaid.orderIds[0]!]) {
      const [order] = await db()
        .select({ id: orders.id, shopId: orders.shopId })
        .from(orders)
        .where(eq(orders.id, orderId));
      await cancel(order!);
      expect(await refundOf(orderId)).toBeUndefined();
    }
    expect(stripe.requests.length).toBe(before);
  });
});
