import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pushMessageSchema } from '@parade/core/push-schemas';
import { type PushService, startPushService, type TestPushSubscription } from '@parade/test-support/push-service';
import { startStripeStandIn } from '@parade/test-support/stripe-stand-in';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { pushSubscriptions, shopStaff } from '../../maintenance/schema';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { placeCheckout } from '../../test/card-checkouts';
import { checkoutFixtures, collection } from '../../test/checkout-fixtures';
import { signUpAs } from '../../test/manage-fixtures';
import { bearer, signUp } from '../../test/test-support';
import { VAPID_KEYS_FILE_NAME } from './vapid-keys';

/**
 * Web push (docs/decisions/027), end to end: the API sends with the real `web-push` library to a
 * local push service that checks the VAPID signature and decrypts each push with the device's
 * own keys (packages/test-support/src/push-service.ts), as a browser vendor's service and the
 * browser would.
 */
let t: TestApp;
let service: PushService;
const fx = checkoutFixtures(() => t);

beforeAll(async () => {
  service = await startPushService();
  t = await buildTestApp({ seed: true, pushAgent: service.agent });
  // Devices subscribe with the key the API publishes; a push signed with any other is refused.
  const published = await t.app.inject({ method: 'GET', url: '/api/push/public-key' });
  service.expectVapidKey(published.json().data.public_key);
});
afterAll(async () => {
  await t?.close();
  await service?.close();
});
beforeEach(() => {
  // Each test reads what its own actions sent; a refusal anywhere is a failure of the API's pushes.
  expect(service.refusals).toEqual([]);
  service.received.length = 0;
  service.requests.length = 0;
});

const subscribe = (token: string, body: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/api/user/push-subscriptions',
    headers: bearer(token),
    payload: body as object,
  });
const unsubscribe = (token: string, endpoint: string) =>
  t.app.inject({
    method: 'DELETE',
    url: '/api/user/push-subscriptions',
    headers: bearer(token),
    payload: { endpoint },
  });

async function rowsOf(endpoint: string) {
  return t.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint));
}

/** A device subscribed through the API, as the storefront or merchant site does it. */
async function subscribedDevice(token: string): Promise<TestPushSubscription> {
  const device = service.subscribe();
  const res = await subscribe(token, device.json);
  expect(res.statusCode).toBe(200);
  return device;
}

/** A shop with a product, its owner signed in. */
async function shopWithOwner() {
  const shop = await fx.makeShop();
  const variation = await fx.makeVariation(shop.id, { price: 1250 });
  const owner = await signUpAs(t.app, t.database, 'vendor', { shopId: shop.id });
  return { shop, variation, owner };
}

async function placeOrder(token: string, variationId: number, headers: Record<string, string> = {}) {
  const res = await fx.place(token, collection([{ variation_id: variationId, quantity: 2 }]), headers);
  expect(res.statusCode).toBe(201);
  return res.json().data.orders[0] as { id: number; invoice: { number: string } };
}

