import { existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import { isNotNull } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shops } from '../maintenance/schema';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import { signUpAs } from '../test/manage-fixtures';
import { startS3Server, type TestS3Server } from '../test/s3-server';
import { bearer, multipartPayload, signUp } from '../test/test-support';

/**
 * Issue 26's object storage through the app: /uploads/ serves from whichever store is configured
 * with the same headers, and with STORAGE_URL set several processes share one bucket, so what
 * one stores the others serve and nothing depends on a process's own disk. Each app here is a
 * process of its own (its own database and DATA_DIR); the S3 ones share one s3rver bucket.
 */
let s3: TestS3Server;
const apps: Record<'local' | 's3', TestApp | undefined> = { local: undefined, s3: undefined };
let other: TestApp;

beforeAll(async () => {
  s3 = await startS3Server();
  apps.local = await buildTestApp({ seed: true });
  apps.s3 = await buildTestApp({ seed: true, env: s3.env });
  other = await buildTestApp({ env: s3.env });
  // Whatever the S3 processes serve must come from the bucket: their own disks hold nothing.
  for (const t of [apps.s3, other]) {
    for (const folder of ['uploads', 'digital'])
      rmSync(path.join(t.config.dataDir, folder), { recursive: true, force: true });
  }
}, 120_000);
afterAll(async () => {
  await Promise.all([apps.local?.close(), apps.s3?.close(), other?.close()]);
  await s3?.stop();
});

const localFolders = (t: TestApp) =>
  ['uploads', 'digital'].filter((folder) => existsSync(path.join(t.config.dataDir, folder)));

describe.each(['local', 's3'] as const)('/uploads/ on the %s store', (name) => {
  const t = () => apps[name] as TestApp;

  it("serves a demo picture with today's headers, 304 for a copy that is current, the API's 404 for anything else", async () => {
    const [shop] = await t().database.db.select({ logo: shops.logo }).from(shops).where(isNotNull(shops.logo)).limit(1);
    const url = shop?.logo as string;
    expect(url).toMatch(/^\/uploads\/demo\/.+\.svg$/);
    const res = await t().app.inject({ url });
    expect(res.statusCode).toBe(200);
    expect(res.headers).toMatchObject({
      'content-type': 'image/svg+xml',
      'cache-control': 'public, max-age=86400',
      'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
      'x-content-type-options': 'nosniff',
    });
    expect(res.body).toContain('<svg');
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
    const etag = res.headers.etag as string;
    const lastModified = res.headers['last-modified'] as string;
    expect(etag).toMatch(/"/);
    expect(Date.parse(lastModified)).toBeGreaterThan(0);

    const again = await t().app.inject({ url, headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect((await t().app.inject({ url, headers: { 'if-modified-since': lastModified } })).statusCode).toBe(304);
    expect((await t().app.inject({ url, headers: { 'if-none-match': '"something-else"' } })).statusCode).toBe(200);

    for (const missing of [
      '/uploads/demo/nothing-here.svg',
      '/uploads/../download-link.secret',
      '/uploads/%2e%2e/download-link.secret',
      '/uploads/demo/.hidden.svg',
      '/uploads/',
    ]) {
      const refused = await t().app.inject({ url: missing });
      expect(refused.statusCode, missing).toBe(404);
      expect(refused.json(), missing).toMatchObject({ status: false });
    }
  });
});

describe('several processes on one S3 bucket', () => {
  const a = () => apps.s3 as TestApp;

  it('serves an avatar uploaded through one process from every other, with nothing on either disk', async () => {
    const { token } = await signUp(a().app);
    const form = new FormData();
    form.append('name', 'Shared Picture');
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#c33' } })
      .png()
      .toBuffer();
    form.append('avatar', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'me.png');
    const { payload, headers } = await multipartPayload(form);
    const res = await a().app.inject({
      method: 'POST',
      url: '/api/user/update-profile',
      payload,
      headers: { ...headers, ...bearer(token) },
    });
    expect(res.statusCode, res.body).toBe(200);
    const url: string = res.json().data.user.avatar;
    expect(url).toMatch(/^\/uploads\/avatars\/\d+-[0-9a-f]{16}\.png$/);

    for (const t of [a(), other]) {
      const served = await t.app.inject({ url });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/png');
      expect(await sharp(served.rawPayload).metadata()).toMatchObject({ format: 'png', width: 4, height: 4 });
    }
    expect(localFolders(a())).toEqual([]);
    expect(localFolders(other)).toEqual([]);
  });

  it("keeps a merchant's digital file in the bucket and hands it out only through the signed download", async () => {
    const vendor = await signUpAs(a().app, a().database, 'vendor');
    const created = await a().app.inject({
      method: 'POST',
      url: '/api/vendor/products',
      headers: bearer(vendor.token),
      payload: { name: 'Bucket Book', type: 'Digital', variations: [{ name: 'PDF', price: 300 }] },
    });
    expect(created.statusCode, created.body).toBe(201);
    const variationId = created.json().data.product.variations[0].id as number;
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(Buffer.from('%PDF-1.4\nbucket book\n%%EOF\n'))]), 'book.pdf');
    const body = await multipartPayload(form);
    const uploaded = await a().app.inject({
      method: 'POST',
      url: `/api/vendor/variations/${variationId}/digital-file`,
      payload: body.payload,
      headers: { ...body.headers, ...bearer(vendor.token) },
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const keys: string[] = [];
    for await (const object of a().app.storage.list('digital/')) keys.push(object.key);
    expect(keys.some((key) => key.startsWith(`digital/${vendor.shopId}-`))).toBe(true);
    // Never public: not at /uploads/ nor anywhere else but the signed route.
    for (const key of keys) expect((await a().app.inject({ url: `/uploads/${key}` })).statusCode).toBe(404);

    // The demo customer's paid digital order, downloaded from the bucket.
    const login = await a().app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'customer@parade.test', password: 'parade-customer-2026' },
    });
    const token = login.json().data.access_token as string;
    const list = await a().app.inject({ url: '/api/user/digital-products', headers: bearer(token) });
    const item = list.json().data.data[0];
    const download = await a().app.inject({ url: item.download_url });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['cache-control']).toBe('private, no-store');
    expect(Number(download.headers['content-length'])).toBe(item.file.size);
    expect(download.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(localFolders(a())).toEqual([]);
  });
});

describe('a bucket that cannot be reached', () => {
  it('answers pictures and uploads 503 with Retry-After, while the rest of the shop works', async () => {
    const gone = await startS3Server();
    await gone.stop();
    const t = await buildTestApp({ env: gone.env });
    try {
      const picture = await t.app.inject({ url: '/uploads/avatars/1-0123456789abcdef.png' });
      expect(picture.statusCode).toBe(503);
      expect(picture.json()).toMatchObject({ status: false, code: 'service_unavailable' });
      expect(picture.headers['retry-after']).toBeDefined();

      const { token } = await signUp(t.app);
      const form = new FormData();
      form.append('name', 'No Bucket');
      const png = await sharp({ create: { width: 2, height: 2, channels: 3, background: '#333' } })
        .png()
        .toBuffer();
      form.append('avatar', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'me.png');
      const { payload, headers } = await multipartPayload(form);
      const upload = await t.app.inject({
        method: 'POST',
        url: '/api/user/update-profile',
        payload,
        headers: { ...headers, ...bearer(token) },
      });
      expect(upload.statusCode).toBe(503);
      expect((await t.app.inject({ url: '/api/auth/me', headers: bearer(token) })).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});
