import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { ConfigError, loadConfig } from '../config';
import type { Database } from '../db/client';
import { openTestDatabase } from '../test/test-database';
import { NO_LOAD_SHEDDING } from '../test/test-env';

/** The CSP as directive -> sources. */
function csp(res: LightMyRequestResponse): Map<string, string[]> {
  const header = String(res.headers['content-security-policy'] ?? '');
  return new Map(
    header
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...sources]) => [name as string, sources]),
  );
}

/** What every reply of the API and of the built apps carries (ASVS 3.4.1, 3.4.3 to 3.4.6). */
function expectSecurityHeaders(res: LightMyRequestResponse, what: string) {
  expect(res.headers['strict-transport-security'], what).toBe('max-age=31536000; includeSubDomains');
  expect(res.headers['x-content-type-options'], what).toBe('nosniff');
  expect(res.headers['referrer-policy'], what).toBe('no-referrer');
  expect(res.headers['x-frame-options'], what).toBe('DENY');
  const policy = csp(res);
  expect(policy.get('frame-ancestors'), what).toEqual(["'none'"]);
  expect(policy.get('object-src'), what).toEqual(["'none'"]);
  expect(policy.get('base-uri'), what).toEqual(["'none'"]);
  expect(policy.get('default-src'), what).toEqual(["'self'"]);
  expect(policy.get('script-src'), what).not.toContain("'unsafe-inline'");
  expect(policy.get('script-src'), what).not.toContain("'unsafe-eval'");
}

const GOOGLE_ANALYTICS = ['https://www.googletagmanager.com', 'https://*.google-analytics.com'];

