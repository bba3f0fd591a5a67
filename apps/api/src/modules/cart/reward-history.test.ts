import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rewardPointEntries } from '../../maintenance/schema';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { checkoutFixtures, collection } from '../../test/checkout-fixtures';
import { bearer, signUp } from '../../test/test-support';
import { changeOrderStatus } from '../../workflows/change-order-status';

/**
 * GET /user/reward-points/history: the caller's ledger, newest first, paged, filtered by shop,
 * written by the real checkout (points spent), cancel (given back) and delivery (earned).
 */
let t: TestApp;
beforeAll(async () => {
  // Seeded: checkout needs the demo's collection points.
  t = await buildTestApp({ seed: true });
}, 120_000);
afterAll(async () => t?.close());

const { makeShop, makeVariation, givePoints, place } = checkoutFixtures(() => t);

interface Entry {
  id: number;
  shop: { id: number; name: string; slug: string };
  points: number;
  reason: string;
  order_id: number | null;
  claim_id: number | null;
  created_at: string;
}

async function history(token: string, query = '') {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/user/reward-points/history${query}`,
    headers: bearer(token),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { data: Entry[]; current_page: number; last_page: number; per_page: number; total: number };
}

/** One cash collection order of one line, spending `points` at its shop; its order id. */
async function order(token: string, variation: { id: number; shopId: number }, points = 0) {
  const res = await place(
    token,
    collection(
      [{ variation_id: variation.id, quantity: 1 }],
      points ? { reward_points: { [variation.shopId]: points } } : {},
    ),
  );
  expect(res.statusCode, res.body).toBe(201);
  return (res.json().data.orders[0] as { id: number }).id;
}

describe('GET /api/user/reward-points/history', () => {
  it('lists what checkout spent, a cancel gave back and a delivery earned, newest first, by shop on request', async () => {
    const alice = await signUp(t.app, { name: 'Alice Points' });
    const bob = await signUp(t.app, { name: 'Bob Points' });
    const bakery = await makeShop({ pointsPerPound: 2 });
    const deli = await makeShop();
    const loaf = await makeVariation(bakery.id, { price: 1250 });
    const cheese = await makeVariation(deli.id, { price: 800 });
    await givePoints(alice.user.id, bakery.id, 300);
    await givePoints(alice.user.id, deli.id, 100);
    await givePoints(bob.user.id, bakery.id, 500);

    const spent = await order(alice.token, loaf, 200);
    await changeOrderStatus(t.database.db, { publicUrl: 'http://parade.test', orderId: spent, to: 'cancelled' });
    const delivered = await order(alice.token, loaf);
    for (const to of ['processing', 'ready', 'delivered'] as const) {
      await changeOrderStatus(t.database.db, { publicUrl: 'http://parade.test', orderId: delivered, to });
    }
    const atDeli = await order(alice.token, cheese, 50);
    const bobs = await order(bob.token, loaf, 120);

    const all = await history(alice.token);
    expect(all).toMatchObject({ current_page: 1, last_page: 1, per_page: 20, total: 4 });
    const bakeryRef = { id: bakery.id, name: bakery.name, slug: bakery.slug };
    const deliRef = { id: deli.id, name: deli.name, slug: deli.slug };
    expect(all.data.map(({ id: _id, created_at: _at, ...entry }) => entry)).toEqual([
      { shop: deliRef, points: -50, reason: 'checkout', order_id: atDeli, claim_id: null },
      // floor(£12.50) x 2 points a pound.
      { shop: bakeryRef, points: 24, reason: 'order_delivered', order_id: delivered, claim_id: null },
      { shop: bakeryRef, points: 200, reason: 'order_cancelled', order_id: spent, claim_id: null },
      { shop: bakeryRef, points: -200, reason: 'checkout', order_id: spent, claim_id: null },
    ]);
    for (const entry of all.data) expect(Number.isNaN(Date.parse(entry.created_at))).toBe(false);
    expect(all.data.some((e) => e.order_id === bobs)).toBe(false);

    const bakeryOnly = await history(alice.token, `?shop=${bakery.id}`);
    expect(bakeryOnly.total).toBe(3);
    expect(bakeryOnly.data.map((e) => e.order_id)).toEqual([delivered, spent, spent]);
    expect((await history(alice.token, `?shop=${deli.id}`)).data.map((e) => e.points)).toEqual([-50]);
    // The shop by its slug too, as the storefront's URLs name it.
    expect(await history(alice.token, `?shop=${bakery.slug}`)).toEqual(bakeryOnly);

    // Bob sees his own entry only, at the same shop.
    const bobsOwn = await history(bob.token, `?shop=${bakery.id}`);
    expect(bobsOwn.data.map((e) => [e.points, e.order_id])).toEqual([[-120, bobs]]);
    // A shop where the caller has no entries is an empty page, not someone else's.
    const elsewhere = await makeShop();
    expect(await history(bob.token, `?shop=${elsewhere.id}`)).toMatchObject({ data: [], total: 0, last_page: 1 });
  });

  it('pages twenty entries at a time', async () => {
    const carol = await signUp(t.app, { name: 'Carol Pages' });
    const shop = await makeShop();
    const base = Date.parse('2026-01-01T09:00:00Z');
    await t.database.db.insert(rewardPointEntries).values(
      Array.from({ length: 23 }, (_, i) => ({
        userId: carol.user.id,
        shopId: shop.id,
        points: i + 1,
        reason: 'adjustment' as const,
        createdAt: new Date(base + i * 60_000),
      })),
    );
    const page1 = await history(carol.token);
    expect(page1).toMatchObject({ current_page: 1, last_page: 2, per_page: 20, total: 23 });
    expect(page1.data.map((e) => e.points)).toEqual(Array.from({ length: 20 }, (_, i) => 23 - i));
    const page2 = await history(carol.token, '?page=2');
    expect(page2).toMatchObject({ current_page: 2, last_page: 2, total: 23 });
    expect(page2.data.map((e) => e.points)).toEqual([3, 2, 1]);
    expect((await history(carol.token, '?page=3')).data).toEqual([]);
  });

  it('answers 401 without a token and 422 for a shop that is neither an id nor a slug, or a page that is not a number', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/user/reward-points/history' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ status: false, code: 'unauthenticated' });
    const me = await signUp(t.app);
    for (const query of ['?shop=no%20such', '?shop=0', '?page=0', '?page=x']) {
      const bad = await t.app.inject({
        method: 'GET',
        url: `/api/user/reward-points/history${query}`,
        headers: bearer(me.token),
      });
      expect(bad.statusCode, query).toBe(422);
      expect(bad.json()).toMatchObject({ status: false, code: 'validation_failed' });
    }
  });
});
