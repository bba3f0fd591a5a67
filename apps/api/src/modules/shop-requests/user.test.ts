import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { SHOP_LOGO_MAX_BYTES, shopRequestMessages } from '@parade/core/shop-request-schemas';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shopCreateRequests, siteSettings } from '../../maintenance/schema';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { makeCategory, signUpAs } from '../../test/manage-fixtures';
import { bearer, multipartPayload, signUp } from '../../test/test-support';

let t: TestApp;

/** E8 (Hackney) is about 1.8 miles from the base E1 6AN: inside the 3-mile delivery area. */
const request = {
  shop_name: 'Hackney Honey',
  description: 'Raw honey from East London hives.',
  address: '12 Mare Street',
  postcode: 'e8 3rh',
  phone: '020 7946 0321',
};

// A real 2x2 PNG: logos are checked by their content.
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP8z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==',
  'base64',
);

/** The delivery area: the marketplace's base postcode and radius, as the admin's settings hold them. */
async function setDeliveryArea(app: TestApp, postcode = 'E1 6AN', radiusMiles = '3') {
  await app.database.db
    .insert(siteSettings)
    .values([
      { key: 'postcode', value: postcode },
      { key: 'delivery_radius_miles', value: radiusMiles },
    ])
    .onConflictDoNothing();
}

function call(token: string | undefined, method: 'GET' | 'POST', url: string, payload?: object) {
  return t.app.inject({
    method,
    url: `/api/user/shop-create-request${url}`,
    headers: token ? bearer(token) : {},
    ...(payload ? { payload } : {}),
  });
}

/** POST user/shop-create-request as multipart/form-data, as the storefront sends it with a logo. */
async function postMultipart(
  app: TestApp,
  token: string,
  fields: Record<string, string>,
  logo?: { bytes: Buffer; name: string; type: string },
) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  if (logo) form.append('logo', new Blob([new Uint8Array(logo.bytes)], { type: logo.type }), logo.name);
  const { payload, headers } = await multipartPayload(form);
  return app.app.inject({
    method: 'POST',
    url: '/api/user/shop-create-request',
    payload,
    headers: { ...headers, ...bearer(token) },
  });
}

const ownRows = (userId: number) =>
  t.database.db.select().from(shopCreateRequests).where(eq(shopCreateRequests.userId, userId));

const logoFiles = () => {
  const dir = path.join(t.app.uploadsDir, 'shop-requests');
  return existsSync(dir) ? readdirSync(dir) : [];
};

beforeAll(async () => {
  t = await buildTestApp();
  await setDeliveryArea(t);
}, 60_000);
afterAll(async () => t?.close());

