import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteSettings } from '../maintenance/schema';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import { signUpAs } from '../test/manage-fixtures';
import { jpegWithGps, pngBomb, pngClaiming, pngHtmlPolyglot } from '../test/test-images';
import { bearer, multipartPayload, signUp } from '../test/test-support';

/**
 * Every route that stores an uploaded picture, fed hostile files (issue 14): a header claiming
 * 1.6 billion or 2^31 pixels and a real decompression bomb are refused in the envelope before
 * decoding; what is stored is our re-encoding, never the client's bytes: no EXIF/GPS, no HTML
 * of a PNG/HTML polyglot; /uploads/ serves it with its image type and nosniff.
 */
let t: TestApp;
let vendor: Awaited<ReturnType<typeof signUpAs>>;
let admin: Awaited<ReturnType<typeof signUpAs>>;
let productId: number;

async function postFile(
  url: string,
  token: string,
  file: { field: string; bytes: Buffer },
  fields: Record<string, string> = {},
) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  form.append(file.field, new Blob([new Uint8Array(file.bytes)], { type: 'image/png' }), 'picture.png');
  const { payload, headers } = await multipartPayload(form);
  return t.app.inject({ method: 'POST', url, payload, headers: { ...headers, ...bearer(token) } });
}

interface UploadRoute {
  name: string;
  /** The refusal's code and the field it names. */
  code: string;
  field: string;
  send(bytes: Buffer): Promise<LightMyRequestResponse>;
  /** The stored picture's public URL, from a successful answer. */
  storedUrl(res: LightMyRequestResponse): string;
}

const HOUR = 60 * 60 * 1000;
const routes: UploadRoute[] = [
  {
    name: 'avatar (POST user/update-profile)',
    code: 'avatar_too_large',
    field: 'avatar',
    send: async (bytes) =>
      postFile('/api/user/update-profile', (await signUp(t.app)).token, { field: 'avatar', bytes }, { name: 'Pic' }),
    storedUrl: (res) => res.json().data.user.avatar,
  },
  ...(['logo', 'banner'] as const).map(
    (kind): UploadRoute => ({
      name: `shop ${kind} (POST vendor/shop/${kind})`,
      code: 'image_invalid',
      field: 'image',
      send: (bytes) => postFile(`/api/vendor/shop/${kind}`, vendor.token, { field: 'image', bytes }),
      storedUrl: (res) => res.json().data.shop[kind].url,
    }),
  ),
  {
    name: "shop request's logo (POST user/shop-create-request)",
    code: 'image_invalid',
    field: 'logo',
    // A new customer each time: one pending request per account.
    send: async (bytes) =>
      postFile(
        '/api/user/shop-create-request',
        (await signUp(t.app)).token,
        { field: 'logo', bytes },
        {
          shop_name: 'Hackney Honey',
          description: 'Raw honey.',
          address: '12 Mare Street',
          postcode: 'E8 3RH',
          phone: '020 7946 0321',
        },
      ),
    storedUrl: (res) => res.json().data.logo.url,
  },
  {
    name: 'product pictures (POST vendor/products/:id/images)',
    code: 'image_invalid',
    field: 'images',
    send: (bytes) => postFile(`/api/vendor/products/${productId}/images`, vendor.token, { field: 'images', bytes }),
    storedUrl: (res) => res.json().data.images.at(-1).url,
  },
  {
    name: 'offer picture (POST vendor-offers/vendor/offers)',
    code: 'image_invalid',
    field: 'image',
    send: (bytes) =>
      postFile(
        '/api/vendor-offers/vendor/offers',
        vendor.token,
        { field: 'image', bytes },
        {
          title: 'Picture offer',
          description: 'With a picture',
          discount_type: 'percent',
          discount_value: '10',
          starts_at: new Date(Date.now() - HOUR).toISOString(),
          ends_at: new Date(Date.now() + HOUR).toISOString(),
        },
      ),
    storedUrl: (res) => res.json().data.offer.image,
  },
  {
    name: 'content picture (POST admin/content-images)',
    code: 'image_invalid',
    field: 'image',
    send: (bytes) => postFile('/api/admin/content-images', admin.token, { field: 'image', bytes }),
    storedUrl: (res) => res.json().data.image.url,
  },
];

/** Every file under DATA_DIR/uploads, to show a refused upload stored nothing. */
function storedFiles(): string[] {
  const root = t.app.uploadsDir;
  if (!existsSync(root)) return [];
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}

let bomb: Buffer;
beforeAll(async () => {
  t = await buildTestApp();
  // The shop request's postcode must be inside the delivery area (E8 is about 1.8 miles from E1 6AN).
  await t.database.db
    .insert(siteSettings)
    .values([
      { key: 'postcode', value: 'E1 6AN' },
      { key: 'delivery_radius_miles', value: '3' },
    ])
    .onConflictDoNothing();
  vendor = await signUpAs(t.app, t.database, 'vendor');
  admin = await signUpAs(t.app, t.database, 'admin');
  const product = await t.app.inject({
    method: 'POST',
    url: '/api/vendor/products',
    headers: bearer(vendor.token),
    payload: { name: 'Picture Jam', variations: [{ name: 'Jar', price: 300, stock: 2 }] },
  });
  expect(product.statusCode, product.body).toBe(201);
  productId = product.json().data.product.id;
  bomb = await pngBomb();
}, 60_000);
afterAll(async () => t?.close());

describe.each(routes)('$name', (route) => {
  it('refuses a header claiming too many pixels, and a real bomb, in the envelope, storing nothing', async () => {
    const before = storedFiles();
    for (const bytes of [pngClaiming(40_000, 40_000), pngClaiming(65_536, 32_768), bomb]) {
      const res = await route.send(bytes);
      expect(res.statusCode, res.body).toBe(422);
      const body = res.json();
      expect(body).toMatchObject({ status: false, code: route.code });
      expect(body.message).toMatch(/megapixels/);
      expect(Object.keys(body.errors)).toEqual([route.field]);
    }
    expect(storedFiles()).toEqual(before);
  });

  it('stores a PNG/HTML polyglot without its HTML, served as image/png with nosniff', async () => {
    const upload = await pngHtmlPolyglot();
    const res = await route.send(upload);
    expect(res.statusCode, res.body).toBeLessThan(300);
    const url = route.storedUrl(res);
    expect(url).toMatch(/^\/uploads\/[\w-]+\/[\w-]+\.png$/);
    const stored = readFileSync(path.join(t.app.uploadsDir, url.slice('/uploads/'.length)));
    expect(stored.equals(upload)).toBe(false);
    const text = stored.toString('latin1').toLowerCase();
    expect(text).not.toContain('<html');
    expect(text).not.toContain('<script');

    const served = await t.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.rawPayload.equals(stored)).toBe(true);
  });

  it('stores a photo upright and without its EXIF (GPS position, owner)', async () => {
    const res = await route.send(await jpegWithGps());
    expect(res.statusCode, res.body).toBeLessThan(300);
    const url = route.storedUrl(res);
    expect(url).toMatch(/\.jpg$/);
    const served = await t.app.inject({ method: 'GET', url });
    expect(served.headers['content-type']).toBe('image/jpeg');
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 20, height: 40 });
    expect(meta.exif).toBeUndefined();
    expect(served.rawPayload.includes('Jo Bloggs')).toBe(false);
  });
});
