import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { offers, products, productVariations, shopCreateRequests, shops, users } from '../maintenance/schema';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import { signUpAs } from '../test/manage-fixtures';
import { realImage } from '../test/test-images';
import { bearer, signUp } from '../test/test-support';

/**
 * Malformed multipart/form-data on every route that reads one (issue 14): a Content-Type with
 * no boundary, a body that ends inside a part, garbage, more parts than the route takes and a
 * prototype-polluting field name are the client's mistake: 400 `invalid_multipart` in the
 * envelope, and nothing is written (no row, no file). A well-formed form with the wrong part
 * names, or a file where a text field belongs, is read as a form missing those fields: the
 * route's own 422.
 */
let t: TestApp;
let customer: string;
let vendor: string;
let admin: string;
let productId: number;
let digitalVariationId: number;
let offerId: number;

interface MultipartRoute {
  method: 'POST' | 'PUT';
  url: () => string;
  token: () => string;
  /** The text fields of a valid form, so only the tested fault makes it fail. */
  fields: Record<string, string>;
  file: string;
}

const routes: Record<string, MultipartRoute> = {
  'POST user/update-profile': {
    method: 'POST',
    url: () => '/api/user/update-profile',
    token: () => customer,
    fields: { name: 'Form Person' },
    file: 'avatar',
  },
  'POST user/shop-create-request': {
    method: 'POST',
    url: () => '/api/user/shop-create-request',
    token: () => customer,
    fields: {
      shop_name: 'Form Shop',
      description: 'Forms and more forms.',
      address: '12 Mare Street',
      postcode: 'E8 3RH',
      phone: '020 7946 0321',
    },
    file: 'logo',
  },
  'POST vendor/shop/logo': {
    method: 'POST',
    url: () => '/api/vendor/shop/logo',
    token: () => vendor,
    fields: {},
    file: 'image',
  },
  'POST vendor/shop/banner': {
    method: 'POST',
    url: () => '/api/vendor/shop/banner',
    token: () => vendor,
    fields: {},
    file: 'image',
  },
  'POST vendor/products/{id}/images': {
    method: 'POST',
    url: () => `/api/vendor/products/${productId}/images`,
    token: () => vendor,
    fields: {},
    file: 'images',
  },
  'POST vendor/variations/{id}/digital-file': {
    method: 'POST',
    url: () => `/api/vendor/variations/${digitalVariationId}/digital-file`,
    token: () => vendor,
    fields: {},
    file: 'file',
  },
  'POST vendor-offers/vendor/offers': {
    method: 'POST',
    url: () => '/api/vendor-offers/vendor/offers',
    token: () => vendor,
    fields: {
      title: 'Form offer',
      description: 'Sent as a form',
      discount_type: 'percent',
      discount_value: '10',
      starts_at: '2030-01-01T00:00:00.000Z',
      ends_at: '2030-02-01T00:00:00.000Z',
    },
    file: 'image',
  },
  'PUT vendor-offers/vendor/offers/{id}': {
    method: 'PUT',
    url: () => `/api/vendor-offers/vendor/offers/${offerId}`,
    token: () => vendor,
    fields: { title: 'Renamed by a form' },
    file: 'image',
  },
  'POST admin/content-images': {
    method: 'POST',
    url: () => '/api/admin/content-images',
    token: () => admin,
    fields: {},
    file: 'image',
  },
};

const BOUNDARY = 'ParadeFormBoundary7MA4YWxk';
const CRLF = '\r\n';
const textPart = (name: string, value: string) =>
  `--${BOUNDARY}${CRLF}Content-Disposition: form-data; name="${name}"${CRLF}${CRLF}${value}${CRLF}`;
const filePart = (name: string, bytes: Buffer) =>
  Buffer.concat([
    Buffer.from(
      `--${BOUNDARY}${CRLF}Content-Disposition: form-data; name="${name}"; filename="picture.png"${CRLF}` +
        `Content-Type: image/png${CRLF}${CRLF}`,
    ),
    bytes,
    Buffer.from(CRLF),
  ]);

/** A complete, valid form for the route: its text fields and one picture. */
function validForm(route: MultipartRoute, picture: Buffer): Buffer {
  return Buffer.concat([
    Buffer.from(
      Object.entries(route.fields)
        .map(([name, value]) => textPart(name, value))
        .join(''),
    ),
    filePart(route.file, picture),
    Buffer.from(`--${BOUNDARY}--${CRLF}`),
  ]);
}

function send(route: MultipartRoute, contentType: string, payload: Buffer | string) {
  return t.app.inject({
    method: route.method,
    url: route.url(),
    headers: { ...bearer(route.token()), 'content-type': contentType },
    payload,
  });
}
const withBoundary = `multipart/form-data; boundary=${BOUNDARY}`;

