import { refundLedgerAmount } from '@parade/core/refund-rules';
import type { StripeStandIn } from '@parade/test-support/stripe-stand-in';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  invoices,
  mailOutbox,
  orders,
  products,
  productVariations,
  refunds,
  rewardPointBalances,
  rewardPointEntries,
  shopLedgerEntries,
  shops,
} from '../maintenance/schema';
import type { TestApp } from '../test/build-test-app';
import { placeCheckout, variationsToSell } from '../test/card-checkouts';
import { COLLECTION_POINT } from '../test/checkout-fixtures';
import { signUpAs } from '../test/manage-fixtures';
import { buildTestAppWithStripe } from '../test/stripe-test-app';
import { bearer, signUp } from '../test/test-support';
import { checkLedger } from './record-order-sales';

/**
 * Issue 24, refunds of returns (docs/decisions/030), through the real routes and the Stripe
 * stand-in (the real `stripe` SDK): a return marked received refunds its line by card through
 * Stripe (partly, then in full) or records it owed in cash; the points are reversed; the shop's
 * ledger takes one entry per refund and money:check agrees; charge.refunded completes our
 * refund once even raced with the sender, and records one Parade did not make; a refund over
 * what is left of the charge is refused, recorded as failed with no ledger entry, listed for the
 * admin and retried; both sides are mailed. On both databases (the race).
 */
let t: TestApp;
let stripe: StripeStandIn;
let admin: { token: string };

beforeAll(async () => {
  ({ t, stripe } = await buildTestAppWithStripe({ seed: true }));
  admin = await signUpAs(t.app, t.database, 'admin');
  // Every shop gives points on delivery, so the returns have some to take back.
  await db().update(shops).set({ pointsPerPound: 2 });
});
afterAll(async () => {
  await t?.close();
  await stripe?.close();
});

const db = () => t.database.db;
type Method = 'GET' | 'POST' | 'PATCH';
const as = (token: string, method: Method, url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload !== undefined ? { payload } : {}) });

interface Placed {
  customer: Awaited<ReturnType<typeof signUp>>;
  invoiceId: number;
  intentId: string | null;
  orders: { id: number; shopId: number; total: number }[];
}

/** A checkout of two shops, `quantity` of one line each, paid by card through the stand-in (or in cash), every order delivered. */
async function deliveredCheckout(method: 'card' | 'cash', quantity = 2): Promise<Placed> {
  const customer = await signUp(t.app);
  const checkout = await placeCheckout(t.app, db(), customer, { paymentMethod: method, quantity });
  let intentId: string | null = null;
  if (method === 'card') {
    const token = await as(customer.token, 'POST', '/api/payment-token', { invoice: checkout.number });
    expect(token.statusCode, token.body).toBe(200);
    intentId = token.json().data.client_secret.split('_secret_')[0] as string;
    expect((await stripe.settle(intentId, 'succeeded')).status).toBe(200);
  }
  const rows = await db()
    .select({ id: orders.id, shopId: orders.shopId, total: orders.total })
    .from(orders)
    .where(eq(orders.invoiceId, checkout.invoiceId))
    .orderBy(orders.id);
  for (const order of rows) {
    const vendor = await vendorOf(order.shopId);
    for (const status of ['processing', 'ready', 'delivered']) {
      const res = await as(vendor.token, 'PATCH', `/api/vendor/orders/${order.id}/status`, { status });
      expect(res.statusCode, res.body).toBe(200);
    }
  }
  return { customer, invoiceId: checkout.invoiceId, intentId, orders: rows };
}

const vendors = new Map<number, { token: string }>();
async function vendorOf(shopId: number) {
  let vendor = vendors.get(shopId);
  if (!vendor) {
    vendor = await signUpAs(t.app, t.database, 'vendor', { shopId });
    vendors.set(shopId, vendor);
  }
  return vendor;
}