describe('a customer’s shop-create request', () => {
  it('is sent in the account’s name, one pending at a time, and reaches the platform’s queue', async () => {
    const customer = await signUp(t.app, { email: 'hana.honey@example.test' });
    const category = await makeCategory(t.database, 'Honey and Preserves');
    expect((await call(customer.token, 'GET', '')).json()).toEqual({ status: true, data: null });

    const res = await call(customer.token, 'POST', '', {
      ...request,
      description: 'Raw honey from East London hives.',
      category_id: category.id,
      status: 'accepted',
      shop_id: 1,
      email: 'someone.else@example.test',
      logo: '/uploads/products/not-mine.png',
    });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json().data;
    expect(created).toMatchObject({
      shop_name: 'Hackney Honey',
      description: 'Raw honey from East London hives.',
      category: { id: category.id, name: 'Honey and Preserves' },
      logo: null,
      postcode: 'E8 3RH',
      email: 'hana.honey@example.test',
      status: 'pending',
      shop_id: null,
      admin_note: null,
    });
    expect((await call(customer.token, 'GET', '')).json().data).toMatchObject({
      id: created.id,
      status: 'pending',
      category: { id: category.id, name: 'Honey and Preserves' },
    });

    const second = await call(customer.token, 'POST', '', { ...request, shop_name: 'Hackney Honey Two' });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({
      status: false,
      code: 'shop_request_pending',
      message: shopRequestMessages.pending,
    });
    // Multipart with a logo is refused the same way, and its file is never stored.
    const before = logoFiles().length;
    const third = await postMultipart(
      t,
      customer.token,
      { ...request, shop_name: 'Hackney Honey Three' },
      {
        bytes: png,
        name: 'logo.png',
        type: 'image/png',
      },
    );
    expect(third.statusCode).toBe(409);
    expect(logoFiles()).toHaveLength(before);
    expect(await ownRows(customer.user.id)).toHaveLength(1);

    const admin = await signUpAs(t.app, t.database, 'admin');
    const queue = await t.app.inject({
      method: 'GET',
      url: '/api/admin/shop-requests?status=pending&search=Hackney',
      headers: bearer(admin.token),
    });
    const listed = queue.json().data.data;
    expect(listed.map((r: { id: number }) => r.id)).toEqual([created.id]);
    expect(listed[0]).toMatchObject({ category: { id: category.id, name: 'Honey and Preserves' }, logo: null });
  });

  it('refuses an invalid request with field errors and stores nothing', async () => {
    const customer = await signUp(t.app);
    const res = await call(customer.token, 'POST', '', { shop_name: ' ', postcode: 'not a postcode', phone: 'abc' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ status: false, code: 'validation_failed' });
    expect(Object.keys(res.json().errors).sort()).toEqual(['address', 'description', 'phone', 'postcode', 'shop_name']);
    expect(res.json().errors.description).toEqual([shopRequestMessages.descriptionMissing]);
    expect((await call(customer.token, 'GET', '')).json().data).toBeNull();
  });

  it('refuses an unknown category on category_id and stores nothing', async () => {
    const customer = await signUp(t.app);
    for (const category_id of [999_999, 'abc']) {
      const res = await call(customer.token, 'POST', '', { ...request, category_id });
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json()).toMatchObject({ code: 'validation_failed' });
      expect(res.json().errors.category_id).toEqual([shopRequestMessages.categoryUnknown]);
    }
    expect(await ownRows(customer.user.id)).toHaveLength(0);
  });

  it('needs a postcode within the delivery area: an invalid, unknown or far one is refused on the field', async () => {
    const customer = await signUp(t.app);
    // Spec section 5's rule (the message names what was typed).
    const malformed = await call(customer.token, 'POST', '', { ...request, postcode: 'E1' });
    expect(malformed.statusCode).toBe(422);
    expect(malformed.json().errors.postcode).toEqual(['PLEASE SELECT A VALID POSTCODE, "E1" IS NOT VALID']);
    // Well formed, but the geocoder knows no such place.
    const unknown = await call(customer.token, 'POST', '', { ...request, postcode: 'zz9 9zz' });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json()).toMatchObject({ code: 'postcode_invalid' });
    expect(unknown.json().errors.postcode).toEqual(['PLEASE SELECT A VALID POSTCODE, "ZZ9 9ZZ" IS NOT VALID']);
    // Manchester is a real place, some 160 miles from the parade.
    const far = await call(customer.token, 'POST', '', { ...request, postcode: 'm1 1ae' });
    expect(far.statusCode).toBe(422);
    expect(far.json()).toMatchObject({ code: 'delivery_out_of_range' });
    expect(far.json().message).toMatch(/^M1 1AE is outside our delivery area: .* within 3 miles of the parade/);
    expect(far.json().errors.postcode).toEqual([far.json().message]);
    expect(await ownRows(customer.user.id)).toHaveLength(0);
    expect((await call(customer.token, 'GET', '')).json().data).toBeNull();
  });

  it('can be cancelled while pending, after which a new one may be sent', async () => {
    const customer = await signUp(t.app);
    const none = await call(customer.token, 'POST', '/cancel');
    expect(none.statusCode).toBe(404);
    expect(none.json().code).toBe('shop_request_not_found');

    expect((await call(customer.token, 'POST', '', request)).statusCode).toBe(201);
    const cancelled = await call(customer.token, 'POST', '/cancel');
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().data.status).toBe('cancelled');
    const again = await call(customer.token, 'POST', '/cancel');
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('shop_request_not_pending');

    const next = await call(customer.token, 'POST', '', { ...request, shop_name: 'Hackney Honey Again' });
    expect(next.statusCode).toBe(201);
    expect((await call(customer.token, 'GET', '')).json().data).toMatchObject({
      shop_name: 'Hackney Honey Again',
      status: 'pending',
    });
    const rows = await ownRows(customer.user.id);
    expect(rows.map((r) => r.status).sort()).toEqual(['cancelled', 'pending']);
  });

  it('is the caller’s own: another user neither sees nor cancels it', async () => {
    const owner = await signUp(t.app);
    const other = await signUp(t.app);
    const created = await call(owner.token, 'POST', '', { ...request, shop_name: 'Private Pickles' });
    expect(created.statusCode).toBe(201);

    expect((await call(other.token, 'GET', '')).json().data).toBeNull();
    const cancel = await call(other.token, 'POST', '/cancel');
    expect(cancel.statusCode).toBe(404);
    expect(cancel.json()).toMatchObject({ status: false, code: 'shop_request_not_found' });
    expect((await call(owner.token, 'GET', '')).json().data).toMatchObject({
      id: created.json().data.id,
      status: 'pending',
    });
  });

  it('needs a signed-in user', async () => {
    expect((await call(undefined, 'GET', '')).statusCode).toBe(401);
    expect((await call(undefined, 'POST', '', request)).statusCode).toBe(401);
    expect((await call(undefined, 'POST', '/cancel')).statusCode).toBe(401);
  });
});