describe('security headers and CORS', () => {
  let dist: string;
  let dataDir: string;
  let database: Database;
  let plain: FastifyInstance;
  let configured: FastifyInstance;

  const build = (env: Record<string, string>) =>
    buildApp({
      config: loadConfig({
        NODE_ENV: 'test',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'silent',
        SERVE_APPS: 'true',
        ...NO_LOAD_SHEDDING,
        ...env,
      }),
      database,
      logger: false,
      staticRoots: { web: path.join(dist, 'web'), admin: path.join(dist, 'admin') },
    });

  beforeAll(async () => {
    // Stand-ins for the two built apps, served as serving.test.ts serves them.
    dist = mkdtempSync(path.join(os.tmpdir(), 'parade-dist-'));
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'parade-data-'));
    for (const name of ['web', 'admin']) {
      mkdirSync(path.join(dist, name, 'assets'), { recursive: true });
      writeFileSync(path.join(dist, name, 'index.html'), `<!doctype html><title>${name}</title>`);
      writeFileSync(path.join(dist, name, 'assets', 'index-AbC123.js'), 'export{};');
    }
    database = await openTestDatabase();
    plain = await build({});
    configured = await build({
      CORS_ORIGINS: 'https://admin.parade.example, http://localhost:5174',
      ANALYTICS_ORIGINS: GOOGLE_ANALYTICS.join(','),
    });
    await Promise.all([plain.ready(), configured.ready()]);
  });
  afterAll(async () => {
    await plain?.close();
    await configured?.close();
    await database?.close();
    rmSync(dist, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('sets HSTS, nosniff, no-referrer and a CSP that frames nothing, loads no plugins and refuses <base>, on API replies', async () => {
    for (const [url, status] of [
      ['/api/health', 200],
      ['/api/products', 200],
      ['/api/auth/me', 401],
      ['/api/no-such-route', 404],
      ['/api/products?per_page=-1', 422],
    ] as const) {
      const res = await plain.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(status);
      expectSecurityHeaders(res, url);
    }
    const posted = await plain.inject({ method: 'POST', url: '/api/auth/login', payload: {} });
    expect(posted.statusCode).toBe(422);
    expectSecurityHeaders(posted, 'POST /api/auth/login');
  });

  it('sets the same headers on the built apps: pages, history-mode fallbacks and assets', async () => {
    for (const url of ['/', '/products', '/auth/reset-password/abc', '/admin/', '/admin/orders']) {
      const res = await plain.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/text\/html/);
      expectSecurityHeaders(res, url);
    }
    for (const url of ['/assets/index-AbC123.js', '/admin/assets/index-AbC123.js']) {
      const res = await plain.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expectSecurityHeaders(res, url);
    }
  });

  it("admits the analytics tag's origins only when ANALYTICS_ORIGINS names them", async () => {
    const without = csp(await plain.inject({ method: 'GET', url: '/' }));
    for (const directive of ['script-src', 'connect-src', 'img-src']) {
      for (const origin of GOOGLE_ANALYTICS) expect(without.get(directive), directive).not.toContain(origin);
    }

    const page = await configured.inject({ method: 'GET', url: '/' });
    expectSecurityHeaders(page, 'with ANALYTICS_ORIGINS');
    const policy = csp(page);
    for (const directive of ['script-src', 'connect-src', 'img-src']) {
      expect(policy.get(directive), directive).toEqual(expect.arrayContaining(["'self'", ...GOOGLE_ANALYTICS]));
    }
    // Stripe.js stays allowed, and nothing else widens.
    expect(policy.get('script-src')).toContain('https://js.stripe.com');
    expect(policy.get('frame-src')).not.toContain(GOOGLE_ANALYTICS[0]);
    expect(policy.get('default-src')).toEqual(["'self'"]);
  });

  it('refuses an ANALYTICS_ORIGINS entry that is not an origin', () => {
    for (const value of [
      '*',
      'https://*',
      'https://www.*.example',
      'https:',
      'www.googletagmanager.com',
      'https://www.googletagmanager.com/gtag/js',
      'https://www.googletagmanager.com/',
      "https://x.example 'unsafe-inline'",
      'javascript:alert(1)',
    ]) {
      expect(() => loadConfig({ ANALYTICS_ORIGINS: value }), value).toThrow(ConfigError);
    }
    expect(loadConfig({}).analyticsOrigins).toEqual([]);
    expect(
      loadConfig({ ANALYTICS_ORIGINS: ' https://*.google-analytics.com ,https://t.example:8443' }).analyticsOrigins,
    ).toEqual(['https://*.google-analytics.com', 'https://t.example:8443']);
  });

  it('gives an origin not in CORS_ORIGINS no Access-Control-Allow-Origin, on a call or a preflight', async () => {
    for (const app of [plain, configured]) {
      const call = await app.inject({
        method: 'GET',
        url: '/api/products',
        headers: { origin: 'https://evil.example' },
      });
      expect(call.statusCode).toBe(200);
      expect(call.headers['access-control-allow-origin']).toBeUndefined();
      expect(call.headers['access-control-allow-credentials']).toBeUndefined();

      const preflight = await app.inject({
        method: 'OPTIONS',
        url: '/api/auth/me',
        headers: {
          origin: 'https://evil.example',
          'access-control-request-method': 'GET',
          'access-control-request-headers': 'authorization',
        },
      });
      // Without it the browser fails the preflight, whatever else the reply says.
      expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    }
    // A look-alike of a listed origin is another origin.
    const lookAlike = await configured.inject({
      method: 'GET',
      url: '/api/products',
      headers: { origin: 'https://admin.parade.example.evil.example' },
    });
    expect(lookAlike.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('allows an origin listed in CORS_ORIGINS by name, never with credentials', async () => {
    for (const origin of ['https://admin.parade.example', 'http://localhost:5174']) {
      const call = await configured.inject({ method: 'GET', url: '/api/products', headers: { origin } });
      expect(call.headers['access-control-allow-origin']).toBe(origin);
      expect(call.headers.vary).toMatch(/origin/i);
      expect(call.headers['access-control-allow-credentials']).toBeUndefined();
      expect(call.headers['access-control-expose-headers']).toBe('x-request-id');

      const preflight = await configured.inject({
        method: 'OPTIONS',
        url: '/api/auth/me',
        headers: {
          origin,
          'access-control-request-method': 'GET',
          'access-control-request-headers': 'authorization',
        },
      });
      expect(preflight.statusCode).toBe(204);
      expect(preflight.headers['access-control-allow-origin']).toBe(origin);
      expect(preflight.headers['access-control-allow-headers']).toMatch(/authorization/i);
      expect(preflight.headers['access-control-allow-credentials']).toBeUndefined();
    }
  });

  it('refuses a wildcard, a path or a trailing slash in CORS_ORIGINS, so no wildcard ever meets a request', () => {
    for (const value of [
      '*',
      'https://*.parade.example',
      'https://admin.parade.example/',
      'admin.parade.example',
      'null',
    ]) {
      expect(() => loadConfig({ CORS_ORIGINS: value }), value).toThrow(ConfigError);
    }
    expect(loadConfig({}).corsOrigins).toEqual([]);
    expect(loadConfig({ CORS_ORIGINS: 'https://a.example, http://localhost:5174' }).corsOrigins).toEqual([
      'https://a.example',
      'http://localhost:5174',
    ]);
  });
});
