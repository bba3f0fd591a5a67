import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { precompress } from '../../../../scripts/build-if-needed.mjs';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import type { Database } from '../db/client';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import { openTestDatabase } from '../test/test-database';
import { NO_LOAD_SHEDDING } from '../test/test-env';
import { bearer, signUp } from '../test/test-support';

describe('compression and HTTP caching of API replies', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ seed: true });
  });
  afterAll(() => t.close());

  it('compresses a JSON reply with brotli or gzip, as the client prefers', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/api/products' });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();

    const br = await t.app.inject({ method: 'GET', url: '/api/products', headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);

    const gz = await t.app.inject({ method: 'GET', url: '/api/products', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
  });

  it('leaves a small reply uncompressed', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'accept-encoding': 'br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
  });

  it('gives a public catalogue read a weak ETag and a short public Cache-Control, and 304 on a match', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/api/categories' });
    expect(first.statusCode).toBe(200);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/"[\w-]+"$/);
    expect(first.headers['cache-control']).toBe('public, max-age=30, stale-while-revalidate=60');

    const again = await t.app.inject({ method: 'GET', url: '/api/categories', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);

    // The same tag whatever the encoding, so a cached gzip copy revalidates too.
    const gz = await t.app.inject({
      method: 'GET',
      url: '/api/categories',
      headers: { 'if-none-match': etag, 'accept-encoding': 'gzip' },
    });
    expect(gz.statusCode).toBe(304);

    const other = await t.app.inject({ method: 'GET', url: '/api/categories', headers: { 'if-none-match': 'W/"x"' } });
    expect(other.statusCode).toBe(200);
    expect(other.body).toBe(first.body);
  });

  it('opts in every public catalogue read', async () => {
    for (const url of ['/api/products', '/api/brands', '/api/shops', '/api/home', '/api/app/setting', '/api/blog']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers.etag, url).toBeDefined();
      expect(res.headers['cache-control'], url).toMatch(/^public, /);
    }
  });

  it('keeps anything with an Authorization header, and user-scoped routes, private and unstored', async () => {
    const { token } = await signUp(t.app);
    const asked = await t.app.inject({ method: 'GET', url: '/api/categories', headers: bearer(token) });
    expect(asked.statusCode).toBe(200);
    expect(asked.headers.etag).toBeUndefined();
    expect(asked.headers['cache-control']).toBe('private, no-store');

    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });
    expect(me.statusCode).toBe(200);
    expect(me.headers.etag).toBeUndefined();
    expect(me.headers['cache-control']).toBe('private, no-store');
  });

  it('never caches a failure publicly', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/shop/no-such-shop' });
    expect(res.statusCode).toBe(404);
    expect(res.headers.etag).toBeUndefined();
    expect(res.headers['cache-control']).toBe('private, no-store');
  });
});