/** The customer asks to return `quantity` of the order's first line, the shop accepts it; the return's id. */
async function acceptedReturn(placed: Placed, order: { id: number; shopId: number }, quantity: number) {
  const detail = await as(placed.customer.token, 'GET', `/api/user/order/${order.id}`);
  const item = detail.json().data.order.items[0] as { id: number };
  const asked = await as(placed.customer.token, 'POST', '/api/user/order-return', {
    order_item_id: item.id,
    quantity,
    reason: 'Not what I wanted.',
  });
  expect(asked.statusCode, asked.body).toBe(201);
  const id = asked.json().data.return.id as number;
  const vendor = await vendorOf(order.shopId);
  expect((await as(vendor.token, 'POST', `/api/vendor/returns/${id}/accept`, {})).statusCode).toBe(200);
  return id;
}

/** The shop marks the return received; the refund sender's work is waited for. */
async function receive(order: { shopId: number }, returnId: number) {
  const vendor = await vendorOf(order.shopId);
  const res = await as(vendor.token, 'POST', `/api/vendor/returns/${returnId}/received`);
  expect(res.statusCode, res.body).toBe(200);
  await t.app.refunds.idle();
  return res;
}

const refundOfReturn = async (returnId: number) =>
  (await db().select().from(refunds).where(eq(refunds.returnId, returnId)))[0];
const orderStatus = async (orderId: number) =>
  (await db().select({ s: orders.paymentStatus }).from(orders).where(eq(orders.id, orderId)))[0]!.s;
const invoiceStatus = async (invoiceId: number) =>
  (await db().select({ s: invoices.paymentStatus }).from(invoices).where(eq(invoices.id, invoiceId)))[0]!.s;
const refundEntries = (refundId: number) =>
  db()
    .select()
    .from(shopLedgerEntries)
    .where(and(eq(shopLedgerEntries.refundId, refundId), eq(shopLedgerEntries.kind, 'refund')));
const mailsTo = (to: string, kind: string) =>
  db()
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, to), eq(mailOutbox.kind, kind)));
const orderFacts = async (orderId: number) =>
  (
    await db()
      .select({ total: orders.total, commission: orders.commission, platformDiscount: orders.platformDiscount })
      .from(orders)
      .where(eq(orders.id, orderId))
  )[0]!;
/** money:check's findings about these orders (other files' orders are theirs). */
const ledgerDifferences = async (orderIds: number[]) =>
  (await checkLedger(db(), { repair: false })).filter((d) => orderIds.includes(d.orderId));

