import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { offerClaims, shops } from '../../maintenance/schema';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { signUpAs } from '../../test/manage-fixtures';
import { bearer, signUp } from '../../test/test-support';

/**
 * A claim with an `Idempotency-Key` (issue 28): a retry after a lost reply, or ten at once,
 * answers the first claim and makes no other, even where the offer would allow the customer
 * several claims. On both databases (scripts/api-test-files.ts).
 */

let t: TestApp;
let vendor: Awaited<ReturnType<typeof signUpAs>>;
let slug: string;
beforeAll(async () => {
  t = await buildTestApp();
  vendor = await signUpAs(t.app, t.database, 'vendor');
  const [shop] = await t.database.db.select({ slug: shops.slug }).from(shops).where(eq(shops.id, vendor.shopId!));
  slug = shop!.slug;
});
afterAll(async () => t?.close());

async function offerAllowing(perUser: number): Promise<number> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/vendor-offers/vendor/offers',
    headers: bearer(vendor.token),
    payload: {
      title: `Retry-proof offer ${Date.now()}`,
      description: 'Ten percent off',
      discount_type: 'percent',
      discount_value: 10,
      max_claims_per_user: perUser,
      starts_at: new Date(Date.now() - 3600_000).toISOString(),
      ends_at: new Date(Date.now() + 86_400_000).toISOString(),
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.offer.id as number;
}

const claim = (token: string, offerId: number, key?: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/vendor-offers/vendor/${slug}/offers/${offerId}/claim`,
    headers: { ...bearer(token), ...(key ? { 'idempotency-key': key } : {}) },
    payload: {},
  });

describe('claims with an Idempotency-Key', () => {
  it('makes one claim of 10 parallel retries with one key, and every retry answers it', async () => {
    const offerId = await offerAllowing(5);
    const customer = await signUp(t.app);
    const replies = await Promise.all(
      Array.from({ length: 10 }, () => claim(customer.token, offerId, 'claim-retry-1')),
    );
    for (const reply of replies) expect(reply.statusCode, reply.body).toBe(201);
    const ids = new Set(replies.map((r) => r.json().data.claim.id));
    expect(ids.size).toBe(1);
    const rows = await t.database.db.select().from(offerClaims).where(eq(offerClaims.userId, customer.user.id));
    expect(rows).toHaveLength(1);
    // A retry later still answers the same claim; a new key makes a new claim (the offer allows 5).
    expect((await claim(customer.token, offerId, 'claim-retry-1')).json().data.claim.id).toBe([...ids][0]);
    expect((await claim(customer.token, offerId, 'claim-retry-2')).json().data.claim.id).not.toBe([...ids][0]);
  });

  it('without a key, parallel claims may make several (what the key is for)', async () => {
    const offerId = await offerAllowing(5);
    const customer = await signUp(t.app);
    const replies = await Promise.all(Array.from({ length: 3 }, () => claim(customer.token, offerId)));
    expect(replies.filter((r) => r.statusCode === 201)).toHaveLength(3);
  });

  it('refuses the same key for another offer (422 idempotency_key_reused), and keys are per customer', async () => {
    const first = await offerAllowing(1);
    const second = await offerAllowing(1);
    const customer = await signUp(t.app);
    expect((await claim(customer.token, first, 'shared-key')).statusCode).toBe(201);
    const reused = await claim(customer.token, second, 'shared-key');
    expect(reused.statusCode).toBe(422);
    expect(reused.json().code).toBe('idempotency_key_reused');
    const other = await signUp(t.app);
    expect((await claim(other.token, first, 'shared-key')).statusCode).toBe(201);
  });
});
