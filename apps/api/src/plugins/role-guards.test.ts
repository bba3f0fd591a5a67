import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../maintenance/schema';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import { signUpAs } from '../test/manage-fixtures';
import { appRoutes } from '../test/route-table';
import { bearer } from '../test/test-support';
import { guardedArea } from './role-guards';

/**
 * The authorisation matrix, generated from the route table: every route under /api/vendor/ and
 * /api/admin/, as the router holds them (printRoutes), so a route added later is in the matrix
 * without anyone listing it here.
 */
let t: TestApp;
let customer: string;
let vendor: string;
let admin: string;
let shopless: string;

/**
 * The routes of one guarded area: under /api/admin/, or the merchant's (under /api/vendor/ and
 * the offers' merchant calls under /api/vendor-offers/vendor/, guardedArea's rule).
 */
function guarded(prefix: '/api/vendor/' | '/api/admin/') {
  const area = prefix === '/api/vendor/' ? 'vendor' : 'admin';
  return appRoutes(t.app).filter((r) => guardedArea(r.url) === area);
}

function call(route: { method: string; url: string }, token?: string) {
  return t.app.inject({
    method: route.method as 'GET',
    url: route.url.replace(/:\w+/g, '999999'),
    headers: token ? bearer(token) : {},
    ...(['POST', 'PUT', 'PATCH'].includes(route.method) ? { payload: {} } : {}),
  });
}

beforeAll(async () => {
  t = await buildTestApp();
  customer = (await signUpAs(t.app, t.database, 'customer')).token;
  vendor = (await signUpAs(t.app, t.database, 'vendor')).token;
  admin = (await signUpAs(t.app, t.database, 'admin')).token;
  shopless = (await signUpAs(t.app, t.database, 'vendor', { shopId: null })).token;
}, 60_000);
afterAll(async () => t?.close());

describe('the route table', () => {
  it('has the merchant and admin calls, and the guard saw every one of them', () => {
    const vendorRoutes = guarded('/api/vendor/');
    const adminRoutes = guarded('/api/admin/');
    expect(vendorRoutes).toContainEqual({ method: 'GET', url: '/api/vendor/products' });
    // The offers' merchant calls keep the spec's paths and are guarded the same way.
    expect(vendorRoutes).toContainEqual({ method: 'POST', url: '/api/vendor-offers/vendor/offers' });
    expect(vendorRoutes).toContainEqual({ method: 'POST', url: '/api/vendor-offers/vendor/claims/:id/mark-used' });
    expect(vendorRoutes).toContainEqual({ method: 'GET', url: '/api/vendor-offers/vendor/claims/stats' });
    expect(vendorRoutes.some((r) => r.url.includes(':slug'))).toBe(false);
    expect(vendorRoutes.length).toBeGreaterThan(10);
    expect(adminRoutes).toContainEqual({ method: 'PATCH', url: '/api/admin/users/:id' });
    expect(adminRoutes.length).toBeGreaterThan(5);
    const seen = t.app.guardedRoutes.map((r) => `${r.method} ${r.url}`).sort();
    expect([...vendorRoutes, ...adminRoutes].map((r) => `${r.method} ${r.url}`).sort()).toEqual(seen);
  });
});

describe.each(['/api/vendor/', '/api/admin/'] as const)('every route under %s', (prefix) => {
  it('answers 401 without a token, 401 with a dead one', async () => {
    for (const route of guarded(prefix)) {
      const res = await call(route);
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(401);
      expect(res.json().code).toBe('unauthenticated');
      expect((await call(route, 'x'.repeat(43))).statusCode, `${route.method} ${route.url}`).toBe(401);
    }
  });

  it('answers 403 to a customer', async () => {
    for (const route of guarded(prefix)) {
      const res = await call(route, customer);
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(403);
      expect(res.json().code).toBe('forbidden');
    }
  });
});

describe('the prefixes keep their roles apart', () => {
  it('a vendor gets 403 on every admin route', async () => {
    for (const route of guarded('/api/admin/')) {
      expect((await call(route, vendor)).statusCode, `${route.method} ${route.url}`).toBe(403);
    }
  });

  it('an admin gets 403 on every vendor route (the platform acts through its own calls)', async () => {
    for (const route of guarded('/api/vendor/')) {
      expect((await call(route, admin)).statusCode, `${route.method} ${route.url}`).toBe(403);
    }
  });

  it('a vendor who runs no shop gets 403 vendor_shop_missing', async () => {
    for (const route of guarded('/api/vendor/')) {
      const res = await call(route, shopless);
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(403);
      expect(res.json().code).toBe('vendor_shop_missing');
    }
  });

  it('the guarded vendor passes the guard (a missing object is 404, not 401/403)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/vendor/products/999999', headers: bearer(vendor) });
    expect(res.statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/vendor/products', headers: bearer(vendor) })).statusCode,
    ).toBe(200);
  });

  it('leaves the public shop menu /api/vendor open', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/vendor' })).statusCode).toBe(200);
  });

  it("leaves a shop's public offers under /api/vendor-offers/vendor/{slug}/ open", async () => {
    // Open to anyone: an unknown shop is not found, never unauthenticated or forbidden.
    const res = await t.app.inject({ method: 'GET', url: '/api/vendor-offers/vendor/no-such-shop/offers' });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('shop_not_found');
    expect(guardedArea('/api/vendor-offers/vendor/:slug/offers/:offerId/claim')).toBeNull();
    expect(guardedArea('/api/vendor-offers/vendor/offers-shop/offers')).toBeNull();
    expect(guardedArea('/api/vendor-offers/vendor/claims')).toBe('vendor');
  });
});

describe('a disabled account', () => {
  it('loses its tokens at once and cannot sign in again', async () => {
    const account = await signUpAs(t.app, t.database, 'vendor');
    const me = () => t.app.inject({ method: 'GET', url: '/api/vendor/products', headers: bearer(account.token) });
    expect((await me()).statusCode).toBe(200);
    await t.database.db.update(users).set({ disabled: true }).where(eq(users.id, account.user.id));
    expect((await me()).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(account.token) })).statusCode,
    ).toBe(401);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: account.email, password: account.password },
    });
    expect(login.statusCode).toBe(403);
    expect(login.json().code).toBe('account_disabled');
  });
});