describe('a card order returned', () => {
  it('refunds the returned unit through Stripe, then the rest: partially_refunded, then refunded, one ledger entry each, points taken back', async () => {
    const placed = await deliveredCheckout('card', 2);
    // The dearer order: its delivery earned points (a pound or more of goods).
    const [order, other] = [...placed.orders].sort((a, b) => b.total - a.total);
    const unit = order!.total / 2;

    const first = await acceptedReturn(placed, order!, 1);
    const received = await receive(order!, first);
    expect(received.json().data.return.refund).toMatchObject({ method: 'card', amount: unit });

    const refund = await refundOfReturn(first);
    expect(refund).toMatchObject({ kind: 'return', method: 'card', amount: unit, status: 'succeeded' });
    const made = [...stripe.refunds.values()].filter((r) => r.payment_intent === placed.intentId);
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({ amount: unit, metadata: { refund_id: String(refund!.id) } });
    expect(refund!.providerRef).toBe(made[0]!.id);
    const sent = stripe.requests.filter((r) => r.path === '/v1/refunds').at(-1);
    expect(sent?.idempotencyKey).toBe(`parade-return-${first}-refund`);
    expect(sent?.params.amount).toBe(String(unit));
    expect(await orderStatus(order!.id)).toBe('partially_refunded');
    expect(await invoiceStatus(placed.invoiceId)).toBe('partially_refunded');

    const facts = await orderFacts(order!.id);
    const entries = await refundEntries(refund!.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]!.amount).toBe(refundLedgerAmount(facts, { method: 'card', amount: unit }, 0));
    expect(entries[0]!.amount).toBeLessThan(0);

    // Both sides are told; the received mail says what now happens, not that nothing does.
    const email = placed.customer.user.email;
    const receivedMail = (await mailsTo(email, 'return-received')).at(-1);
    expect(receivedMail?.text).toMatch(/A refund of £[\d.]+ is on its way to the card you paid with/);
    expect(receivedMail?.text).not.toContain('not made automatically');
    expect(await mailsTo(email, 'return-refund')).toHaveLength(1);
    expect((await mailsTo(email, 'return-refund'))[0]!.subject).toMatch(/Your refund of £[\d.]+ for order #/);
    const shopMails = await db()
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.kind, 'return-refund-for-shop')));
    expect(shopMails.filter((m) => m.text.includes(`order #${order!.id} `))).toHaveLength(1);

    // The second unit: everything of the order is back, the order refunded in full.
    const second = await acceptedReturn(placed, order!, 1);
    await receive(order!, second);
    const refund2 = await refundOfReturn(second);
    expect(refund2).toMatchObject({ status: 'succeeded', amount: order!.total - unit });
    expect(await orderStatus(order!.id)).toBe('refunded');
    expect(await orderStatus(other!.id)).toBe('paid');
    expect(await invoiceStatus(placed.invoiceId)).toBe('partially_refunded');

    // The order's sale, commission and refunds leave nothing for the shop; money:check agrees.
    const all = await db().select().from(shopLedgerEntries).where(eq(shopLedgerEntries.orderId, order!.id));
    expect(all.reduce((sum, entry) => sum + entry.amount, 0)).toBe(0);
    expect(all.filter((entry) => entry.kind === 'refund')).toHaveLength(2);
    expect(await ledgerDifferences([order!.id, other!.id])).toEqual([]);

    // The delivery points the order earned are taken back in full, once per return.
    const points = await db()
      .select()
      .from(rewardPointEntries)
      .where(and(eq(rewardPointEntries.orderId, order!.id), eq(rewardPointEntries.userId, placed.customer.user.id)));
    const earned = points.filter((p) => p.reason === 'order_delivered').reduce((sum, p) => sum + p.points, 0);
    // An adjustment of the order (the contract's reasons have no other for a return).
    const taken = points.filter((p) => p.reason === 'adjustment').reduce((sum, p) => sum + p.points, 0);
    expect(earned).toBeGreaterThan(0);
    expect(taken).toBe(-earned);

    // The customer's order shows its refunds and its payment status.
    const seen = await as(placed.customer.token, 'GET', `/api/user/order/${order!.id}`);
    expect(seen.json().data.order.payment_status).toBe('refunded');
    expect(seen.json().data.refunds).toEqual([
      expect.objectContaining({ kind: 'return', method: 'card', status: 'succeeded', amount: unit, return_id: first }),
      expect.objectContaining({ kind: 'return', method: 'card', status: 'succeeded', return_id: second }),
    ]);
    expect(seen.json().data.refunds[0].item).toMatchObject({ quantity: 1 });
    const returns = await as(placed.customer.token, 'GET', '/api/user/order-return');
    const listed = returns.json().data.data.find((r: { id: number }) => r.id === first);
    expect(listed.refund).toMatchObject({ status: 'succeeded', method: 'card', amount: unit });
  });

  it('refunds once when the sender and the charge.refunded webhook race (two senders and a replayed webhook)', async () => {
    const placed = await deliveredCheckout('card', 1);
    const order = placed.orders[0]!;
    const returnId = await acceptedReturn(placed, order, 1);
    // Stripe is down when the item comes back: the refund stays pending for a retry.
    stripe.failWith = 503;
    try {
      await receive(order, returnId);
    } finally {
      stripe.failWith = null;
    }
    const pending = await refundOfReturn(returnId);
    expect(pending).toMatchObject({ status: 'pending' });
    expect(await refundEntries(pending!.id)).toHaveLength(0);

    // Two senders at once; the first's call at Stripe posts charge.refunded before it answers.
    t.app.refunds.sendLater([pending!.id]);
    t.app.refunds.sendLater([pending!.id]);
    await t.app.refunds.idle();
    // And Stripe delivers the event again (a new event id), after all of it.
    const replay = stripe.signedChargeRefunded(placed.intentId!);
    const res = await fetch(stripe.webhookUrl!, { method: 'POST', headers: replay.headers, body: replay.payload });
    expect(res.status).toBe(200);

    const made = [...stripe.refunds.values()].filter((r) => r.payment_intent === placed.intentId);
    expect(made).toHaveLength(1);
    const done = await refundOfReturn(returnId);
    expect(done).toMatchObject({ status: 'succeeded', providerRef: made[0]!.id });
    expect(await refundEntries(done!.id)).toHaveLength(1);
    expect(await mailsTo(placed.customer.user.email, 'return-refund')).toHaveLength(1);
    expect(await orderStatus(order.id)).toBe('refunded');
    // Nothing was recorded as a refund made outside Parade.
    const onInvoice = await db().select().from(refunds).where(eq(refunds.invoiceId, placed.invoiceId));
    expect(onInvoice).toHaveLength(1);
  });

  it('is refused by Stripe over what is left of the charge: failed, no ledger entry, the order still paid; the admin sees it and retries it', async () => {
    const placed = await deliveredCheckout('card', 1);
    const order = placed.orders[0]!;
    const returnId = await acceptedReturn(placed, order, 1);
    // Someone refunded nearly all of the charge in Stripe's dashboard, and its webhook was lost.
    const charged = stripe.intents.get(placed.intentId!)!.amount;
    stripe.refundWebhooks = false;
    try {
      expect((await stripe.refundOutside(placed.intentId!, charged - 1)).status).toBe(200);
    } finally {
      stripe.refundWebhooks = true;
    }
    await receive(order, returnId);
    const refund = await refundOfReturn(returnId);
    expect(refund).toMatchObject({ status: 'failed', lastError: expect.stringMatching(/greater than/) });
    expect(await refundEntries(refund!.id)).toHaveLength(0);
    expect(await orderStatus(order.id)).toBe('paid');
    expect(await mailsTo(placed.customer.user.email, 'return-refund')).toHaveLength(0);

    const listed = await as(admin.token, 'GET', '/api/admin/refunds');
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json().data).toMatchObject({ current_page: 1, per_page: 20 });
    expect(listed.json().data.data).toContainEqual(
      expect.objectContaining({ id: refund!.id, status: 'failed', kind: 'return', order_id: order.id }),
    );
    expect((await as(admin.token, 'GET', '/api/admin/refunds?per_page=101')).statusCode).toBe(422);
    const vendor = await vendorOf(order.shopId);
    expect((await as(vendor.token, 'GET', '/api/admin/refunds')).statusCode).toBe(403);

    const retried = await as(admin.token, 'POST', `/api/admin/refunds/${refund!.id}/retry`);
    expect(retried.statusCode, retried.body).toBe(200);
    await t.app.refunds.idle();
    const after = await refundOfReturn(returnId);
    // Still too much for what is left, under a new idempotency key (Stripe keeps the refusal under the old one).
    expect(after).toMatchObject({ status: 'failed', idempotencyKey: `parade-return-${returnId}-refund-retry-1` });
    expect(stripe.requests.filter((r) => r.path === '/v1/refunds').at(-1)?.idempotencyKey).toBe(after!.idempotencyKey);
    expect(await refundEntries(refund!.id)).toHaveLength(0);

    const missing = await as(admin.token, 'POST', '/api/admin/refunds/99999999/retry');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('refund_not_found');
  });

  it('records a refund made in Stripe dashboard that Parade did not make, once, so charged - refunded stays true', async () => {
    const placed = await deliveredCheckout('card', 1);
    const outside = await stripe.refundOutside(placed.intentId!, 100);
    expect(outside.status).toBe(200);
    expect(outside.delivered?.status).toBe(200);
    const rows = await db().select().from(refunds).where(eq(refunds.invoiceId, placed.invoiceId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      kind: 'external',
      status: 'succeeded',
      method: 'card',
      amount: 100,
      providerRef: (outside.refund as { id: string }).id,
      paymentIntent: placed.intentId,
    });
    expect(await invoiceStatus(placed.invoiceId)).toBe('partially_refunded');
    // Stripe sending the event again records nothing more.
    const again = stripe.signedChargeRefunded(placed.intentId!);
    await fetch(stripe.webhookUrl!, { method: 'POST', headers: again.headers, body: again.payload });
    expect(await db().select().from(refunds).where(eq(refunds.invoiceId, placed.invoiceId))).toHaveLength(1);
    const charged = stripe.intents.get(placed.intentId!)!.amount;
    const refunded = rows.reduce((sum, row) => sum + row.amount, 0);
    const totals = placed.orders.reduce((sum, order) => sum + order.total, 0);
    expect(charged - refunded).toBe(totals - 100);

    // A second one, later: recorded too (any number of dashboard refunds fit an order).
    const second = await stripe.refundOutside(placed.intentId!, 50);
    expect(second.delivered?.status).toBe(200);
    const after = await db().select().from(refunds).where(eq(refunds.invoiceId, placed.invoiceId));
    expect(after.map((row) => [row.kind, row.amount])).toEqual([
      ['external', 100],
      ['external', 50],
    ]);
  });
});

