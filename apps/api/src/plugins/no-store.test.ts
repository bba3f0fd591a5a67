import type { FastifyReply, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoPasswords } from '../modules/auth';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import { bearer, signUp } from '../test/test-support';
import { requireUser } from './auth';

let t: TestApp;
let customer: string;
let vendor: string;
let admin: string;

beforeAll(async () => {
  t = await buildTestApp({
    seed: true,
    // The reply cache on, to show anonymous public reads still use it.
    env: { PUBLIC_REPLY_CACHE_SECONDS: '10' },
    extend: (app) => {
      // A route that (wrongly) marks its signed-in reply cacheable: the auth plugin still wins.
      app.get('/api/__mine', async (request, reply: FastifyReply) => {
        const user = await requireUser(request);
        reply.header('cache-control', 'public, max-age=600');
        return { status: true, data: { id: user.id } };
      });
    },
  });
  const login = async (email: string, password: string) =>
    (await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } })).json().data
      .access_token as string;
  customer = await login('customer@parade.test', demoPasswords.customer);
  vendor = await login('vendor.green-barrow@parade.test', demoPasswords.vendor);
  admin = await login('admin@parade.test', demoPasswords.admin);
});
afterAll(() => t.close());

const cacheControl = (res: { headers: Record<string, unknown> }) => String(res.headers['cache-control'] ?? '');

describe('Cache-Control: no-store on signed-in and auth replies', () => {
  it('marks every auth call no-store, whatever it answers', async () => {
    const fresh = await signUp(t.app);
    const calls: InjectOptions[] = [
      {
        method: 'POST',
        url: '/api/auth/register',
        payload: {
          name: 'Cache Person',
          email: 'cache.person@example.test',
          password: 'bitter oranges every january',
          password_confirmation: 'bitter oranges every january',
        },
      },
      { method: 'POST', url: '/api/auth/login', payload: { email: fresh.email, password: fresh.password } },
      { method: 'POST', url: '/api/auth/login', payload: { email: fresh.email, password: 'not the password' } },
      { method: 'POST', url: '/api/auth/forgot', payload: { email: fresh.email } },
      {
        method: 'POST',
        url: '/api/auth/reset',
        payload: { token: 'A'.repeat(43), email: fresh.email, password: 'x', password_confirmation: 'x' },
      },
      { method: 'POST', url: '/api/auth/social-login', payload: { provider: 'nowhere', id_token: 'x' } },
      { method: 'GET', url: '/api/auth/providers' },
      { method: 'GET', url: '/api/auth/me', headers: bearer(fresh.token) },
      { method: 'GET', url: '/api/auth/me' },
      { method: 'POST', url: '/api/auth/logout', payload: {}, headers: bearer(fresh.token) },
    ];
    for (const call of calls) {
      const res = await t.app.inject(call);
      expect(cacheControl(res), `${call.method} ${call.url} ${res.statusCode}`).toMatch(/\bno-store\b/);
    }
  });

  it('marks signed-in replies no-store for every role, public routes included', async () => {
    const calls: [string, string][] = [
      ['/api/user/address', customer],
      ['/api/user/digital-products', customer],
      ['/api/products', customer],
      ['/api/shop/green-barrow', customer],
      ['/api/vendor/products', vendor],
      ['/api/vendor/orders', vendor],
      ['/api/admin/users', admin],
      ['/api/admin/categories', admin],
      ['/api/__mine', customer],
    ];
    for (const [url, token] of calls) {
      const res = await t.app.inject({ url, headers: bearer(token) });
      expect(res.statusCode, url).toBe(200);
      expect(cacheControl(res), url).toMatch(/\bno-store\b/);
      expect(cacheControl(res), url).not.toMatch(/public|max-age/);
    }
  });

  it('marks a refused call to a route that needs a token no-store', async () => {
    for (const url of ['/api/user/address', '/api/vendor/products', '/api/admin/users', '/api/__mine']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(401);
      expect(cacheControl(res), url).toMatch(/\bno-store\b/);
    }
  });

  it('leaves anonymous public reads public and served from the reply cache', async () => {
    const first = await t.app.inject({ url: '/api/products' });
    const second = await t.app.inject({ url: '/api/products' });
    for (const res of [first, second]) {
      expect(res.statusCode).toBe(200);
      expect(cacheControl(res)).toMatch(/^public, max-age=\d+/);
    }
    // Only a reply from the in-memory cache carries an Age.
    expect(first.headers.age).toBeUndefined();
    expect(second.headers.age).toBeDefined();
    // A signed-in read of the same URL is neither served from nor stored in that cache.
    const signedIn = await t.app.inject({ url: '/api/products', headers: bearer(customer) });
    expect(signedIn.headers.age).toBeUndefined();
    expect(cacheControl(signedIn)).toMatch(/\bno-store\b/);
  });
});