describe('the logo', () => {
  it('is sent as multipart, checked by content, stored under /uploads/ and served', async () => {
    const customer = await signUp(t.app);
    const category = await makeCategory(t.database, 'Logos Category');
    const res = await postMultipart(
      t,
      customer.token,
      { ...request, description: 'With a logo', category_id: String(category.id) },
      // The name and stated type say text: only the bytes count.
      { bytes: png, name: 'logo.txt', type: 'text/plain' },
    );
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json().data;
    expect(created).toMatchObject({ category: { id: category.id }, logo: { url: expect.any(String) } });
    expect(created.logo.url).toMatch(/^\/uploads\/shop-requests\/[\w-]+\.png$/);

    const served = await t.app.inject({ method: 'GET', url: created.logo.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    // Stored as our re-encoding (lib/images.test.ts): the same picture, not the same bytes.
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ format: 'png', width: 2, height: 2 });
  });

  it('with an empty file input is no logo, and multipart needs the same fields', async () => {
    const customer = await signUp(t.app);
    const bare = await postMultipart(t, customer.token, { shop_name: 'No Fields' });
    expect(bare.statusCode).toBe(422);
    expect(Object.keys(bare.json().errors).sort()).toEqual(['address', 'description', 'phone', 'postcode']);
    const res = await postMultipart(
      t,
      customer.token,
      { ...request, category_id: '' },
      {
        bytes: Buffer.alloc(0),
        name: '',
        type: 'application/octet-stream',
      },
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ logo: null, category: null });
  });

  it('refuses a file that is not a picture, or is too large, and stores nothing', async () => {
    const customer = await signUp(t.app);
    const before = logoFiles().length;
    const svg = await postMultipart(t, customer.token, request, {
      bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      name: 'logo.png',
      type: 'image/png',
    });
    expect(svg.statusCode).toBe(422);
    expect(svg.json()).toMatchObject({ code: 'image_invalid', errors: { logo: [shopRequestMessages.logoInvalid] } });

    const huge = Buffer.concat([png, Buffer.alloc(SHOP_LOGO_MAX_BYTES)]);
    const large = await postMultipart(t, customer.token, request, { bytes: huge, name: 'big.png', type: 'image/png' });
    expect(large.statusCode).toBe(422);
    expect(large.json()).toMatchObject({ code: 'image_invalid', errors: { logo: [shopRequestMessages.logoTooLarge] } });

    expect(logoFiles()).toHaveLength(before);
    expect(await ownRows(customer.user.id)).toHaveLength(0);
  });

  it('is not kept when the request is refused after the logo was checked', async () => {
    const customer = await signUp(t.app);
    const before = logoFiles().length;
    // Far away: refused after the logo was checked, before anything is kept.
    const res = await postMultipart(
      t,
      customer.token,
      { ...request, postcode: 'G1 1DN' },
      {
        bytes: png,
        name: 'logo.png',
        type: 'image/png',
      },
    );
    expect(res.statusCode).toBe(422);
    expect(logoFiles()).toHaveLength(before);
  });
});

describe('who may ask', () => {
  it('a vendor already runs a shop: 409 already_a_vendor, nothing stored', async () => {
    const vendor = await signUpAs(t.app, t.database, 'vendor');
    const res = await call(vendor.token, 'POST', '', request);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      status: false,
      code: 'already_a_vendor',
      message: shopRequestMessages.alreadyVendor,
    });
    expect(await ownRows(vendor.user.id)).toHaveLength(0);
    // Reading their (absent) request is fine.
    expect((await call(vendor.token, 'GET', '')).json()).toEqual({ status: true, data: null });
  });

  it('a platform admin may not: 403', async () => {
    const admin = await signUpAs(t.app, t.database, 'admin');
    const res = await call(admin.token, 'POST', '', request);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'forbidden', message: shopRequestMessages.adminCannotRequest });
    expect(await ownRows(admin.user.id)).toHaveLength(0);
  });
});

describe('while the geocoder is down', () => {
  let down: TestApp;
  beforeAll(async () => {
    // postcodes.io on a port nobody listens on: every look-up fails to connect.
    down = await buildTestApp({ env: { GEOCODER: 'postcodes.io', POSTCODES_IO_URL: 'http://127.0.0.1:9' } });
    await setDeliveryArea(down);
  }, 60_000);
  afterAll(async () => down?.close());

  it('answers 503 and stores nothing', async () => {
    const customer = await signUp(down.app);
    const res = await down.app.inject({
      method: 'POST',
      url: '/api/user/shop-create-request',
      headers: bearer(customer.token),
      payload: request,
    });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ status: false, code: 'service_unavailable' });
    const rows = await down.database.db
      .select()
      .from(shopCreateRequests)
      .where(eq(shopCreateRequests.userId, customer.user.id));
    expect(rows).toHaveLength(0);
  });
});
