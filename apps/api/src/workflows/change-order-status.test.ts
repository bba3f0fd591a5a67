import { and, count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../lib/errors';
import {
  couponRedemptions,
  coupons,
  invoices,
  mailOutbox,
  orderStatusHistory,
  orders,
  products,
  refunds,
  rewardPointBalances,
  rewardPointEntries,
} from '../maintenance/schema';
import { repairReadModel } from '../modules/catalog';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import { checkoutFixtures, collection } from '../test/checkout-fixtures';
import { signUpAs } from '../test/manage-fixtures';
import { bearer, signUp } from '../test/test-support';
import { cancelInvoiceOrders, changeOrderStatus, markOrderPaid } from './change-order-status';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ seed: true });
});
afterAll(() => t.close());

const db = () => t.database.db;
const { makeShop, makeVariation, makeCoupon, givePoints, place, stockOf } = checkoutFixtures(() => t);

async function balance(userId: number, shopId: number) {
  const [row] = await db()
    .select({ points: rewardPointBalances.points })
    .from(rewardPointBalances)
    .where(and(eq(rewardPointBalances.userId, userId), eq(rewardPointBalances.shopId, shopId)));
  return row?.points ?? 0;
}

async function refusal(work: Promise<unknown>): Promise<AppError> {
  const error = await work.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

/** The read model of these products equals a full recomputation (decision 010). */
async function readModelOf(productIds: number[]) {
  const snapshot = () =>
    db()
      .select({
        id: products.id,
        unitsSold: products.unitsSold,
        cardStock: products.cardStock,
        cardInStock: products.cardInStock,
      })
      .from(products)
      .where(inArray(products.id, productIds))
      .orderBy(products.id);
  const kept = await snapshot();
  await repairReadModel(db());
  expect(kept).toEqual(await snapshot());
  return kept;
}

/** One customer's checkout at one shop: 2 units of a 1000p line, the shop's coupon and 300 points. */
async function placedOrder(options: { stock?: number; pointsPerPound?: number } = {}) {
  const me = await signUp(t.app);
  const shop = await makeShop({ pointsPerPound: options.pointsPerPound ?? 2 });
  const v = await makeVariation(shop.id, { price: 1000, stock: options.stock ?? 2 });
  const coupon = await makeCoupon(shop.id, { type: 'fixed', value: 150, usageLimit: 5 });
  await givePoints(me.user.id, shop.id, 300);
  const res = await place(
    me.token,
    collection([{ variation_id: v.id, quantity: 2 }], {
      coupons: { [shop.id]: coupon.code },
      reward_points: { [shop.id]: 300 },
    }),
  );
  expect(res.statusCode).toBe(201);
  const order = res.json().data.orders[0] as { id: number; total: number; invoice: { id: number; number: string } };
  return { me, shop, v, coupon, order };
}

describe('changeOrderStatus', () => {
  it('cancelling gives back the stock, the spent points and the coupon use, and keeps the read model right', async () => {
    const { me, shop, v, coupon, order } = await placedOrder();
    expect(await stockOf(v.id)).toEqual({ stock: 0, unitsSold: 2 });
    expect(await balance(me.user.id, shop.id)).toBe(0);
    expect((await readModelOf([v.productId]))[0]).toMatchObject({ cardStock: 0, cardInStock: false, unitsSold: 2 });

    expect(
      await changeOrderStatus(db(), {
        publicUrl: 'http://parade.test',
        orderId: order.id,
        to: 'cancelled',
        note: 'Customer called',
      }),
    ).toEqual({
      orderId: order.id,
      status: 'cancelled',
      // The customer's status mail, for the caller to hand to the mailer after the commit; a cash
      // order's cancellation refunds nothing.
      mailIds: [expect.any(Number)],
      refundIds: [],
    });
    expect(await stockOf(v.id)).toEqual({ stock: 2, unitsSold: 0 });
    expect(await balance(me.user.id, shop.id)).toBe(300);
    const [used] = await db().select().from(coupons).where(eq(coupons.id, coupon.id));
    expect(used!.timesUsed).toBe(0);
    const [redemptions] = await db()
      .select({ n: count() })
      .from(couponRedemptions)
      .where(eq(couponRedemptions.couponId, coupon.id));
    expect(redemptions!.n).toBe(0);
    const ledger = await db()
      .select({ reason: rewardPointEntries.reason, points: rewardPointEntries.points })
      .from(rewardPointEntries)
      .where(eq(rewardPointEntries.orderId, order.id))
      .orderBy(rewardPointEntries.id);
    expect(ledger).toEqual([
      { reason: 'checkout', points: -300 },
      { reason: 'order_cancelled', points: 300 },
    ]);
    expect((await readModelOf([v.productId]))[0]).toMatchObject({ cardStock: 2, cardInStock: true, unitsSold: 0 });

    const detail = await t.app.inject({ url: `/api/user/order/${order.id}`, headers: bearer(me.token) });
    expect(detail.json().data.order.status).toBe('cancelled');
    expect(detail.json().data.order.history).toEqual([
      expect.objectContaining({ status: 'pending' }),
      expect.objectContaining({ status: 'cancelled', note: 'Customer called' }),
    ]);

    // Twice is refused, and gives nothing back a second time.
    const again = await refusal(
      changeOrderStatus(db(), { publicUrl: 'http://parade.test', orderId: order.id, to: 'cancelled' }),
    );
    expect([again.statusCode, again.code]).toEqual([422, 'order_status_invalid']);
    expect(await stockOf(v.id)).toEqual({ stock: 2, unitsSold: 0 });
    expect(await balance(me.user.id, shop.id)).toBe(300);
  });

  it("follows core's transitions only, appending each change to the history", async () => {
    const { order } = await placedOrder();
    const skip = await refusal(
      changeOrderStatus(db(), { publicUrl: 'http://parade.test', orderId: order.id, to: 'delivered' }),
    );
    expect([skip.statusCode, skip.code]).toEqual([422, 'order_status_invalid']);
    await changeOrderStatus(db(), { publicUrl: 'http://parade.test', orderId: order.id, to: 'processing' });
    // A collection order is never "out for delivery" (its customer would be mailed so).
    const wrongKind = await refusal(
      changeOrderStatus(db(), { publicUrl: 'http://parade.test', orderId: order.id, to: 'shipping' }),
    );
    expect([wrongKind.statusCode, wrongKind.code]).toEqual([422, 'order_status_invalid']);
    for (const to of ['ready', 'delivered'] as const) {
      await changeOrderStatus(db(), { publicUrl: 'http://parade.test', orderId: order.id, to });
    }
    const late = await refusal(
      changeOrderStatus(db(), { publicUrl: 'http://parade.test', orderId: order.id, to: 'cancelled' }),
    );
    expect(late.code).toBe('order_status_invalid');
    const history = await db()
      .select({ status: orderStatusHistory.status })
      .from(orderStatusHistory)
      .where(eq(orderStatusHistory.orderId, order.id))
      .orderBy(orderStatusHistory.id);
    expect(history.map((h) => h.status)).toEqual(['pending', 'processing', 'ready', 'delivered']);
    // A cash order is paid at the handover: delivered, it is paid, and so is its invoice.
    const [delivered] = await db().select().from(orders).where(eq(orders.id, order.id));
    expect(delivered!.paymentStatus).toBe('paid');
    const [invoice] = await db().select().from(invoices).where(eq(invoices.id, delivered!.invoiceId));
    expect(invoice!.paymentStatus).toBe('paid');
  });

  it("awards the delivered order's points once, at the shop's points per pound, even when delivered concurrently", async () => {
    const { me, shop, order } = await placedOrder({ pointsPerPound: 2 });
    // 2 x 1000 - 150 coupon - 300 points = 1550: floor(15.5) x 2 = 30 points.
    expect(order.total).toBe(1550);
    await changeOrderStatus(db(), { publicUrl: 'http://parade.test', orderId: order.id, to: 'processing' });
    await changeOrderStatus(db(), { publicUrl: 'http://parade.test', orderId: order.id, to: 'ready' });
    const outcomes = await Promise.allSettled(
      Array.from({ length: 5 }, () =>
        changeOrderStatus(db(), { publicUrl: 'http://parade.test', orderId: order.id, to: 'delivered' }),
      ),
    );
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    expect(await balance(me.user.id, shop.id)).toBe(30);
    const earned = await db()
      .select()
      .from(rewardPointEntries)
      .where(and(eq(rewardPointEntries.orderId, order.id), eq(rewardPointEntries.reason, 'order_delivered')));
    expect(earned.map((e) => e.points)).toEqual([30]);
  });

  it("answers 404 for another shop's order when scoped to a shop, and for no order", async () => {
    const { shop, order } = await placedOrder();
    const other = await makeShop();
    const wrongShop = await refusal(
      changeOrderStatus(db(), {
        publicUrl: 'http://parade.test',
        orderId: order.id,
        to: 'processing',
        shopId: other.id,
      }),
    );
    expect([wrongShop.statusCode, wrongShop.code]).toEqual([404, 'order_not_found']);
    const none = await refusal(
      changeOrderStatus(db(), { publicUrl: 'http://parade.test', orderId: 99_999_999, to: 'processing' }),
    );
    expect(none.statusCode).toBe(404);
    expect(
      await changeOrderStatus(db(), {
        publicUrl: 'http://parade.test',
        orderId: order.id,
        to: 'processing',
        shopId: shop.id,
      }),
    ).toMatchObject({
      status: 'processing',
    });
  });
});

describe('markOrderPaid and cancelInvoiceOrders', () => {
  it('marks the invoice paid once all its orders are', async () => {
    const me = await signUp(t.app);
    const a = await makeShop();
    const b = await makeShop();
    const va = await makeVariation(a.id, { price: 300 });
    const vb = await makeVariation(b.id, { price: 400 });
    const res = await place(
      me.token,
      collection([
        { variation_id: va.id, quantity: 1 },
        { variation_id: vb.id, quantity: 1 },
      ]),
    );
    const [first, second] = res.json().data.orders as { id: number; invoice: { id: number } }[];
    const invoiceStatus = async () =>
      (await db().select().from(invoices).where(eq(invoices.id, first!.invoice.id)))[0]!.paymentStatus;

    expect(await markOrderPaid(db(), { orderId: first!.id, shopId: a.id })).toEqual({
      orderId: first!.id,
      changed: true,
    });
    expect(await invoiceStatus()).toBe('unpaid');
    expect((await markOrderPaid(db(), { orderId: first!.id })).changed).toBe(false);
    const wrongShop = await refusal(markOrderPaid(db(), { orderId: second!.id, shopId: a.id }));
    expect(wrongShop.statusCode).toBe(404);
    await markOrderPaid(db(), { orderId: second!.id });
    expect(await invoiceStatus()).toBe('paid');
    const paid = await db().select().from(orders).where(eq(orders.invoiceId, first!.invoice.id));
    expect(paid.map((o) => o.paymentStatus)).toEqual(['paid', 'paid']);
  });

  it("records a paid cash order's cancellation as its cash handed back: one settled refund, the order refunded", async () => {
    const me = await signUp(t.app);
    const a = await makeShop();
    const b = await makeShop();
    const va = await makeVariation(a.id, { price: 300 });
    const vb = await makeVariation(b.id, { price: 400 });
    const res = await place(
      me.token,
      collection([
        { variation_id: va.id, quantity: 2 },
        { variation_id: vb.id, quantity: 1 },
      ]),
    );
    const [first, second] = res.json().data.orders as { id: number; total: number; invoice: { id: number } }[];
    await markOrderPaid(db(), { orderId: first!.id });
    await markOrderPaid(db(), { orderId: second!.id });
    await changeOrderStatus(db(), { publicUrl: 'http://parade.test', orderId: first!.id, to: 'cancelled' });

    const recorded = await db().select().from(refunds).where(eq(refunds.orderId, first!.id));
    expect(recorded).toEqual([
      expect.objectContaining({ kind: 'cancellation', method: 'cash', status: 'settled', amount: first!.total }),
    ]);
    const [cancelled] = await db().select().from(orders).where(eq(orders.id, first!.id));
    expect(cancelled!.paymentStatus).toBe('refunded');
    const [invoice] = await db().select().from(invoices).where(eq(invoices.id, first!.invoice.id));
    expect(invoice!.paymentStatus).toBe('partially_refunded');
    // An unpaid cash order's cancellation hands nothing back.
    const unpaid = (await place(me.token, collection([{ variation_id: va.id, quantity: 1 }]))).json().data.orders[0];
    await changeOrderStatus(db(), { publicUrl: 'http://parade.test', orderId: unpaid.id, to: 'cancelled' });
    expect(await db().select().from(refunds).where(eq(refunds.orderId, unpaid.id))).toEqual([]);
    const [stillUnpaid] = await db().select().from(orders).where(eq(orders.id, unpaid.id));
    expect(stillUnpaid!.paymentStatus).toBe('unpaid');
  });

  it("cancels every live order of an invoice in the caller's transaction, giving back stock and points", async () => {
    const me = await signUp(t.app);
    const a = await makeShop();
    const b = await makeShop();
    const va = await makeVariation(a.id, { price: 300, stock: 5 });
    const vb = await makeVariation(b.id, { price: 400, stock: 5 });
    await givePoints(me.user.id, b.id, 100);
    const res = await place(
      me.token,
      collection(
        [
          { variation_id: va.id, quantity: 2 },
          { variation_id: vb.id, quantity: 1 },
        ],
        { reward_points: { [b.id]: 100 } },
      ),
    );
    const placed = res.json().data.orders as { id: number; invoice: { id: number } }[];
    const invoiceId = placed[0]!.invoice.id;
    // One already cancelled by its shop: the job cancels only the other.
    await changeOrderStatus(db(), { publicUrl: 'http://parade.test', orderId: placed[0]!.id, to: 'cancelled' });

    // A rolled-back caller leaves everything as it was.
    await db()
      .transaction(async (tx) => {
        await cancelInvoiceOrders(tx, invoiceId, 'rolled back', 'http://parade.test');
        throw new Error('roll back');
      })
      .catch(() => undefined);
    expect(await stockOf(vb.id)).toEqual({ stock: 4, unitsSold: 1 });

    const cancelled = await db().transaction((tx) =>
      cancelInvoiceOrders(tx, invoiceId, 'Card payment not received in time', 'http://parade.test'),
    );
    expect(cancelled.orderIds).toEqual([placed[1]!.id]);
    expect(cancelled.mailIds).toHaveLength(1);
    expect(await stockOf(va.id)).toEqual({ stock: 5, unitsSold: 0 });
    expect(await stockOf(vb.id)).toEqual({ stock: 5, unitsSold: 0 });
    expect(await balance(me.user.id, b.id)).toBe(100);
    const statuses = await db().select({ status: orders.status }).from(orders).where(eq(orders.invoiceId, invoiceId));
    expect(statuses.map((s) => s.status)).toEqual(['cancelled', 'cancelled']);
    expect(await db().transaction((tx) => cancelInvoiceOrders(tx, invoiceId, 'again', 'http://parade.test'))).toEqual({
      orderIds: [],
      mailIds: [],
    });
    await readModelOf([va.productId, vb.productId]);
  });
});

describe('status mails', () => {
  const statusMails = (to: string) =>
    db()
      .select({ subject: mailOutbox.subject, text: mailOutbox.text })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.kind, 'order-status'), eq(mailOutbox.to, to)))
      .orderBy(mailOutbox.id);

  it('puts one mail per change in the outbox, naming the shop and the status in words, with the lines and the tracking link', async () => {
    const { me, shop, order } = await placedOrder({ stock: 5 });
    expect(await statusMails(me.user.email)).toEqual([]);
    for (const to of ['processing', 'ready', 'delivered'] as const) {
      await changeOrderStatus(db(), { publicUrl: 'http://parade.test', orderId: order.id, to, shopId: shop.id });
    }
    const mails = await statusMails(me.user.email);
    expect(mails.map((m) => m.subject)).toEqual([
      `${shop.name}: your order ${order.invoice.number} is being prepared`,
      `${shop.name}: your order ${order.invoice.number} is ready for collection`,
      `${shop.name}: your order ${order.invoice.number} is delivered`,
    ]);
    for (const mail of mails) {
      expect(mail.text).toMatch(/ {2}2 x Test Product \d+ 1kg/);
      expect(mail.text).toContain(`Follow your order: http://parade.test/profile/track?order=${order.id}`);
      expect(mail.text).toContain(`${shop.name}, on Parade`);
    }
  });

  it('sends none for a refused change, one for a cancel with its note, and none when the change rolls back', async () => {
    const { me, shop, order } = await placedOrder({ stock: 5 });
    await refusal(changeOrderStatus(db(), { publicUrl: 'http://parade.test', orderId: order.id, to: 'delivered' }));
    expect(await statusMails(me.user.email)).toEqual([]);

    await db()
      .transaction(async (tx) => {
        await cancelInvoiceOrders(tx, order.invoice.id, 'rolled back', 'http://parade.test');
        throw new Error('roll back');
      })
      .catch(() => undefined);
    expect(await statusMails(me.user.email)).toEqual([]);

    await changeOrderStatus(db(), {
      publicUrl: 'http://parade.test',
      orderId: order.id,
      to: 'cancelled',
      note: 'Sorry, we ran out.',
      shopId: shop.id,
    });
    const [mail, ...more] = await statusMails(me.user.email);
    expect(more).toEqual([]);
    expect(mail!.subject).toBe(`${shop.name}: your order ${order.invoice.number} is cancelled`);
    expect(mail!.text).toContain('A note from us: Sorry, we ran out.');
  });

  it("mails the customer when the shop moves an order through the API, in a delivery order's words", async () => {
    const me = await signUp(t.app);
    const shop = await makeShop();
    const vendor = await signUpAs(t.app, t.database, 'vendor', { shopId: shop.id });
    const v = await makeVariation(shop.id, { price: 700, stock: 5 });
    const res = await place(me.token, {
      order_type: 'delivery',
      address: { name: 'Me', phone: '07700900000', line1: '1 Bethnal Green Road', city: 'London', postcode: 'E2 6DG' },
      items: [{ variation_id: v.id, quantity: 1 }],
      payment_method: 'cash',
    });
    expect(res.statusCode, res.body).toBe(201);
    const orderId = res.json().data.orders[0].id as number;
    for (const status of ['processing', 'shipping'] as const) {
      const moved = await t.app.inject({
        method: 'PATCH',
        url: `/api/vendor/orders/${orderId}/status`,
        headers: bearer(vendor.token),
        payload: { status },
      });
      expect(moved.statusCode, moved.body).toBe(200);
    }
    expect((await statusMails(me.user.email)).map((m) => m.subject.split(' is ').pop())).toEqual([
      'being prepared',
      'out for delivery',
    ]);
  });
});
