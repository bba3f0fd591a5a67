import { eq, isNotNull, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderItems, products } from '../maintenance/schema';
import { demoDigitalPurchase } from '../maintenance/seed/demo-orders';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import { signUpAs } from '../test/manage-fixtures';
import { startS3Server, type TestS3Server } from '../test/s3-server';
import { bearer, multipartPayload } from '../test/test-support';
import { SWEEP_LOCK_KEY, sweepStoredObjects } from './sweep-stored-objects';

/**
 * The sweep of stored objects no row mentions (issue 26), on both stores, over the seeded demo:
 * it takes a deleted product's pictures and nothing anyone still refers to (every demo picture,
 * a picture still shown, a withdrawn product's file its buyers download), never a fresh upload
 * inside the grace period, and on PostgreSQL it steps aside while another process sweeps.
 */
const HOUR = 60 * 60 * 1000;
let s3: TestS3Server;
const apps: Partial<Record<'local' | 's3', TestApp>> = {};

beforeAll(async () => {
  s3 = await startS3Server();
  apps.local = await buildTestApp({ seed: true });
  apps.s3 = await buildTestApp({ seed: true, env: s3.env });
}, 120_000);
afterAll(async () => {
  await Promise.all([apps.local?.close(), apps.s3?.close()]);
  await s3?.stop();
});

describe.each(['local', 's3'] as const)('on the %s store', (name) => {
  const t = () => apps[name] as TestApp;
  /** A sweep run as if every object were two hours old (past the hour's grace), unless told. */
  const sweep = (now = Date.now() + 2 * HOUR) =>
    sweepStoredObjects(t().app.database, t().app.storage, { graceMs: HOUR, now });
  const exists = async (url: string) => (await t().app.storage.head(url.replace(/^\//, ''))) !== null;

  async function productWithPicture(token: string, name: string): Promise<{ id: number; picture: string }> {
    const created = await t().app.inject({
      method: 'POST',
      url: '/api/vendor/products',
      headers: bearer(token),
      payload: { name, variations: [{ name: 'Jar', price: 300, stock: 2 }] },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.product.id as number;
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#3a3' } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('images', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'jar.png');
    const { payload, headers } = await multipartPayload(form);
    const res = await t().app.inject({
      method: 'POST',
      url: `/api/vendor/products/${id}/images`,
      payload,
      headers: { ...headers, ...bearer(token) },
    });
    expect(res.statusCode, res.body).toBe(200);
    return { id, picture: res.json().data.images.at(-1).url };
  }

  it('deletes nothing of the freshly seeded demo: every picture and file is some row’s', async () => {
    const result = await sweep();
    expect(result.busy).toBe(false);
    expect(result.listed).toBeGreaterThan(50);
    expect(result.deleted).toEqual([]);
  });

  it("takes a deleted product's picture, keeps one still shown and a fresh one inside the grace period", async () => {
    const vendor = await signUpAs(t().app, t().database, 'vendor');
    const gone = await productWithPicture(vendor.token, 'Gone Jam');
    const kept = await productWithPicture(vendor.token, 'Kept Jam');
    const deleted = await t().app.inject({
      method: 'DELETE',
      url: `/api/vendor/products/${gone.id}`,
      headers: bearer(vendor.token),
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await exists(gone.picture)).toBe(true);

    // Within the grace period (uploaded a moment ago) nothing is taken, referenced or not.
    expect((await sweep(Date.now())).deleted).toEqual([]);
    expect(await exists(gone.picture)).toBe(true);

    const result = await sweep();
    expect(result.deleted).toEqual([gone.picture.slice(1)]);
    expect(await exists(gone.picture)).toBe(false);
    expect(await exists(kept.picture)).toBe(true);
    expect((await t().app.inject({ url: kept.picture })).statusCode).toBe(200);
    expect((await t().app.inject({ url: gone.picture })).statusCode).toBe(404);
  });

  it('keeps a replaced logo while a slide of the shop still shows it, and takes it once none does', async () => {
    const vendor = await signUpAs(t().app, t().database, 'vendor');
    const logo = async (background: string) => {
      const png = await sharp({ create: { width: 6, height: 6, channels: 3, background } })
        .png()
        .toBuffer();
      const form = new FormData();
      form.append('image', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'logo.png');
      const { payload, headers } = await multipartPayload(form);
      const res = await t().app.inject({
        method: 'POST',
        url: '/api/vendor/shop/logo',
        payload,
        headers: { ...headers, ...bearer(vendor.token) },
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.shop.logo.url as string;
    };
    const slides = (list: object[]) =>
      t().app.inject({
        method: 'PUT',
        url: '/api/vendor/shop',
        headers: bearer(vendor.token),
        payload: { slides: list },
      });
    const first = await logo('#111');
    const shown = await slides([
      { title: 'Our logo', caption: 'Since 1990', image: first, mobile_image: '', action_link: '', action_text: '' },
    ]);
    expect(shown.statusCode, shown.body).toBe(200);
    const second = await logo('#222');

    // Replaced, but the slide still shows it: served, and the sweep keeps it.
    expect((await t().app.inject({ url: first })).statusCode).toBe(200);
    expect((await sweep()).deleted).toEqual([]);
    expect(await exists(first)).toBe(true);

    expect((await slides([])).statusCode).toBe(200);
    expect((await sweep()).deleted).toEqual([first.slice(1)]);
    expect(await exists(second)).toBe(true);
  });

  it("keeps a withdrawn digital product's file, which its buyers still download", async () => {
    await t()
      .database.db.update(products)
      .set({ isActive: false })
      .where(eq(products.name, demoDigitalPurchase.productName));
    expect((await sweep()).deleted).toEqual([]);
    const login = await t().app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'customer@parade.test', password: 'parade-customer-2026' },
    });
    const token = login.json().data.access_token as string;
    const list = await t().app.inject({ url: '/api/user/digital-products', headers: bearer(token) });
    const item = list.json().data.data[0];
    expect(item.product.name).toBe(demoDigitalPurchase.productName);
    const download = await t().app.inject({ url: item.download_url });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  it("keeps a deleted product's picture that a past order's line still shows", async () => {
    // The demo's past order (its digital purchase), whose product goes now.
    const [line] = await t()
      .database.db.select({ productId: orderItems.productId, thumbnail: orderItems.thumbnail })
      .from(orderItems)
      .where(isNotNull(orderItems.thumbnail))
      .limit(1);
    const thumbnail = line?.thumbnail as string;
    expect(await exists(thumbnail)).toBe(true);
    await t()
      .database.db.delete(products)
      .where(eq(products.id, line?.productId ?? 0));
    await sweep();
    expect(await exists(thumbnail)).toBe(true);
    expect((await t().app.inject({ url: thumbnail })).statusCode).toBe(200);
  });

  it('steps aside on PostgreSQL while another process sweeps', async () => {
    if (t().database.kind !== 'postgres') {
      // PGlite is one process: nothing to take turns with, and no connection to hold for a run.
      expect((await sweep()).busy).toBe(false);
      return;
    }
    await t().database.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${SWEEP_LOCK_KEY}::bigint)`);
      expect(await sweep()).toEqual({ deleted: [], listed: 0, busy: true });
    });
    expect((await sweep()).busy).toBe(false);
  });
});
