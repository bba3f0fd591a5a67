import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, shopCreateRequests, shopStaff, shops, siteSettings, users } from '../../maintenance/schema';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { makeCategory, makeShop, signUpAs } from '../../test/manage-fixtures';
import { bearer, multipartPayload, signUp } from '../../test/test-support';

let t: TestApp;
let admin: string;

function asAdmin(method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: object) {
  return t.app.inject({ method, url, headers: bearer(admin), ...(payload !== undefined ? { payload } : {}) });
}

async function requestShop(userId: number, shopName: string) {
  const [row] = await t.database.db
    .insert(shopCreateRequests)
    .values({
      userId,
      shopName,
      phone: '020 7946 0000',
      email: 'shop@example.test',
      address: '2 Market Row',
      postcode: 'E1 6AN',
    })
    .returning();
  return row!;
}

const mailsTo = async (to: string) =>
  (await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, to))).map((m) => m.kind);
const mailOf = async (to: string, kind: string) =>
  (await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, to))).find((m) => m.kind === kind);

// A real 2x2 PNG: logos are checked by their content.
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP8z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==',
  'base64',
);

beforeAll(async () => {
  t = await buildTestApp();
  admin = (await signUpAs(t.app, t.database, 'admin')).token;
  // The delivery area a requester's postcode must lie in (E1 6AN, 3 miles).
  await t.database.db.insert(siteSettings).values([
    { key: 'postcode', value: 'E1 6AN' },
    { key: 'delivery_radius_miles', value: '3' },
  ]);
}, 60_000);
afterAll(async () => t?.close());

describe('shop-create requests', () => {
  it('accept creates the shop, makes the requester its vendor and mails them, once', async () => {
    const applicant = await signUp(t.app);
    const request = await requestShop(applicant.user.id, 'Brick Lane Bagels');
    const list = await asAdmin('GET', '/api/admin/shop-requests?status=pending');
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data.data.map((r: { id: number }) => r.id)).toContain(request.id);

    const res = await asAdmin('POST', `/api/admin/shop-requests/${request.id}/accept`);
    expect(res.statusCode, res.body).toBe(200);
    const { request: decided, shop } = res.json().data;
    expect(decided).toMatchObject({ status: 'accepted', shop_id: shop.id });
    expect(shop).toMatchObject({ name: 'Brick Lane Bagels', slug: 'brick-lane-bagels', status: 'active' });
    expect(shop.owner).toMatchObject({ id: applicant.user.id });

    const [user] = await t.database.db.select().from(users).where(eq(users.id, applicant.user.id));
    expect(user?.role).toBe('vendor');
    expect(await mailsTo(applicant.email)).toContain('shop-request-accepted');
    // The same token now works as the shop's vendor.
    const own = await t.app.inject({ method: 'GET', url: '/api/vendor/shop', headers: bearer(applicant.token) });
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().data.shop.id).toBe(shop.id);

    const again = await asAdmin('POST', `/api/admin/shop-requests/${request.id}/accept`);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('shop_request_not_pending');
    expect((await t.database.db.select().from(shops).where(eq(shops.name, 'Brick Lane Bagels'))).length).toBe(1);
  });

  it('a request sent with a category and a logo: the admin sees both, and the accepted shop has the logo', async () => {
    const applicant = await signUp(t.app, { name: 'Lola Logo' });
    const category = await makeCategory(t.database, 'Bakery Goods');
    const form = new FormData();
    for (const [key, value] of Object.entries({
      shop_name: 'Logo Loaves',
      description: 'Sourdough with a logo',
      category_id: String(category.id),
      address: '3 Brick Lane',
      postcode: 'E1 6QL',
      phone: '020 7946 0999',
    }))
      form.append(key, value);
    form.append('logo', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'logo.png');
    const { payload, headers } = await multipartPayload(form);
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/user/shop-create-request',
      payload,
      headers: { ...headers, ...bearer(applicant.token) },
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const logoUrl: string = sent.json().data.logo.url;

    const list = await asAdmin('GET', '/api/admin/shop-requests?search=Logo%20Loaves');
    expect(list.json().data.data[0]).toMatchObject({
      id: sent.json().data.id,
      category: { id: category.id, name: 'Bakery Goods' },
      logo: { url: logoUrl },
      user: { id: applicant.user.id, name: 'Lola Logo' },
    });

    const res = await asAdmin('POST', `/api/admin/shop-requests/${sent.json().data.id}/accept`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.request).toMatchObject({ status: 'accepted', logo: { url: logoUrl } });
    const [shop] = await t.database.db.select().from(shops).where(eq(shops.id, res.json().data.shop.id));
    expect(shop?.logo).toBe(logoUrl);
    // The shopkeeper sees it in the merchant site, shoppers on the shop's page.
    const own = await t.app.inject({ method: 'GET', url: '/api/vendor/shop', headers: bearer(applicant.token) });
    expect(own.json().data.shop.logo).toMatchObject({ url: logoUrl });
    const page = await t.app.inject({ method: 'GET', url: `/api/shop/${shop?.slug}` });
    expect(page.json().data.logo).toMatchObject({ url: logoUrl });
    // Stored as our re-encoding (lib/images.test.ts): the same picture, not the same bytes.
    const served = (await t.app.inject({ method: 'GET', url: logoUrl })).rawPayload;
    expect(await sharp(served).metadata()).toMatchObject({ format: 'png', width: 2, height: 2 });

    // The mail says where the merchant site is and how to sign in there.
    const mail = await mailOf(applicant.email, 'shop-request-accepted');
    expect(mail?.subject).toBe('Your shop Logo Loaves is open on Parade');
    expect(mail?.text).toContain(`Run it from the merchant site: ${t.config.adminUrl}`);
    expect(mail?.text).toContain(`Sign in there with the same e-mail address (${applicant.email}) and password`);
    expect(mail?.html).toContain(`href="${t.config.adminUrl}"`);
  });

  it('reject needs a reason, records it and mails it; nothing else changes', async () => {
    const applicant = await signUp(t.app);
    const request = await requestShop(applicant.user.id, 'Nope Noodles');
    const bare = await asAdmin('POST', `/api/admin/shop-requests/${request.id}/reject`, {});
    expect(bare.statusCode).toBe(422);
    const res = await asAdmin('POST', `/api/admin/shop-requests/${request.id}/reject`, { reason: 'Outside our area.' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.request).toMatchObject({
      status: 'rejected',
      admin_note: 'Outside our area.',
      shop_id: null,
    });
    const mail = await mailOf(applicant.email, 'shop-request-rejected');
    expect(mail?.text).toContain('your request to open "Nope Noodles" on Parade was not accepted');
    expect(mail?.text).toContain('Reason: Outside our area.');
    expect(mail?.text).toContain(`${t.config.publicUrl}/profile/shop`);
    const [user] = await t.database.db.select().from(users).where(eq(users.id, applicant.user.id));
    expect(user?.role).toBe('customer');
    expect((await t.database.db.select().from(shopStaff).where(eq(shopStaff.userId, applicant.user.id))).length).toBe(
      0,
    );
    expect((await asAdmin('POST', '/api/admin/shop-requests/999999/reject', { reason: 'x' })).statusCode).toBe(404);
  });
});