describe('points spent on a returned order', () => {
  it("gives the returned line's share of the spent points back and refunds the money less that share", async () => {
    const customer = await signUp(t.app);
    const variationId = (await variationsToSell(db()))[1]!;
    const [bought] = await db()
      .select({ shopId: products.shopId, price: productVariations.price })
      .from(productVariations)
      .innerJoin(products, eq(products.id, productVariations.productId))
      .where(eq(productVariations.id, variationId));
    await db().insert(rewardPointBalances).values({ userId: customer.user.id, shopId: bought!.shopId, points: 60 });
    const placedRes = await as(customer.token, 'POST', '/api/user/order/place', {
      order_type: 'collection',
      collection_point: COLLECTION_POINT,
      items: [{ variation_id: variationId, quantity: 2 }],
      payment_method: 'card',
      reward_points: { [String(bought!.shopId)]: 60 },
    });
    expect(placedRes.statusCode, placedRes.body).toBe(201);
    const number = placedRes.json().data.invoice as string;
    const token = await as(customer.token, 'POST', '/api/payment-token', { invoice: number });
    expect(token.statusCode, token.body).toBe(200);
    const intentId = token.json().data.client_secret.split('_secret_')[0] as string;
    expect((await stripe.settle(intentId, 'succeeded')).status).toBe(200);
    const [order] = await db()
      .select()
      .from(orders)
      .innerJoin(invoices, eq(invoices.id, orders.invoiceId))
      .where(eq(invoices.number, number));
    expect(order!.orders.rewardPointsUsed).toBe(60);
    expect(order!.orders.rewardDiscount).toBe(60);
    const vendor = await vendorOf(order!.orders.shopId);
    for (const status of ['processing', 'ready', 'delivered']) {
      const res = await as(vendor.token, 'PATCH', `/api/vendor/orders/${order!.orders.id}/status`, { status });
      expect(res.statusCode, res.body).toBe(200);
    }
    const placed: Placed = {
      customer,
      invoiceId: order!.invoices.id,
      intentId,
      orders: [{ id: order!.orders.id, shopId: order!.orders.shopId, total: order!.orders.total }],
    };
    const returnId = await acceptedReturn(placed, placed.orders[0]!, 1);
    await receive(placed.orders[0]!, returnId);
    // One unit of two: half the price less half the 60p of points; half the 60 points back.
    const refund = await refundOfReturn(returnId);
    expect(refund).toMatchObject({ status: 'succeeded', amount: bought!.price - 30 });
    const entries = await db()
      .select()
      .from(rewardPointEntries)
      .where(and(eq(rewardPointEntries.orderId, placed.orders[0]!.id), eq(rewardPointEntries.reason, 'adjustment')));
    expect(entries.filter((e) => e.points > 0).map((e) => e.points)).toEqual([30]);
    // The delivery points earned are taken back in proportion (some, never more than earned).
    const earned = (
      await db()
        .select()
        .from(rewardPointEntries)
        .where(
          and(eq(rewardPointEntries.orderId, placed.orders[0]!.id), eq(rewardPointEntries.reason, 'order_delivered')),
        )
    ).reduce((sum, e) => sum + e.points, 0);
    const taken = -entries.filter((e) => e.points < 0).reduce((sum, e) => sum + e.points, 0);
    expect(taken).toBeGreaterThan(0);
    expect(taken).toBeLessThan(earned);
    const [balance] = await db()
      .select({ points: rewardPointBalances.points })
      .from(rewardPointBalances)
      .where(and(eq(rewardPointBalances.userId, customer.user.id), eq(rewardPointBalances.shopId, bought!.shopId)));
    expect(balance!.points).toBe(earned + 30 - taken);
    expect(await ledgerDifferences([placed.orders[0]!.id])).toEqual([]);
  });
});