describe('the built apps: pre-compressed, immutable assets', () => {
  let dir: string;
  let dataDir: string;
  let database: Database;
  let app: FastifyInstance;
  const script = `console.log(${JSON.stringify('parade '.repeat(400))});\n`;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'parade-dist-'));
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'parade-data-'));
    for (const name of ['web', 'admin']) {
      mkdirSync(path.join(dir, name, 'assets'), { recursive: true });
      writeFileSync(
        path.join(dir, name, 'index.html'),
        `<!doctype html><title>${name}</title>${'<p>x</p>'.repeat(300)}`,
      );
      writeFileSync(path.join(dir, name, 'assets', 'index-AbC123.js'), script);
      writeFileSync(path.join(dir, name, 'assets', 'tiny-AbC123.js'), 'export{};');
      writeFileSync(
        path.join(dir, name, 'assets', 'index-AbC123.js.map'),
        JSON.stringify({ sourcesContent: [script] }),
      );
      mkdirSync(path.join(dir, name, 'assets', 'fonts'));
      writeFileSync(path.join(dir, name, 'assets', 'fonts', 'inter-AbC123.woff2'), 'wOF2');
      writeFileSync(path.join(dir, name, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
      mkdirSync(path.join(dir, name, '.vite'));
      writeFileSync(path.join(dir, name, '.vite', 'manifest.json'), '{}');
      precompress(path.join(dir, name));
    }
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      SERVE_APPS: 'true',
      ...NO_LOAD_SHEDDING,
    });
    database = await openTestDatabase();
    app = await buildApp({
      config,
      database,
      logger: false,
      staticRoots: { web: path.join(dir, 'web'), admin: path.join(dir, 'admin') },
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.close();
    rmSync(dir, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("serves the apps' files and pages while the API sheds load (issue 22: 15 scripts answered 503)", async () => {
    const pressed = await buildApp({
      // A 1-byte heap limit: under pressure from the first sample on.
      config: loadConfig({
        NODE_ENV: 'test',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'silent',
        SERVE_APPS: 'true',
        SHED_MAX_HEAP_USED_BYTES: '1',
        SHED_SAMPLE_INTERVAL_MS: '10',
      }),
      database,
      logger: false,
      staticRoots: { web: path.join(dir, 'web'), admin: path.join(dir, 'admin') },
    });
    try {
      await pressed.ready();
      await vi.waitFor(async () => {
        expect((await pressed.inject({ url: '/api/categories' })).statusCode).toBe(503);
      });
      for (const url of ['/assets/index-AbC123.js', '/admin/assets/tiny-AbC123.js', '/', '/admin/', '/products']) {
        expect((await pressed.inject({ url, headers: { 'accept-encoding': 'br' } })).statusCode, url).toBe(200);
      }
    } finally {
      await pressed.close();
    }
  });

  it('writes .br and .gz beside each compressible file worth it, not beside tiny ones', () => {
    const assets = path.join(dir, 'web', 'assets');
    expect(brotliDecompressSync(readFileSync(path.join(assets, 'index-AbC123.js.br'))).toString()).toBe(script);
    expect(gunzipSync(readFileSync(path.join(assets, 'index-AbC123.js.gz'))).toString()).toBe(script);
    expect(() => readFileSync(path.join(assets, 'tiny-AbC123.js.br'))).toThrow();
  });

  it('gives source maps gzip only (brotli at its best quality on them was most of the build)', () => {
    const assets = path.join(dir, 'web', 'assets');
    const map = readFileSync(path.join(assets, 'index-AbC123.js.map'), 'utf8');
    expect(gunzipSync(readFileSync(path.join(assets, 'index-AbC123.js.map.gz'))).toString()).toBe(map);
    expect(() => readFileSync(path.join(assets, 'index-AbC123.js.map.br'))).toThrow();
  });

  it('serves the pre-compressed file with immutable caching', async () => {
    const br = await app.inject({
      method: 'GET',
      url: '/assets/index-AbC123.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.rawPayload.equals(readFileSync(path.join(dir, 'web', 'assets', 'index-AbC123.js.br')))).toBe(true);

    const gz = await app.inject({
      method: 'GET',
      url: '/assets/index-AbC123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);

    const plain = await app.inject({ method: 'GET', url: '/assets/index-AbC123.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);

    const admin = await app.inject({
      method: 'GET',
      url: '/admin/assets/index-AbC123.js',
      headers: { 'accept-encoding': 'br' },
    });
    expect(admin.headers['content-encoding']).toBe('br');
    expect(admin.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it("serves each app's assets through one route, not a GET and a HEAD route per file (issue 25: a third of the router's memory)", () => {
    for (const prefix of ['/', '/admin/']) {
      expect(app.hasRoute({ method: 'GET', url: `${prefix}assets/*` }), prefix).toBe(true);
      expect(app.hasRoute({ method: 'HEAD', url: `${prefix}assets/*` }), prefix).toBe(true);
      expect(app.hasRoute({ method: 'GET', url: `${prefix}assets/index-AbC123.js` }), prefix).toBe(false);
      expect(app.hasRoute({ method: 'GET', url: `${prefix}assets/index-AbC123.js.br` }), prefix).toBe(false);
    }
  });

  it('answers HEAD and a revalidation of a file, and serves files in folders and beside index.html', async () => {
    const first = await app.inject({ url: '/admin/assets/index-AbC123.js', headers: { 'accept-encoding': 'br' } });
    const etag = first.headers.etag as string;
    expect(etag).toBeDefined();
    expect(first.headers['last-modified']).toBeDefined();
    expect(first.headers.vary).toMatch(/accept-encoding/i);

    const head = await app.inject({
      method: 'HEAD',
      url: '/admin/assets/index-AbC123.js',
      headers: { 'accept-encoding': 'br' },
    });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
    expect(head.headers['content-encoding']).toBe('br');
    expect(head.headers['content-length']).toBe(first.headers['content-length']);
    expect(head.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    const again = await app.inject({
      url: '/admin/assets/index-AbC123.js',
      headers: { 'accept-encoding': 'br', 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');

    const font = await app.inject({ url: '/assets/fonts/inter-AbC123.woff2' });
    expect(font.statusCode).toBe(200);
    expect(font.headers['content-type']).toBe('font/woff2');
    expect(font.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(font.body).toBe('wOF2');

    for (const url of ['/favicon.svg', '/admin/favicon.svg']) {
      const icon = await app.inject({ url });
      expect(icon.statusCode, url).toBe(200);
      expect(icon.headers['content-type'], url).toMatch(/^image\/svg\+xml/);
      expect(icon.headers['cache-control'], url).toBe('no-cache');
    }
    const index = await app.inject({ url: '/', headers: { 'accept-encoding': 'gzip' } });
    expect(index.headers['content-encoding']).toBe('gzip');
    expect(index.headers['cache-control']).toBe('no-cache');
  });

  it("moves each app's /index.html to the app's own address for good, with its query", async () => {
    for (const [url, to] of [
      ['/index.html', '/'],
      ['/index.html?utm_source=poster', '/?utm_source=poster'],
      ['/admin/index.html', '/admin/'],
    ] as const) {
      for (const method of ['GET', 'HEAD'] as const) {
        const res = await app.inject({ method, url, headers: { accept: 'text/html' } });
        expect(res.statusCode, `${method} ${url}`).toBe(301);
        expect(res.headers.location, `${method} ${url}`).toBe(to);
      }
    }
  });

  it('answers a page address that does not decode with a 400 page a browser can show, and the API with JSON', async () => {
    const html = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';
    for (const url of ['/%ZZ', '/products/%E0%A4%A', '/vendor/caf%C3', '/admin/orders/%zz']) {
      const res = await app.inject({ url, headers: { accept: html } });
      expect(res.statusCode, url).toBe(400);
      expect(res.headers['content-type'], url).toBe('text/html; charset=utf-8');
      expect(res.headers['content-security-policy'], url).toMatch(/default-src 'none'/);
      expect(res.body, url).toContain('<h1>This link is broken</h1>');
      expect(res.body, url).toContain('<meta name="robots" content="noindex">');
      expect(res.body, url).toContain('<a href="/">Go to the home page</a>');
      expect(res.body, url).not.toContain('<script');
    }
    // The API, a file, or a client that does not ask for HTML: the envelope, as before.
    for (const [url, accept] of [
      ['/api/shop/%ZZ', html],
      ['/assets/%ZZ.js', html],
      ['/products/%ZZ', 'application/json'],
    ] as const) {
      const res = await app.inject({ url, headers: { accept } });
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toMatchObject({ status: false, code: 'invalid_url' });
    }
  });

  it('answers 404 for a file the build does not have, a path out of the folder and a dot folder', async () => {
    for (const url of [
      '/assets/missing-AbC123.js',
      '/admin/assets/missing-AbC123.js',
      '/assets/..%2Findex.html',
      '/.vite/manifest.json',
      '/admin/.vite/manifest.json',
    ]) {
      for (const method of ['GET', 'HEAD'] as const) {
        const res = await app.inject({ method, url, headers: { 'accept-encoding': 'br' } });
        expect(res.statusCode, `${method} ${url}`).toBe(404);
        expect(res.headers['cache-control'] ?? '', `${method} ${url}`).not.toMatch(/immutable/);
      }
    }
    const missing = await app.inject({ url: '/assets/missing-AbC123.js' });
    expect(missing.json()).toMatchObject({ status: false, code: 'route_not_found' });
  });

  it('always revalidates index.html, also as the history-mode fallback', async () => {
    for (const url of ['/', '/products', '/admin/', '/admin/orders']) {
      const res = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.headers['content-type'], url).toMatch(/text\/html/);
    }
  });
});