describe('shops', () => {
  it('suspending hides the shop and its products from the storefront; reactivating shows them', async () => {
    const vendor = await signUpAs(t.app, t.database, 'vendor');
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/vendor/products',
      headers: bearer(vendor.token),
      payload: { name: 'Suspendable Sourdough', variations: [{ name: 'Loaf', price: 450, stock: 4 }] },
    });
    expect(created.statusCode, created.body).toBe(201);
    const [shop] = await t.database.db.select().from(shops).where(eq(shops.id, vendor.shopId!));
    const count = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/products?search=suspendable' })).json().data.products.total;
    expect(await count()).toBe(1);

    const res = await asAdmin('PATCH', `/api/admin/shops/${shop!.id}`, { status: 'suspended' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.shop).toMatchObject({ status: 'suspended', product_count: 0 });
    expect(await count()).toBe(0);
    expect((await t.app.inject({ method: 'GET', url: `/api/shop/${shop!.slug}` })).statusCode).toBe(404);
    const listed = await asAdmin('GET', '/api/admin/shops?status=suspended');
    expect(listed.json().data.data.map((s: { id: number }) => s.id)).toContain(shop!.id);

    await asAdmin('PATCH', `/api/admin/shops/${shop!.id}`, { status: 'active' });
    expect(await count()).toBe(1);
    expect((await asAdmin('PATCH', '/api/admin/shops/999999', { status: 'active' })).statusCode).toBe(404);
    expect((await asAdmin('PATCH', `/api/admin/shops/${shop!.id}`, { status: 'deleted' })).statusCode).toBe(422);
  });
});

