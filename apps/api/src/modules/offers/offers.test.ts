import { existsSync } from 'node:fs';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  offerClaims,
  offers,
  rewardPointBalances,
  rewardPointEntries,
  shops,
  siteSettings,
} from '../../maintenance/schema';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { COLLECTION_POINT, checkoutFixtures, collection } from '../../test/checkout-fixtures';
import { signUpAs } from '../../test/manage-fixtures';
import { bearer, signUp } from '../../test/test-support';

/**
 * Offers and claims end to end through the real routes: the public lists, the claim and each
 * of its refusals, the limits under concurrency, every transition and its refusals, the points
 * of mark-used, expiry on read, the stats against counts taken straight from the tables, and
 * the scoping (another shop's claim 404, a customer on vendor routes 403).
 */

let t: TestApp;
let vendorA: Awaited<ReturnType<typeof signUpAs>>;
let vendorB: Awaited<ReturnType<typeof signUpAs>>;
let shopA: { id: number; slug: string };
let shopB: { id: number; slug: string };
const fixtures = checkoutFixtures(() => t);

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
function as(token: string | null, method: Method, url: string, payload?: object) {
  return t.app.inject({
    method,
    url: `/api/vendor-offers${url}`,
    headers: token ? bearer(token) : {},
    ...(payload !== undefined ? { payload } : {}),
  });
}

const HOUR = 60 * 60 * 1000;
const at = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();