describe('a cash order returned', () => {
  it("refunds a line the shop's coupon did not cover in full, and a covered line less its part of the discount", async () => {
    // Two products of one shop; the coupon covers the first only (20 % off it).
    const shopId = (
      await db().select({ id: shops.id }).from(shops).where(eq(shops.isActive, true)).orderBy(shops.id)
    )[0]!.id;
    const lines = await db()
      .select({ variationId: productVariations.id, productId: products.id, price: productVariations.price })
      .from(productVariations)
      .innerJoin(products, eq(products.id, productVariations.productId))
      .where(
        and(
          eq(products.shopId, shopId),
          eq(products.type, 'Physical'),
          eq(products.isActive, true),
          eq(productVariations.isActive, true),
        ),
      )
      .orderBy(productVariations.id);
    const covered = lines[0]!;
    const plain = lines.find((line) => line.productId !== covered.productId)!;
    const vendor = await vendorOf(shopId);
    const coupon = await as(vendor.token, 'POST', '/api/vendor/coupons', {
      code: 'ONLYFIRST',
      type: 'percent',
      value: 20,
      product_ids: [covered.productId],
    });
    expect(coupon.statusCode, coupon.body).toBe(201);

    const customer = await signUp(t.app);
    const placed = await as(customer.token, 'POST', '/api/user/order/place', {
      order_type: 'collection',
      collection_point: COLLECTION_POINT,
      items: [
        { variation_id: covered.variationId, quantity: 2 },
        { variation_id: plain.variationId, quantity: 1 },
      ],
      coupons: { [shopId]: 'ONLYFIRST' },
      payment_method: 'cash',
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json().data.orders[0] as {
      id: number;
      discount: number;
      items: { id: number; variation_id: number; discount: number }[];
    };
    const expected = Math.round((covered.price * 2 * 20) / 100);
    expect(order.discount).toBe(expected);
    // The order's lines say which carried the discount: the covered one all of it.
    const lineOf = (variationId: number) => order.items.find((item) => item.variation_id === variationId)!;
    expect(lineOf(covered.variationId).discount).toBe(expected);
    expect(lineOf(plain.variationId).discount).toBe(0);
    for (const status of ['processing', 'ready', 'delivered']) {
      expect((await as(vendor.token, 'PATCH', `/api/vendor/orders/${order.id}/status`, { status })).statusCode).toBe(
        200,
      );
    }

    const returnOf = async (itemId: number, quantity: number) => {
      const asked = await as(customer.token, 'POST', '/api/user/order-return', {
        order_item_id: itemId,
        quantity,
        reason: 'Not what I wanted.',
      });
      expect(asked.statusCode, asked.body).toBe(201);
      const id = asked.json().data.return.id as number;
      expect((await as(vendor.token, 'POST', `/api/vendor/returns/${id}/accept`, {})).statusCode).toBe(200);
      return (await receive({ shopId }, id)).json().data.return.refund as { amount: number };
    };
    // The uncovered line was paid in full: all of it comes back.
    expect((await returnOf(lineOf(plain.variationId).id, 1)).amount).toBe(plain.price);
    // The covered line comes back less its discount.
    expect((await returnOf(lineOf(covered.variationId).id, 2)).amount).toBe(covered.price * 2 - expected);
    expect(await ledgerDifferences([order.id])).toEqual([]);
  });

  it('records the refund owed in cash by the shop, with its ledger entry and mails at once; the shop marks it paid', async () => {
    const placed = await deliveredCheckout('cash', 1);
    const [order, other] = placed.orders;
    const requestsBefore = stripe.requests.length;
    const returnId = await acceptedReturn(placed, order!, 1);
    const received = await receive(order!, returnId);
    expect(received.json().message).toMatch(/owed in cash/);
    expect(received.json().data.return.refund).toMatchObject({ method: 'cash', status: 'owed', amount: order!.total });
    expect(stripe.requests.length).toBe(requestsBefore);

    const refund = await refundOfReturn(returnId);
    expect(refund).toMatchObject({ kind: 'return', method: 'cash', status: 'owed', paymentIntent: null });
    const facts = await orderFacts(order!.id);
    const entries = await refundEntries(refund!.id);
    // The shop pays the money itself; its ledger gets the commission on it back.
    expect(entries).toHaveLength(facts.commission > 0 ? 1 : 0);
    if (facts.commission > 0) expect(entries[0]!.amount).toBe(facts.commission);
    expect(await ledgerDifferences([order!.id, other!.id])).toEqual([]);

    const email = placed.customer.user.email;
    expect((await mailsTo(email, 'return-refund-owed'))[0]?.text).toMatch(
      /owes you £[\d.]+ .*paid back in cash|pays you back in cash/,
    );
    expect((await mailsTo(email, 'return-received')).at(-1)?.text).toMatch(
      /owes you £[\d.]+ for it, paid back in cash/,
    );
    const shopMail = (
      await db().select().from(mailOutbox).where(eq(mailOutbox.kind, 'return-refund-owed-for-shop'))
    ).filter((m) => m.text.includes(`order #${order!.id} `));
    expect(shopMail).toHaveLength(1);
    expect(shopMail[0]!.text).toContain('mark it paid');

    // The shop's return page shows it; another shop cannot mark it; the shop marks it paid, once.
    const vendor = await vendorOf(order!.shopId);
    const shown = await as(vendor.token, 'GET', `/api/vendor/returns/${returnId}`);
    expect(shown.json().data.return.refund).toMatchObject({ status: 'owed' });
    // So does the platform admin's view of the order.
    const adminView = await as(admin.token, 'GET', `/api/admin/orders/${order!.id}`);
    expect(adminView.statusCode, adminView.body).toBe(200);
    expect(adminView.json().data.refunds).toMatchObject([
      { kind: 'return', return_id: returnId, method: 'cash', status: 'owed', amount: order!.total },
    ]);
    const stranger = await vendorOf(other!.shopId);
    expect((await as(stranger.token, 'POST', `/api/vendor/returns/${returnId}/refund-paid`)).statusCode).toBe(404);
    const paid = await as(vendor.token, 'POST', `/api/vendor/returns/${returnId}/refund-paid`);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().data.return.refund).toMatchObject({ status: 'settled' });
    expect(await orderStatus(order!.id)).toBe('refunded');
    const twice = await as(vendor.token, 'POST', `/api/vendor/returns/${returnId}/refund-paid`);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe('refund_not_owed');
    expect(await refundEntries(refund!.id)).toHaveLength(facts.commission > 0 ? 1 : 0);
    expect(await ledgerDifferences([order!.id, other!.id])).toEqual([]);

    const listed = await db()
      .select()
      .from(refunds)
      .where(inArray(refunds.orderId, [order!.id, other!.id]));
    expect(listed).toHaveLength(1);
  });
});