/** Everything a refused form could have written: the rows these routes write, and every file. */
async function state() {
  const db = t.database.db;
  const files = (dir: string) =>
    existsSync(dir) ? readdirSync(dir, { recursive: true }).map(String).sort() : ([] as string[]);
  return {
    users: await db.select().from(users).orderBy(asc(users.id)),
    shops: await db.select().from(shops).orderBy(asc(shops.id)),
    products: await db.select().from(products).orderBy(asc(products.id)),
    variations: await db.select().from(productVariations).orderBy(asc(productVariations.id)),
    offers: await db.select().from(offers).orderBy(asc(offers.id)),
    requests: await db.select().from(shopCreateRequests).orderBy(asc(shopCreateRequests.id)),
    uploads: files(t.app.uploadsDir),
    digital: files(path.join(t.config.dataDir, 'digital')),
  };
}

let picture: Buffer;
beforeAll(async () => {
  t = await buildTestApp();
  customer = (await signUp(t.app)).token;
  vendor = (await signUpAs(t.app, t.database, 'vendor')).token;
  admin = (await signUpAs(t.app, t.database, 'admin')).token;
  const create = async (payload: object) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/vendor/products', headers: bearer(vendor), payload });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data.product;
  };
  productId = (await create({ name: 'Form Jam', variations: [{ name: 'Jar', price: 300, stock: 2 }] })).id;
  const digital = await create({ name: 'Form Guide', type: 'Digital', variations: [{ name: 'PDF', price: 500 }] });
  digitalVariationId = digital.variations[0].id;
  const offer = await t.app.inject({
    method: 'POST',
    url: '/api/vendor-offers/vendor/offers',
    headers: bearer(vendor),
    payload: { ...routes['POST vendor-offers/vendor/offers']?.fields, discount_value: 10 },
  });
  expect(offer.statusCode, offer.body).toBe(201);
  offerId = offer.json().data.offer.id;
  // Large enough that a cut inside the file leaves most of it unread.
  picture = await realImage(64, 64);
}, 60_000);
afterAll(async () => t?.close());

describe.each(Object.entries(routes))('%s', (_name, route) => {
  it('answers a malformed form with 400 invalid_multipart in the envelope and writes nothing', async () => {
    const form = validForm(route, picture);
    const before = await state();
    const malformed: [string, string, Buffer | string][] = [
      ['no boundary', 'multipart/form-data', form],
      ['an empty boundary', 'multipart/form-data; boundary=', form],
      ['a body cut inside the file', withBoundary, form.subarray(0, form.length - picture.length / 2)],
      ['a body without its closing boundary', withBoundary, form.subarray(0, form.length - 10)],
      ['garbage', withBoundary, 'this is not a form at all'],
      [
        'more parts than the route takes',
        withBoundary,
        `${Array.from({ length: 40 }, (_, i) => textPart(`f${i}`, 'x')).join('')}--${BOUNDARY}--${CRLF}`,
      ],
      ['a prototype field name', withBoundary, `${textPart('__proto__', 'x')}--${BOUNDARY}--${CRLF}`],
    ];
    for (const [fault, contentType, payload] of malformed) {
      const res = await send(route, contentType, payload);
      expect(res.statusCode, `${fault}: ${res.body}`).toBe(400);
      expect(res.json(), fault).toEqual({
        status: false,
        message: expect.any(String),
        code: 'invalid_multipart',
        errors: {},
      });
    }
    expect(await state()).toEqual(before);
  });

  it('reads wrong part names, or a file where a field belongs, as missing fields: 422, nothing written', async () => {
    const before = await state();
    const wrongNames = Buffer.concat([
      Buffer.from(
        Object.keys(route.fields)
          .map((name) => textPart(`${name}_x`, 'x'))
          .join(''),
      ),
      filePart(`${route.file}_x`, picture),
      Buffer.from(`--${BOUNDARY}--${CRLF}`),
    ]);
    // The first text field sent as a file (the routes take one file, so only one), the rest as text.
    const [first, ...rest] = Object.entries(route.fields);
    const filesForFields = Buffer.concat([
      ...(first ? [filePart(first[0], Buffer.from(first[1]))] : []),
      Buffer.from(rest.map(([name, value]) => textPart(name, value)).join('')),
      Buffer.from(`--${BOUNDARY}--${CRLF}`),
    ]);
    for (const [fault, payload] of [
      ['wrong part names', wrongNames],
      ['files where fields belong', filesForFields],
    ] as const) {
      const res = await send(route, withBoundary, payload);
      // The offer update takes any subset of its fields: a form with none of them changes nothing.
      const expected = route.method === 'PUT' ? 200 : 422;
      expect(res.statusCode, `${fault}: ${res.body}`).toBe(expected);
      if (expected === 422) expect(res.json(), fault).toMatchObject({ status: false, code: expect.any(String) });
    }
    const after = await state();
    if (route.method === 'PUT') {
      // Only the offer's updated_at may move.
      after.offers = after.offers.map((row, i) => ({
        ...row,
        updatedAt: before.offers[i]?.updatedAt ?? row.updatedAt,
      }));
    }
    expect(after).toEqual(before);
  });
});