let seq = 0;
/** An offer of the vendor's shop made through the API (live for a day unless told). */
async function makeOffer(token: string, fields: Record<string, unknown> = {}) {
  seq += 1;
  const res = await as(token, 'POST', '/vendor/offers', {
    title: `Offer ${seq}`,
    description: 'Ten percent off the whole basket',
    discount_type: 'percent',
    discount_value: 10,
    starts_at: at(-HOUR),
    ends_at: at(24 * HOUR),
    ...fields,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.offer as { id: number; claims_count: number; is_valid: boolean; state: string };
}

const claim = (token: string, slug: string, offerId: number, body: object = {}) =>
  as(token, 'POST', `/vendor/${slug}/offers/${offerId}/claim`, body);

async function claimOk(token: string, slug: string, offerId: number, body: object = {}) {
  const res = await claim(token, slug, offerId, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.claim as { id: number; status: string; code: string; via_qr: boolean };
}

async function claimsCount(offerId: number): Promise<number> {
  const [row] = await t.database.db.select({ n: offers.claimsCount }).from(offers).where(eq(offers.id, offerId));
  return row?.n ?? -1;
}

beforeAll(async () => {
  t = await buildTestApp();
  // Checkout (for mark-used's order) needs a collection point.
  await t.database.db
    .insert(siteSettings)
    .values({ key: 'collection_locations', value: JSON.stringify([{ value: COLLECTION_POINT }]) });
  vendorA = await signUpAs(t.app, t.database, 'vendor');
  vendorB = await signUpAs(t.app, t.database, 'vendor');
  const rows = await t.database.db.select({ id: shops.id, slug: shops.slug }).from(shops);
  shopA = rows.find((r) => r.id === vendorA.shopId)!;
  shopB = rows.find((r) => r.id === vendorB.shopId)!;
}, 60_000);
afterAll(async () => t?.close());

describe('offers: public reads and the shop writes', () => {
  it('lists live offers of open shops with the contract shape, and hides switched-off ones', async () => {
    const live = await makeOffer(vendorA.token, { is_featured: true, max_claims: 5, points_reward: 20 });
    const off = await makeOffer(vendorA.token, { is_active: false });
    const upcoming = await makeOffer(vendorA.token, { starts_at: at(HOUR), ends_at: at(2 * HOUR) });
    const res = await as(null, 'GET', `/vendor/${shopA.slug}/offers`);
    expect(res.statusCode).toBe(200);
    const { offers: list, pagination } = res.json().data;
    expect(pagination).toEqual({ total: list.length, current_page: 1, last_page: 1, per_page: 15 });
    const ids = list.map((o: { id: number }) => o.id);
    expect(ids).toContain(live.id);
    expect(ids).not.toContain(off.id);
    expect(ids).not.toContain(upcoming.id);
    const shown = list.find((o: { id: number }) => o.id === live.id);
    expect(shown).toMatchObject({
      is_active: true,
      is_valid: true,
      is_featured: true,
      state: 'active',
      claims_left: 5,
      user_claims_left: null,
      points_reward: 20,
      vendor: { slug: shopA.slug },
    });
    // Upcoming ones on request; switched-off ones never.
    const soon = (await as(null, 'GET', `/offers?status=upcoming&search=${encodeURIComponent(`Offer ${seq}`)}`)).json()
      .data.offers;
    expect(soon.map((o: { id: number }) => o.id)).toEqual([upcoming.id]);
    expect((await as(null, 'GET', `/vendor/${shopA.slug}/offers/${off.id}`)).statusCode).toBe(404);
    expect((await as(null, 'GET', `/vendor/${shopB.slug}/offers/${live.id}`)).json().code).toBe('offer_not_found');
  });

  it('refuses bad input with 422 and changes nothing; PUT changes only the fields sent', async () => {
    const before = (await as(vendorA.token, 'GET', '/vendor/offers')).json().data.pagination.total;
    const bad = await as(vendorA.token, 'POST', '/vendor/offers', {
      title: 'x',
      description: 'y',
      discount_type: 'percent',
      discount_value: 150,
      starts_at: at(HOUR),
      ends_at: at(-HOUR),
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['discount_value', 'ends_at']);
    expect((await as(vendorA.token, 'GET', '/vendor/offers')).json().data.pagination.total).toBe(before);

    const offer = await makeOffer(vendorA.token, { terms: 'One per visit', max_claims: 3 });
    const put = await as(vendorA.token, 'PUT', `/vendor/offers/${offer.id}`, { title: 'Renamed' });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().data.offer).toMatchObject({ title: 'Renamed', terms: 'One per visit', max_claims: 3 });
    // The merged row is checked: an end before the stored start is refused.
    const backwards = await as(vendorA.token, 'PUT', `/vendor/offers/${offer.id}`, { ends_at: at(-2 * HOUR) });
    expect(backwards.statusCode).toBe(422);
    // Another shop's offer: 404 on every write.
    expect((await as(vendorB.token, 'PUT', `/vendor/offers/${offer.id}`, { title: 'Mine' })).statusCode).toBe(404);
    expect((await as(vendorB.token, 'DELETE', `/vendor/offers/${offer.id}`)).statusCode).toBe(404);
    expect((await as(vendorB.token, 'POST', `/vendor/offers/${offer.id}/toggle-status`)).statusCode).toBe(404);
  });

  it('toggle-status answers the stored value', async () => {
    const offer = await makeOffer(vendorA.token);
    const first = await as(vendorA.token, 'POST', `/vendor/offers/${offer.id}/toggle-status`);
    expect(first.json().data).toEqual({ is_active: false });
    const [row] = await t.database.db.select().from(offers).where(eq(offers.id, offer.id));
    expect(row?.isActive).toBe(false);
    expect((await as(vendorA.token, 'POST', `/vendor/offers/${offer.id}/toggle-status`)).json().data).toEqual({
      is_active: true,
    });
  });

  it('takes a picture as multipart and refuses a file that is not an image', async () => {
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    );
    const form = (file: Blob) => {
      const f = new FormData();
      f.set('title', 'Picture offer');
      f.set('description', 'With a picture');
      f.set('discount_type', 'fixed');
      f.set('discount_value', '250');
      f.set('starts_at', at(-HOUR));
      f.set('ends_at', at(HOUR));
      f.set('max_claims', '');
      f.set('qr_only', 'true');
      f.set('image', file, 'offer.png');
      return f;
    };
    const send = async (f: FormData) => {
      const request = new Request('http://localhost/', { method: 'POST', body: f });
      return t.app.inject({
        method: 'POST',
        url: '/api/vendor-offers/vendor/offers',
        payload: Buffer.from(await request.arrayBuffer()),
        headers: { ...bearer(vendorA.token), 'content-type': request.headers.get('content-type') ?? '' },
      });
    };
    const good = await send(form(new Blob([png], { type: 'image/png' })));
    expect(good.statusCode, good.body).toBe(201);
    expect(good.json().data.offer).toMatchObject({ qr_only: true, max_claims: null, discount_value: 250 });
    expect(good.json().data.offer.image).toMatch(/^\/uploads\/offers\/shop\d+-[0-9a-f]+\.png$/);
    const bad = await send(form(new Blob(['<svg/>'], { type: 'image/png' })));
    expect(bad.statusCode).toBe(422);
    expect(bad.json().code).toBe('image_invalid');
    // JSON may not point the offer at another address.
    const outside = await as(vendorA.token, 'PUT', `/vendor/offers/${good.json().data.offer.id}`, {
      image: 'https://tracker.example/pixel.png',
    });
    expect(outside.statusCode).toBe(422);
  });

  it("refuses another shop's picture in JSON, so no call of shop A can delete shop B's file", async () => {
    // Shop B's offer with a picture, uploaded as the merchant site does; its URL is public.
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    );
    const form = new FormData();
    for (const [key, value] of Object.entries({
      title: 'Shop B picture offer',
      description: 'With a picture',
      discount_type: 'fixed',
      discount_value: '250',
      starts_at: at(-HOUR),
      ends_at: at(HOUR),
    })) {
      form.set(key, value);
    }
    form.set('image', new Blob([png], { type: 'image/png' }), 'offer.png');
    const request = new Request('http://localhost/', { method: 'POST', body: form });
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/vendor-offers/vendor/offers',
      payload: Buffer.from(await request.arrayBuffer()),
      headers: { ...bearer(vendorB.token), 'content-type': request.headers.get('content-type') ?? '' },
    });
    expect(made.statusCode, made.body).toBe(201);
    const theirs = made.json().data.offer as { id: number; image: string };
    const file = path.join(t.app.uploadsDir, theirs.image.replace(/^\/uploads\//, ''));
    expect(existsSync(file)).toBe(true);

    const fields = {
      title: 'Borrowed picture',
      description: 'Not mine',
      discount_type: 'percent',
      discount_value: 5,
      starts_at: at(-HOUR),
      ends_at: at(HOUR),
    };
    const created = await as(vendorA.token, 'POST', '/vendor/offers', { ...fields, image: theirs.image });
    expect(created.statusCode, created.body).toBe(422);
    expect(created.json()).toMatchObject({ code: 'image_invalid', errors: { image: [expect.any(String)] } });
    const own = await makeOffer(vendorA.token);
    const pointed = await as(vendorA.token, 'PUT', `/vendor/offers/${own.id}`, { image: theirs.image });
    expect(pointed.statusCode, pointed.body).toBe(422);
    expect(pointed.json().code).toBe('image_invalid');
    // Whatever shop A then does with its own offers, shop B's picture stays.
    for (const offerId of [own.id, created.json().data?.offer?.id].filter(Boolean)) {
      await as(vendorA.token, 'PUT', `/vendor/offers/${offerId}`, { image: null });
      await as(vendorA.token, 'DELETE', `/vendor/offers/${offerId}`);
    }
    expect(existsSync(file)).toBe(true);
    const [row] = await t.database.db.select({ image: offers.image }).from(offers).where(eq(offers.id, theirs.id));
    expect(row?.image).toBe(theirs.image);
    // Shop B may send its own picture back as it is.
    const echoed = await as(vendorB.token, 'PUT', `/vendor/offers/${theirs.id}`, { image: theirs.image });
    expect(echoed.statusCode, echoed.body).toBe(200);
  });
});

describe('offer lists', () => {
  it('lists offers newest first, featured or not, for the shop and on the storefront; featured=1 filters', async () => {
    const shop = await signUpAs(t.app, t.database, 'vendor');
    const older = await makeOffer(shop.token, { is_featured: true });
    const newer = await makeOffer(shop.token);
    await t.database.db
      .update(offers)
      .set({ createdAt: new Date(Date.now() - HOUR) })
      .where(eq(offers.id, older.id));
    const mine = (await as(shop.token, 'GET', '/vendor/offers')).json().data.offers as { id: number }[];
    expect(mine.map((o) => o.id)).toEqual([newer.id, older.id]);
    const [row] = await t.database.db.select({ slug: shops.slug }).from(shops).where(eq(shops.id, shop.shopId!));
    const shown = (await as(null, 'GET', `/vendor/${row!.slug}/offers`)).json().data.offers as { id: number }[];
    expect(shown.map((o) => o.id)).toEqual([newer.id, older.id]);
    const everywhere = (await as(null, 'GET', '/offers')).json().data.offers as { id: number }[];
    expect(everywhere.map((o) => o.id).filter((id) => id === older.id || id === newer.id)).toEqual([
      newer.id,
      older.id,
    ]);
    const featured = (await as(null, 'GET', `/vendor/${row!.slug}/offers?featured=1`)).json().data.offers as {
      id: number;
    }[];
    expect(featured.map((o) => o.id)).toEqual([older.id]);
    // A shop that is not there is not found, not a shop without offers.
    const unknown = await as(null, 'GET', '/vendor/no-such-shop-here/offers');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('shop_not_found');
  });
});

describe('claiming', () => {
  it('creates a pending claim, counts it, and refuses each invalid case with its code', async () => {
    const customer = await signUp(t.app);
    const offer = await makeOffer(vendorA.token, { max_claims: 10 });
    const made = await claimOk(customer.token, shopA.slug, offer.id);
    expect(made).toMatchObject({ status: 'pending', via_qr: false });
    expect(made.code).toMatch(/^PRD-[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    expect(await claimsCount(offer.id)).toBe(1);
    const shown = (await as(customer.token, 'GET', `/vendor/${shopA.slug}/offers/${offer.id}`)).json().data.offer;
    expect(shown).toMatchObject({ claims_count: 1, claims_left: 9, user_claims_left: 0 });

    const again = await claim(customer.token, shopA.slug, offer.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('offer_already_claimed');

    const inactive = await makeOffer(vendorA.token, { is_active: false });
    const notStarted = await makeOffer(vendorA.token, { starts_at: at(HOUR), ends_at: at(2 * HOUR) });
    const ended = await makeOffer(vendorA.token);
    await t.database.db
      .update(offers)
      .set({ startsAt: new Date(Date.now() - 2 * HOUR), endsAt: new Date(Date.now() - HOUR) })
      .where(eq(offers.id, ended.id));
    const full = await makeOffer(vendorA.token, { max_claims: 1 });
    await claimOk((await signUp(t.app)).token, shopA.slug, full.id);
    for (const [id, code] of [
      [inactive.id, 'offer_inactive'],
      [notStarted.id, 'offer_not_started'],
      [ended.id, 'offer_ended'],
      [full.id, 'offer_full'],
    ] as const) {
      const res = await claim(customer.token, shopA.slug, id);
      expect(res.statusCode, code).toBe(409);
      expect(res.json()).toMatchObject({ status: false, code });
      expect(res.json().message.length).toBeGreaterThan(5);
    }
    expect(await claimsCount(full.id)).toBe(1);
    // Another shop's offer under this slug, or none: 404.
    expect((await claim(customer.token, shopB.slug, offer.id)).json().code).toBe('offer_not_found');
    expect((await claim(customer.token, shopA.slug, 999_999)).statusCode).toBe(404);
    // A guest must sign in.
    expect((await claim('', shopA.slug, offer.id)).statusCode).toBe(401);
    // The shop's own vendor cannot claim its offer (marked used, it would earn them its points);
    // another shop's vendor is a customer here.
    const own = await claim(vendorA.token, shopA.slug, offer.id);
    expect(own.statusCode, own.body).toBe(409);
    expect(own.json()).toMatchObject({ status: false, code: 'offer_not_claimable' });
    expect(own.json().message).toBe('You cannot claim an offer of a shop you run.');
    expect(await claimsCount(offer.id)).toBe(1);
    expect((await claim(vendorB.token, shopA.slug, offer.id)).statusCode).toBe(201);
  });

  it('a qr_only offer needs the live code: none, a wrong one and a replaced one are refused', async () => {
    const customer = await signUp(t.app);
    await t.database.db.update(shops).set({ qrCodeId: 'live-code-a' }).where(eq(shops.id, shopA.id));
    await t.database.db.update(shops).set({ qrCodeId: 'live-code-b' }).where(eq(shops.id, shopB.id));
    const offer = await makeOffer(vendorA.token, { qr_only: true, max_claims_per_user: 2 });
    const listed = (await as(null, 'GET', `/vendor/${shopA.slug}/offers?qr_only=true`)).json().data.offers;
    expect(listed.map((o: { id: number }) => o.id)).toContain(offer.id);

    expect((await claim(customer.token, shopA.slug, offer.id)).json().code).toBe('offer_qr_required');
    expect((await claim(customer.token, shopA.slug, offer.id, { qr: 'nonsense' })).json().code).toBe(
      'offer_qr_invalid',
    );
    // Another shop's live code does not open this shop's offer.
    expect((await claim(customer.token, shopA.slug, offer.id, { qr: 'live-code-b' })).json().code).toBe(
      'offer_qr_invalid',
    );
    expect(await claimsCount(offer.id)).toBe(0);
    const made = await claimOk(customer.token, shopA.slug, offer.id, { qr: 'live-code-a' });
    expect(made.via_qr).toBe(true);
    // Regenerated: the old code stops working at once.
    await t.database.db.update(shops).set({ qrCodeId: 'live-code-a2' }).where(eq(shops.id, shopA.id));
    expect((await claim(customer.token, shopA.slug, offer.id, { qr: 'live-code-a' })).json().code).toBe(
      'offer_qr_invalid',
    );
  });

  it('30 customers claiming an offer of max_claims 10 at once: exactly 10 claims, claims_count 10', async () => {
    const offer = await makeOffer(vendorA.token, { max_claims: 10 });
    const customers = await Promise.all(Array.from({ length: 30 }, () => signUp(t.app)));
    const replies = await Promise.all(customers.map((c) => claim(c.token, shopA.slug, offer.id)));
    const codes = replies.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(10);
    expect(codes.filter((c) => c === 409)).toHaveLength(20);
    expect(replies.filter((r) => r.statusCode === 409).every((r) => r.json().code === 'offer_full')).toBe(true);
    expect(await claimsCount(offer.id)).toBe(10);
    const [counted] = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(offerClaims)
      .where(eq(offerClaims.offerId, offer.id));
    expect(Number(counted?.n)).toBe(10);
  }, 60_000);

  it("one customer's 10 claims at once give one claim", async () => {
    const customer = await signUp(t.app);
    const offer = await makeOffer(vendorA.token);
    const replies = await Promise.all(Array.from({ length: 10 }, () => claim(customer.token, shopA.slug, offer.id)));
    expect(replies.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(replies.filter((r) => r.statusCode === 409).every((r) => r.json().code === 'offer_already_claimed')).toBe(
      true,
    );
    expect(await claimsCount(offer.id)).toBe(1);
  });

  it('limits claims to 30 a minute per customer', async () => {
    const customer = await signUp(t.app);
    const replies = [];
    for (let i = 0; i < 31; i += 1) replies.push(await claim(customer.token, shopA.slug, 999_999));
    expect(replies.slice(0, 30).every((r) => r.statusCode === 404)).toBe(true);
    expect(replies[30]?.statusCode).toBe(429);
  });
});

describe('the claim transitions', () => {
  it('pending -> confirmed -> used awards the points once with a ledger entry; the customer sees it', async () => {
    const customer = await signUp(t.app);
    const offer = await makeOffer(vendorA.token, { points_reward: 75 });
    const made = await claimOk(customer.token, shopA.slug, offer.id);

    // Only a confirmed claim can be used.
    expect((await as(vendorA.token, 'POST', `/vendor/claims/${made.id}/mark-used`, {})).json().code).toBe(
      'claim_status_invalid',
    );
    const confirmed = await as(vendorA.token, 'POST', `/vendor/claims/${made.id}/confirm`, {
      vendor_notes: 'See you at the counter',
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().data.claim).toMatchObject({
      status: 'confirmed',
      vendor_notes: 'See you at the counter',
      customer: { email: customer.email },
    });
    expect((await as(vendorA.token, 'POST', `/vendor/claims/${made.id}/confirm`, {})).json().code).toBe(
      'claim_status_invalid',
    );
    // The customer can no longer cancel a confirmed claim.
    expect((await as(customer.token, 'POST', `/user/claims/${made.id}/cancel`)).json().code).toBe(
      'claim_status_invalid',
    );

    // An order of this shop by this customer.
    const variation = await fixtures.makeVariation(shopA.id, { price: 1000 });
    const placed = await fixtures.place(customer.token, collection([{ variation_id: variation.id, quantity: 1 }]));
    expect(placed.statusCode, placed.body).toBe(201);
    const orderId = placed.json().data.orders[0].id as number;
    // Another customer's order of the same shop is refused.
    const stranger = await signUp(t.app);
    const theirs = await fixtures.place(stranger.token, collection([{ variation_id: variation.id, quantity: 1 }]));
    const wrong = await as(vendorA.token, 'POST', `/vendor/claims/${made.id}/mark-used`, {
      order_id: theirs.json().data.orders[0].id,
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().code).toBe('claim_order_invalid');

    // 10 % of a £10.00 order is £1.00: a penny more is not what this offer gave, and changes nothing.
    const tooMuch = await as(vendorA.token, 'POST', `/vendor/claims/${made.id}/mark-used`, {
      order_id: orderId,
      discount_applied: 101,
    });
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json()).toMatchObject({
      code: 'validation_failed',
      errors: { discount_applied: ['At most £1.00: what this offer takes off that order.'] },
    });
    const used = await as(vendorA.token, 'POST', `/vendor/claims/${made.id}/mark-used`, {
      order_id: orderId,
      discount_applied: 100,
    });
    expect(used.statusCode, used.body).toBe(200);
    expect(used.json().data.claim).toMatchObject({
      status: 'used',
      order_id: orderId,
      discount_applied: 100,
      points_awarded: 75,
    });
    // A second mark-used changes nothing.
    expect((await as(vendorA.token, 'POST', `/vendor/claims/${made.id}/mark-used`, {})).statusCode).toBe(409);
    const entries = await t.database.db
      .select()
      .from(rewardPointEntries)
      .where(and(eq(rewardPointEntries.claimId, made.id), eq(rewardPointEntries.reason, 'offer_claim')));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ userId: customer.user.id, shopId: shopA.id, points: 75 });
    const [balance] = await t.database.db
      .select()
      .from(rewardPointBalances)
      .where(and(eq(rewardPointBalances.userId, customer.user.id), eq(rewardPointBalances.shopId, shopA.id)));
    expect(balance?.points).toBe(75);
    // Used cannot be cancelled by anyone.
    expect((await as(vendorA.token, 'POST', `/vendor/claims/${made.id}/cancel`)).json().code).toBe(
      'claim_status_invalid',
    );
    const mine = (await as(customer.token, 'GET', `/claims/${made.id}`)).json().data.claim;
    expect(mine).toMatchObject({ status: 'used', points_awarded: 75 });
    expect(mine.customer).toBeUndefined();
  });

  it('the customer cancels while pending, the vendor until used; a cancel gives the place back', async () => {
    const customer = await signUp(t.app);
    const offer = await makeOffer(vendorA.token, { max_claims: 1 });
    const first = await claimOk(customer.token, shopA.slug, offer.id);
    const cancelled = await as(customer.token, 'POST', `/user/claims/${first.id}/cancel`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().data.claim.status).toBe('cancelled');
    expect(await claimsCount(offer.id)).toBe(0);
    // The place and the per-user slot are free again.
    const second = await claimOk(customer.token, shopA.slug, offer.id);
    await as(vendorA.token, 'POST', `/vendor/claims/${second.id}/confirm`, {});
    const byVendor = await as(vendorA.token, 'POST', `/vendor/claims/${second.id}/cancel`, {
      vendor_notes: 'Out of stock',
    });
    expect(byVendor.json().data.claim).toMatchObject({ status: 'cancelled', vendor_notes: 'Out of stock' });
    expect(await claimsCount(offer.id)).toBe(0);
    expect((await as(vendorA.token, 'POST', `/vendor/claims/${second.id}/cancel`)).json().code).toBe(
      'claim_status_invalid',
    );
  });

  it("keeps claims to their owners: another shop's claim 404, another customer's 404, a customer on vendor routes 403", async () => {
    const customer = await signUp(t.app);
    const offer = await makeOffer(vendorA.token);
    const made = await claimOk(customer.token, shopA.slug, offer.id);
    for (const path of ['confirm', 'mark-used', 'cancel']) {
      const res = await as(vendorB.token, 'POST', `/vendor/claims/${made.id}/${path}`, {});
      expect(res.statusCode, path).toBe(404);
      expect(res.json().code).toBe('claim_not_found');
    }
    expect((await as(vendorB.token, 'GET', `/claims/${made.id}`)).statusCode).toBe(404);
    expect((await as(vendorB.token, 'GET', `/vendor/offers/${offer.id}/stats`)).statusCode).toBe(404);
    expect((await as(vendorA.token, 'GET', `/claims/${made.id}`)).statusCode).toBe(200);
    const other = await signUp(t.app);
    expect((await as(other.token, 'GET', `/claims/${made.id}`)).statusCode).toBe(404);
    expect((await as(other.token, 'POST', `/user/claims/${made.id}/cancel`)).statusCode).toBe(404);
    for (const [method, path] of [
      ['GET', '/vendor/offers'],
      ['POST', `/vendor/claims/${made.id}/confirm`],
      ['GET', '/vendor/claims/stats'],
    ] as const) {
      const res = await as(customer.token, method, path, method === 'POST' ? {} : undefined);
      expect(res.statusCode, path).toBe(403);
    }
    // Nothing moved.
    expect((await as(customer.token, 'GET', `/claims/${made.id}`)).json().data.claim.status).toBe('pending');
  });

  it('reads a claim past its own expiry or its offer end as expired, everywhere, and refuses to move it', async () => {
    const customer = await signUp(t.app);
    const own = await makeOffer(vendorA.token, { max_claims_per_user: 1 });
    const ownClaim = await claimOk(customer.token, shopA.slug, own.id);
    await t.database.db
      .update(offerClaims)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(offerClaims.id, ownClaim.id));
    const endOffer = await makeOffer(vendorA.token);
    const endClaim = await claimOk(customer.token, shopA.slug, endOffer.id);
    await as(vendorA.token, 'POST', `/vendor/claims/${endClaim.id}/confirm`, {});
    await t.database.db
      .update(offers)
      .set({ startsAt: new Date(Date.now() - 3 * HOUR), endsAt: new Date(Date.now() - HOUR) })
      .where(eq(offers.id, endOffer.id));

    for (const id of [ownClaim.id, endClaim.id]) {
      expect((await as(customer.token, 'GET', `/claims/${id}`)).json().data.claim.status).toBe('expired');
    }
    const expiredList = (await as(customer.token, 'GET', '/user/claims?status=expired')).json().data;
    expect(expiredList.data.map((c: { id: number }) => c.id).sort()).toEqual([ownClaim.id, endClaim.id].sort());
    expect((await as(customer.token, 'GET', '/user/claims?status=pending')).json().data.data).toEqual([]);
    expect((await as(vendorA.token, 'POST', `/vendor/claims/${ownClaim.id}/confirm`, {})).json().code).toBe(
      'claim_expired',
    );
    expect((await as(vendorA.token, 'POST', `/vendor/claims/${endClaim.id}/mark-used`, {})).json().code).toBe(
      'claim_expired',
    );
    // An expired claim frees the customer's slot on a running offer.
    const again = await claimOk(customer.token, shopA.slug, own.id);
    expect(again.status).toBe('pending');
    const stats = (await as(customer.token, 'GET', '/user/stats')).json().data;
    expect(stats).toMatchObject({ total_claims: 3, expired_claims: 2, pending_claims: 1, active_claims: 1 });
  });
});

describe('the discount a used claim records', () => {
  it("is at most a fixed offer's value when no order is named", async () => {
    const customer = await signUp(t.app);
    const offer = await makeOffer(vendorA.token, { discount_type: 'fixed', discount_value: 300 });
    const made = await claimOk(customer.token, shopA.slug, offer.id);
    await as(vendorA.token, 'POST', `/vendor/claims/${made.id}/confirm`, {});
    const huge = await as(vendorA.token, 'POST', `/vendor/claims/${made.id}/mark-used`, { discount_applied: 50_000 });
    expect(huge.statusCode).toBe(422);
    expect(huge.json().errors).toEqual({ discount_applied: ['This offer takes at most £3.00 off.'] });
    const shown = (await as(vendorA.token, 'GET', `/vendor/claims?search=${made.code}`)).json().data.data[0];
    expect(shown).toMatchObject({ status: 'confirmed', discount_applied: null });
    const fair = await as(vendorA.token, 'POST', `/vendor/claims/${made.id}/mark-used`, { discount_applied: 300 });
    expect(fair.statusCode, fair.body).toBe(200);
  });

  it("refuses an order under the offer's minimum spend, and awards no points", async () => {
    const customer = await signUp(t.app);
    const offer = await makeOffer(vendorA.token, { min_spend: 800, points_reward: 20 });
    const made = await claimOk(customer.token, shopA.slug, offer.id);
    await as(vendorA.token, 'POST', `/vendor/claims/${made.id}/confirm`, {});
    const variation = await fixtures.makeVariation(shopA.id, { price: 70 });
    const placed = await fixtures.place(customer.token, collection([{ variation_id: variation.id, quantity: 1 }]));
    const orderId = placed.json().data.orders[0].id as number;
    const small = await as(vendorA.token, 'POST', `/vendor/claims/${made.id}/mark-used`, { order_id: orderId });
    expect(small.statusCode).toBe(422);
    expect(small.json()).toMatchObject({
      code: 'claim_order_invalid',
      errors: { order_id: ["That order is under the offer's minimum spend of £8.00."] },
    });
    const entries = await t.database.db
      .select()
      .from(rewardPointEntries)
      .where(eq(rewardPointEntries.claimId, made.id));
    expect(entries).toEqual([]);
  });
});

describe('stats', () => {
  it('equal the counts taken from the tables, with exactly the spec keys', async () => {
    // Every status at shop B: pending, confirmed, used, cancelled and expired.
    const people = await Promise.all(Array.from({ length: 5 }, () => signUp(t.app)));
    const offer = await makeOffer(vendorB.token, { points_reward: 10, is_featured: true, max_claims_per_user: 5 });
    const second = await makeOffer(vendorB.token);
    const made = [];
    for (const person of people) made.push(await claimOk(person.token, shopB.slug, offer.id));
    await claimOk(people[0]!.token, shopB.slug, second.id);
    await as(vendorB.token, 'POST', `/vendor/claims/${made[1]!.id}/confirm`, {});
    await as(vendorB.token, 'POST', `/vendor/claims/${made[2]!.id}/confirm`, {});
    await as(vendorB.token, 'POST', `/vendor/claims/${made[2]!.id}/mark-used`, { discount_applied: 150 });
    await as(vendorB.token, 'POST', `/vendor/claims/${made[3]!.id}/cancel`, {});
    await t.database.db
      .update(offerClaims)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(offerClaims.id, made[4]!.id));

    const stats = (await as(vendorB.token, 'GET', '/vendor/claims/stats')).json().data;
    expect(Object.keys(stats).sort()).toEqual(
      [
        'total_offers',
        'active_offers',
        'featured_offers',
        'total_claims',
        'pending_claims',
        'confirmed_claims',
        'used_claims',
        'expired_claims',
        'cancelled_claims',
        'total_discount_applied',
        'total_points_awarded',
        'conversion_rate',
      ].sort(),
    );
    // The same figures, counted straight from the tables.
    const [direct] = await t.database.db
      .select({
        offers: sql<number>`(select count(*)::int from offers where shop_id = ${shopB.id})`,
        featured: sql<number>`(select count(*)::int from offers where shop_id = ${shopB.id} and is_featured)`,
        total: sql<number>`count(*)::int`,
        pending: sql<number>`(count(*) filter (where c.status = 'pending' and c.expires_at > now()))::int`,
        confirmed: sql<number>`(count(*) filter (where c.status = 'confirmed' and c.expires_at > now()))::int`,
        used: sql<number>`(count(*) filter (where c.status = 'used'))::int`,
        cancelled: sql<number>`(count(*) filter (where c.status = 'cancelled'))::int`,
        expired: sql<number>`(count(*) filter (where c.status in ('pending', 'confirmed') and c.expires_at <= now()))::int`,
        discount: sql<number>`coalesce(sum(c.discount_applied) filter (where c.status = 'used'), 0)::int`,
        points: sql<number>`coalesce(sum(c.points_awarded) filter (where c.status = 'used'), 0)::int`,
      })
      .from(sql`offer_claims c join offers o on o.id = c.offer_id`)
      .where(sql`o.shop_id = ${shopB.id}`);
    expect(stats).toEqual({
      total_offers: Number(direct!.offers),
      active_offers: Number(direct!.offers),
      featured_offers: Number(direct!.featured),
      total_claims: Number(direct!.total),
      pending_claims: Number(direct!.pending),
      confirmed_claims: Number(direct!.confirmed),
      used_claims: Number(direct!.used),
      expired_claims: Number(direct!.expired),
      cancelled_claims: Number(direct!.cancelled),
      total_discount_applied: Number(direct!.discount),
      total_points_awarded: Number(direct!.points),
      conversion_rate: Number(direct!.used) / Number(direct!.total),
    });
    expect(stats).toMatchObject({ total_claims: 6, pending_claims: 2, used_claims: 1, total_points_awarded: 10 });

    const perOffer = (await as(vendorB.token, 'GET', `/vendor/offers/${offer.id}/stats`)).json().data;
    expect(perOffer).toEqual({
      total_claims: 5,
      pending_claims: 1,
      confirmed_claims: 1,
      used_claims: 1,
      cancelled_claims: 1,
      expired_claims: 1,
      total_discount_applied: 150,
      total_points_awarded: 10,
      conversion_rate: 0.2,
    });
    const empty = (await as(vendorB.token, 'GET', `/vendor/offers/${(await makeOffer(vendorB.token)).id}/stats`)).json()
      .data;
    expect(empty).toMatchObject({ total_claims: 0, conversion_rate: 0 });

    const mine = (await as(people[0]!.token, 'GET', '/user/stats')).json().data;
    expect(Object.keys(mine).sort()).toEqual(
      [
        'total_claims',
        'pending_claims',
        'active_claims',
        'confirmed_claims',
        'used_claims',
        'expired_claims',
        'cancelled_claims',
        'total_discount_received',
        'total_points_earned',
        'favorite_vendors',
      ].sort(),
    );
    expect(mine).toMatchObject({ total_claims: 2, pending_claims: 2, active_claims: 2 });
    expect(mine.favorite_vendors).toEqual([{ name: expect.any(String), slug: shopB.slug, claims: 2 }]);
    const usedOne = (await as(people[2]!.token, 'GET', '/user/stats')).json().data;
    expect(usedOne).toMatchObject({ used_claims: 1, total_discount_received: 150, total_points_earned: 10 });

    // Vendor claim list filters.
    const byStatus = (await as(vendorB.token, 'GET', '/vendor/claims?status=expired')).json().data;
    expect(byStatus.data.map((c: { id: number }) => c.id)).toEqual([made[4]!.id]);
    const byOffer = (await as(vendorB.token, 'GET', `/vendor/claims?offer_id=${second.id}`)).json().data;
    expect(byOffer.pagination.total).toBe(1);
    const bySearch = (
      await as(vendorB.token, 'GET', `/vendor/claims?search=${encodeURIComponent(people[3]!.email)}`)
    ).json().data;
    expect(bySearch.data.map((c: { id: number }) => c.id)).toEqual([made[3]!.id]);
    const future = (await as(vendorB.token, 'GET', '/vendor/claims?from=2999-01-01')).json().data;
    expect(future.data).toEqual([]);
  }, 60_000);
});

describe('deleting an offer', () => {
  it('refuses an offer with a used claim and removes one without', async () => {
    const customer = await signUp(t.app);
    const keep = await makeOffer(vendorA.token);
    const made = await claimOk(customer.token, shopA.slug, keep.id);
    await as(vendorA.token, 'POST', `/vendor/claims/${made.id}/confirm`, {});
    await as(vendorA.token, 'POST', `/vendor/claims/${made.id}/mark-used`, {});
    const refused = await as(vendorA.token, 'DELETE', `/vendor/offers/${keep.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('offer_has_used_claims');
    const gone = await makeOffer(vendorA.token);
    await claimOk(customer.token, shopA.slug, gone.id);
    expect((await as(vendorA.token, 'DELETE', `/vendor/offers/${gone.id}`)).statusCode).toBe(200);
    expect(await t.database.db.select().from(offers).where(eq(offers.id, gone.id))).toEqual([]);
    expect(await t.database.db.select().from(offerClaims).where(eq(offerClaims.offerId, gone.id))).toEqual([]);
  });
});
