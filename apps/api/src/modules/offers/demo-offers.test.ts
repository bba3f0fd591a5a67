import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { offerClaims, offers } from '../../maintenance/schema';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { bearer } from '../../test/test-support';

/**
 * The demo marketplace's offers and claims: offers in every state (active, featured, QR-only,
 * ended, full, switched off), the demo customer's claims in every status, and every offer's
 * `claims_count` equal to its claims that are not cancelled.
 */
let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await buildTestApp({ seed: true });
  const login = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: 'customer@parade.test', password: 'parade-customer-2026' },
  });
  expect(login.statusCode, login.body).toBe(200);
  token = login.json().data.access_token;
}, 120_000);
afterAll(async () => t?.close());

describe('the demo offers', () => {
  it("has the demo customer's claims in every status", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/vendor-offers/user/claims', headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    const statuses = res
      .json()
      .data.data.map((c: { status: string }) => c.status)
      .sort();
    expect(statuses).toEqual(['cancelled', 'confirmed', 'expired', 'pending', 'used']);
    const stats = (
      await t.app.inject({ method: 'GET', url: '/api/vendor-offers/user/stats', headers: bearer(token) })
    ).json().data;
    expect(stats).toMatchObject({ total_claims: 5, used_claims: 1, total_points_earned: 15 });
  });

  it('has active, featured, QR-only, ended, full and switched-off offers, each claims_count right', async () => {
    const states = await t.database.db
      .select({
        state: sql<string>`case when not ${offers.isActive} then 'inactive' when ${offers.endsAt} <= now() then 'ended'
          when ${offers.maxClaims} is not null and ${offers.claimsCount} >= ${offers.maxClaims} then 'full' else 'active' end`,
      })
      .from(offers);
    expect([...new Set(states.map((r) => r.state))].sort()).toEqual(['active', 'ended', 'full', 'inactive']);
    const live = (await t.app.inject({ method: 'GET', url: '/api/vendor-offers/offers' })).json().data.offers;
    expect(live.some((o: { is_featured: boolean }) => o.is_featured)).toBe(true);
    expect(live.some((o: { qr_only: boolean }) => o.qr_only)).toBe(true);
    const wrong = await t.database.db
      .select({ id: offers.id })
      .from(offers)
      .where(
        sql`${offers.claimsCount} <> (select count(*) from ${offerClaims} where ${offerClaims.offerId} = ${offers.id} and ${offerClaims.status} <> 'cancelled')`,
      );
    expect(wrong).toEqual([]);
  });
});