describe('site settings', () => {
  it('answers every key typed and writes only the keys sent, as the storefront reads them', async () => {
    const before = await asAdmin('GET', '/api/admin/settings');
    expect(before.statusCode, before.body).toBe(200);
    expect(Object.keys(before.json().data)).toContain('collection_locations');
    const res = await asAdmin('PUT', '/api/admin/settings', {
      site_title: 'Parade Test',
      enable_stripe_payment: false,
      delivery_radius_miles: 5,
      collection_locations: [{ value: 'Market Hall', note: 'By the clock' }],
      not_a_setting: 'x',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      site_title: 'Parade Test',
      enable_stripe_payment: false,
      delivery_radius_miles: 5,
      collection_locations: [{ value: 'Market Hall', note: 'By the clock' }],
    });
    const rows = await t.database.db.select().from(siteSettings);
    const stored = Object.fromEntries(rows.map((r) => [r.key, r.value]));
    expect(stored.delivery_radius_miles).toBe('5');
    expect(JSON.parse(stored.collection_locations ?? '')).toEqual([{ value: 'Market Hall', note: 'By the clock' }]);
    expect(stored.not_a_setting).toBeUndefined();

    const bad = await asAdmin('PUT', '/api/admin/settings', { delivery_radius_miles: -2, site_title: 'Changed' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.delivery_radius_miles).toBeDefined();
    const [title] = await t.database.db.select().from(siteSettings).where(eq(siteSettings.key, 'site_title'));
    expect(title?.value).toBe('Parade Test');
  });

  it('takes only a base postcode the geocoder can place, so delivery checks never fail on it', async () => {
    const distance = () => t.app.inject({ method: 'GET', url: '/api/get-distance?postcode=E1%202HQ&raw=0' });
    expect((await distance()).statusCode).toBe(200);
    for (const postcode of ['', '!!!', 'ZZ99 9ZZ']) {
      const res = await asAdmin('PUT', '/api/admin/settings', { postcode, site_title: 'Not saved' });
      expect(res.statusCode, `${postcode}: ${res.body}`).toBe(422);
      expect(res.json().errors.postcode).toHaveLength(1);
      expect(res.json().code).toBe(postcode === 'ZZ99 9ZZ' ? 'postcode_invalid' : 'validation_failed');
    }
    expect((await distance()).statusCode).toBe(200);
    const [title] = await t.database.db.select().from(siteSettings).where(eq(siteSettings.key, 'site_title'));
    expect(title?.value).not.toBe('Not saved');

    const moved = await asAdmin('PUT', '/api/admin/settings', { postcode: 'e1 6an' });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().data.postcode).toBe('E1 6AN');
    expect((await distance()).statusCode).toBe(200);
  });

  it('names every collection point once', async () => {
    const blank = await asAdmin('PUT', '/api/admin/settings', {
      collection_locations: [{ value: 'Market Hall' }, { value: '   ' }],
    });
    expect(blank.statusCode).toBe(422);
    expect(blank.json().errors['collection_locations.1.value']).toEqual(['Name the collection point.']);
    const twice = await asAdmin('PUT', '/api/admin/settings', {
      collection_locations: [{ value: 'Market Hall' }, { value: 'market hall ', note: 'Again' }],
    });
    expect(twice.statusCode).toBe(422);
    expect(twice.json().errors['collection_locations.1.value']).toEqual(['This collection point is already listed.']);
    const points = (await asAdmin('GET', '/api/admin/settings')).json().data.collection_locations;
    expect(points).not.toContainEqual({ value: '   ' });

    const trimmed = await asAdmin('PUT', '/api/admin/settings', {
      collection_locations: [{ value: ' Market Hall ', note: ' By the clock ' }],
    });
    expect(trimmed.json().data.collection_locations).toEqual([{ value: 'Market Hall', note: 'By the clock' }]);
  });
});

describe('users', () => {
  it('lists accounts without secrets and disables one: its token answers 401 at once, and for good', async () => {
    const shopper = await signUp(t.app, { name: 'Disable Me' });
    const list = await asAdmin('GET', `/api/admin/users?search=${encodeURIComponent(shopper.email)}`);
    expect(list.statusCode, list.body).toBe(200);
    const [found] = list.json().data.data;
    expect(found).toMatchObject({ id: shopper.user.id, disabled: false, role: 'customer' });
    expect(JSON.stringify(list.json())).not.toContain('scrypt');

    const res = await asAdmin('PATCH', `/api/admin/users/${shopper.user.id}`, { disabled: true, role: 'admin' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.user).toMatchObject({ disabled: true, role: 'customer' });
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(shopper.token) });
    expect(me.statusCode).toBe(401);

    // Enabled again, the account signs in anew: the token taken before stays dead.
    await asAdmin('PATCH', `/api/admin/users/${shopper.user.id}`, { disabled: false });
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(shopper.token) })).statusCode,
    ).toBe(401);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: shopper.email, password: shopper.password },
    });
    expect(again.statusCode, again.body).toBe(200);
    const token = again.json().data.access_token as string;
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) })).statusCode).toBe(200);
    expect((await asAdmin('PATCH', '/api/admin/users/999999', { disabled: true })).statusCode).toBe(404);
  });

  it('a vendor shop made by hand is listed with its owner', async () => {
    const shop = await makeShop(t.database, { name: 'Owner Check' });
    const vendor = await signUpAs(t.app, t.database, 'vendor', { shopId: shop.id });
    const res = await asAdmin('GET', '/api/admin/shops?search=owner-check');
    expect(res.json().data.data[0].owner).toMatchObject({ id: vendor.user.id });
    // The shop's e-mail is one of the human fields `search` matches (the contract).
    await t.database.db.update(shops).set({ email: 'hello@owner-check.test' }).where(eq(shops.id, shop.id));
    const byEmail = await asAdmin('GET', '/api/admin/shops?search=HELLO@owner-check');
    expect(byEmail.json().data.data.map((s: { id: number }) => s.id)).toEqual([shop.id]);
  });
});