const moveOrder = (token: string, orderId: number, status: string) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/vendor/orders/${orderId}/status`,
    headers: bearer(token),
    payload: { status },
  });

describe('GET /api/push/public-key', () => {
  it('gives the VAPID public key kept in DATA_DIR, the same on every call', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/api/push/public-key' });
    expect(first.statusCode).toBe(200);
    const key = first.json().data.public_key as string;
    expect(first.json()).toEqual({ status: true, data: { public_key: key } });
    expect(Buffer.from(key, 'base64url')).toHaveLength(65);
    const kept = JSON.parse(readFileSync(path.join(t.config.dataDir, VAPID_KEYS_FILE_NAME), 'utf8'));
    expect(kept.publicKey).toBe(key);
    const again = await t.app.inject({ method: 'GET', url: '/api/push/public-key' });
    expect(again.json().data.public_key).toBe(key);
  });
});

describe('POST and DELETE /api/user/push-subscriptions', () => {
  it('are for signed-in users only', async () => {
    const device = service.subscribe();
    const post = await t.app.inject({ method: 'POST', url: '/api/user/push-subscriptions', payload: device.json });
    expect(post.statusCode).toBe(401);
    const del = await t.app.inject({
      method: 'DELETE',
      url: '/api/user/push-subscriptions',
      payload: { endpoint: device.endpoint },
    });
    expect(del.statusCode).toBe(401);
    expect(await rowsOf(device.endpoint)).toEqual([]);
  });

  it('refuse a subscription that is not one with 422 in the envelope, and keep nothing', async () => {
    const me = await signUp(t.app);
    const device = service.subscribe();
    const bad = [
      { ...device.json, endpoint: device.endpoint.replace('https:', 'http:') },
      { ...device.json, endpoint: 'not a url' },
      { ...device.json, keys: { ...device.json.keys, p256dh: device.json.keys.p256dh.slice(0, 40) } },
      { ...device.json, keys: { ...device.json.keys, auth: 'c2hvcnQ' } },
      { endpoint: device.endpoint },
    ];
    for (const body of bad) {
      const res = await subscribe(me.token, body);
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({ status: false, code: 'validation_failed' });
      expect(Object.keys(res.json().errors).length).toBeGreaterThan(0);
    }
    expect((await subscribe(me.token, bad[0])).json().errors).toHaveProperty('endpoint');
    expect(await rowsOf(device.endpoint)).toEqual([]);
  });

  it('subscribe idempotently, move a device to whoever registers it last, and unsubscribe only one’s own', async () => {
    const ann = await signUp(t.app);
    const bob = await signUp(t.app);
    const device = service.subscribe();

    const first = await subscribe(ann.token, device.json);
    expect(first.json()).toEqual({ status: true, data: { subscribed: true } });
    expect(await subscribe(ann.token, device.json).then((r) => r.statusCode)).toBe(200);
    let rows = await rowsOf(device.endpoint);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      userId: ann.user.id,
      p256dh: device.json.keys.p256dh,
      auth: device.json.keys.auth,
    });

    // Bob signs in on the same browser: the device is his now, with its renewed keys.
    const renewed = service.subscribe();
    await subscribe(bob.token, { ...device.json, keys: renewed.json.keys });
    rows = await rowsOf(device.endpoint);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ userId: bob.user.id, auth: renewed.json.keys.auth });

    // Ann can no longer remove it; Bob can, and removing it twice is fine.
    expect((await unsubscribe(ann.token, device.endpoint)).json()).toEqual({
      status: true,
      data: { subscribed: false },
    });
    expect(await rowsOf(device.endpoint)).toHaveLength(1);
    expect((await unsubscribe(bob.token, device.endpoint)).statusCode).toBe(200);
    expect(await rowsOf(device.endpoint)).toEqual([]);
    expect((await unsubscribe(bob.token, device.endpoint)).statusCode).toBe(200);
  });

  it('keep the ten devices a user registered last', async () => {
    const me = await signUp(t.app);
    const devices: TestPushSubscription[] = [];
    for (let i = 0; i < 11; i += 1) devices.push(await subscribedDevice(me.token));
    const kept = await t.database.db
      .select({ endpoint: pushSubscriptions.endpoint })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, me.user.id));
    expect(kept.map((row) => row.endpoint).sort()).toEqual(
      devices
        .slice(1)
        .map((device) => device.endpoint)
        .sort(),
    );
  });
});

describe('pushes to customers for their orders', () => {
  it("reach every device of the customer on each status change, in the shop's words, signed and encrypted", async () => {
    const { shop, variation, owner } = await shopWithOwner();
    const customer = await signUp(t.app);
    const phone = await subscribedDevice(customer.token);
    const laptop = await subscribedDevice(customer.token);
    const stranger = await subscribedDevice((await signUp(t.app)).token);
    const order = await placeOrder(customer.token, variation.id);

    expect((await moveOrder(owner.token, order.id, 'processing')).statusCode).toBe(200);
    await t.app.push.idle();
    expect(service.refusals).toEqual([]);
    expect(service.received.map((push) => push.endpoint).sort()).toEqual([phone.endpoint, laptop.endpoint].sort());
    const push = service.received.find((p) => p.endpoint === phone.endpoint);
    expect(pushMessageSchema.parse(push?.json)).toEqual({
      title: `${shop.name}: your order ${order.invoice.number} is being prepared`,
      body: 'We have started preparing your order.',
      url: `${t.config.publicUrl}/profile/track?order=${order.id}`,
      tag: `order-${order.id}`,
    });
    // VAPID as the push service checked it: for its origin, with a contact, for a day at most.
    expect(push?.claims.aud).toBe(service.origin);
    expect(push?.claims.sub).toMatch(/^(mailto:|https:)/);
    expect(push?.ttl).toBe(24 * 60 * 60);
    expect(push?.topic).toBe(`order-${order.id}`);
    expect(service.received.some((p) => p.endpoint === stranger.endpoint)).toBe(false);

    await moveOrder(owner.token, order.id, 'ready');
    await t.app.push.idle();
    expect(
      service.received.filter((p) => p.endpoint === phone.endpoint).map((p) => (p.json as { title: string }).title),
    ).toEqual([
      `${shop.name}: your order ${order.invoice.number} is being prepared`,
      `${shop.name}: your order ${order.invoice.number} is ready for collection`,
    ]);
    const [row] = await rowsOf(phone.endpoint);
    expect(row?.lastSentAt).toBeInstanceOf(Date);
  });

  it('cost nothing for a customer without a subscribed device, and a refused change sends nothing', async () => {
    const { variation, owner } = await shopWithOwner();
    const customer = await signUp(t.app);
    const order = await placeOrder(customer.token, variation.id);
    expect((await moveOrder(owner.token, order.id, 'processing')).statusCode).toBe(200);
    // The change's pushes go out after its commit: let them finish looking for devices (there
    // are none) before one subscribes, or they could find it (ci31 saw that race on PostgreSQL).
    await t.app.push.idle();
    expect(service.requests).toEqual([]);
    // processing -> pending is not a transition: 422, nothing changed, nothing said.
    const device = await subscribedDevice(customer.token);
    expect((await moveOrder(owner.token, order.id, 'pending')).statusCode).toBe(422);
    await t.app.push.idle();
    expect(service.requests).toEqual([]);
    expect(await rowsOf(device.endpoint)).toHaveLength(1);
  });

  it('delete a subscription its push service says is gone (410, 404), and keep one that failed otherwise', async () => {
    const { variation, owner } = await shopWithOwner();
    const customer = await signUp(t.app);
    const gone = await subscribedDevice(customer.token);
    const unknown = await subscribedDevice(customer.token);
    const broken = await subscribedDevice(customer.token);
    service.answer(gone.endpoint, 410);
    service.answer(unknown.endpoint, 404);
    service.answer(broken.endpoint, 500);
    const order = await placeOrder(customer.token, variation.id);

    const res = await moveOrder(owner.token, order.id, 'processing');
    expect(res.statusCode).toBe(200);
    await t.app.push.idle();
    expect(service.requests.map((r) => r.status).sort()).toEqual([404, 410, 500]);
    expect(await rowsOf(gone.endpoint)).toEqual([]);
    expect(await rowsOf(unknown.endpoint)).toEqual([]);
    const [kept] = await rowsOf(broken.endpoint);
    expect(kept?.lastError).toMatch(/^500/);
  });

  it('never fail the change when a push service cannot be reached', async () => {
    const { variation, owner } = await shopWithOwner();
    const customer = await signUp(t.app);
    // A port nobody listens on (a closed local server's).
    const closed = await startPushService();
    const device = closed.subscribe();
    await closed.close();
    expect((await subscribe(customer.token, device.json)).statusCode).toBe(200);
    const order = await placeOrder(customer.token, variation.id);
    const res = await moveOrder(owner.token, order.id, 'processing');
    expect(res.statusCode).toBe(200);
    expect(res.json().data.order.status).toBe('processing');
    await t.app.push.idle();
    expect((await rowsOf(device.endpoint))[0]?.lastError).toBeTruthy();
  });
});

describe('pushes for orders the unpaid-card sweep cancels', () => {
  it("tell the customer, like the shop's own changes", async () => {
    const stripe = await startStripeStandIn();
    const swept = await buildTestApp({
      seed: true,
      pushAgent: service.agent,
      env: {
        STRIPE_SECRET_KEY: stripe.secretKey,
        STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
        STRIPE_PUBLISHABLE_KEY: stripe.publishableKey,
        STRIPE_API_URL: stripe.url,
        CARD_PAYMENT_SWEEP_SECONDS: '1',
      },
    });
    try {
      // This app made its own VAPID pair (its own DATA_DIR): its devices subscribe with that key.
      service.expectVapidKey(swept.app.push.publicKey);
      const customer = await signUp(swept.app);
      const device = service.subscribe();
      const saved = await swept.app.inject({
        method: 'POST',
        url: '/api/user/push-subscriptions',
        headers: bearer(customer.token),
        payload: device.json,
      });
      expect(saved.statusCode).toBe(200);
      const overdue = await placeCheckout(swept.app, swept.database.db, customer, { dueInMinutes: -1 });
      await expect
        .poll(() => service.received.filter((push) => push.endpoint === device.endpoint).length, { timeout: 10_000 })
        .toBe(overdue.orderIds.length);
      expect(service.refusals).toEqual([]);
      for (const push of service.received) {
        expect((push.json as { title: string }).title).toMatch(/: your order INV-\d{4}-\d+ is cancelled$/);
      }
    } finally {
      await swept.close();
      await stripe.close();
      const published = await t.app.inject({ method: 'GET', url: '/api/push/public-key' });
      service.expectVapidKey(published.json().data.public_key);
    }
  });
});

describe('pushes to shopkeepers for new orders', () => {
  it("reach the shop's owner and staff, not other shops, and not again for an idempotent retry", async () => {
    const mine = await shopWithOwner();
    const other = await shopWithOwner();
    const helper = await signUp(t.app);
    await t.database.db.insert(shopStaff).values({ shopId: mine.shop.id, userId: helper.user.id, role: 'staff' });
    const ownerPhone = await subscribedDevice(mine.owner.token);
    const helperPhone = await subscribedDevice(helper.token);
    const otherPhone = await subscribedDevice(other.owner.token);
    const customer = await signUp(t.app);
    const customerPhone = await subscribedDevice(customer.token);

    const headers = { 'idempotency-key': `push-${Date.now()}` };
    const order = await placeOrder(customer.token, mine.variation.id, headers);
    await t.app.push.idle();
    expect(service.refusals).toEqual([]);
    expect(service.received.map((p) => p.endpoint).sort()).toEqual([ownerPhone.endpoint, helperPhone.endpoint].sort());
    expect(service.received[0]?.json).toEqual({
      title: `New order ${order.invoice.number}`,
      body: '£25.00, 2 items, for collection.',
      url: `${t.config.adminUrl}vendor/orders/${order.id}`,
      tag: `new-order-${order.id}`,
    });
    expect(service.received.some((p) => [otherPhone.endpoint, customerPhone.endpoint].includes(p.endpoint))).toBe(
      false,
    );

    // The same checkout again (a retry after a lost reply) answers the first reply and says nothing.
    service.received.length = 0;
    service.requests.length = 0;
    const replay = await placeOrder(customer.token, mine.variation.id, headers);
    expect(replay.id).toBe(order.id);
    await t.app.push.idle();
    expect(service.requests).toEqual([]);
  });
});

describe('a push endpoint inside our own network', () => {
  it('is never called: the subscription is dropped and the change goes through', async () => {
    // The app as deployed: no test agent, so endpoints must be on public addresses.
    const deployed = await buildTestApp({ seed: true });
    try {
      const shop = await checkoutFixtures(() => deployed).makeShop();
      const variation = await checkoutFixtures(() => deployed).makeVariation(shop.id, { price: 500 });
      const owner = await signUpAs(deployed.app, deployed.database, 'vendor', { shopId: shop.id });
      const customer = await signUp(deployed.app);
      const device = service.subscribe();
      const saved = await deployed.app.inject({
        method: 'POST',
        url: '/api/user/push-subscriptions',
        headers: bearer(customer.token),
        payload: device.json,
      });
      expect(saved.statusCode).toBe(200);
      const placed = await checkoutFixtures(() => deployed).place(
        customer.token,
        collection([{ variation_id: variation.id, quantity: 1 }]),
      );
      const orderId = placed.json().data.orders[0].id as number;
      const moved = await deployed.app.inject({
        method: 'PATCH',
        url: `/api/vendor/orders/${orderId}/status`,
        headers: bearer(owner.token),
        payload: { status: 'processing' },
      });
      expect(moved.statusCode).toBe(200);
      await deployed.app.push.idle();
      expect(service.requests).toEqual([]);
      const rows = await deployed.database.db
        .select()
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.endpoint, device.endpoint));
      expect(rows).toEqual([]);
    } finally {
      await deployed.close();
    }
  });
});
